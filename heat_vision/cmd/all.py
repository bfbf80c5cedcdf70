"""heat-vision-all: API and engine in one process, the embedded default.

With no configuration it keeps a sqlite database under ``state_path``
(created, and migrated, on start) and passes RPC in memory.
"""

from oslo_config import cfg

from heat_vision.api import server as api_server
from heat_vision import cmd
from heat_vision.db.migration import db_sync
from heat_vision.engine import server as engine_server

CONF = cfg.CONF


def main():
    cmd.prepare()
    cmd.ensure_state_path()
    db_sync()
    engine = engine_server.EngineServer()
    engine.start()
    api = api_server.APIServer()
    api.start()
    print('heat-vision is serving the Heat v1 API at %s/v1/<tenant>'
          % api.url, flush=True)
    cmd.wait_for_signal()
    api.stop()
    engine.stop()
