#    Licensed under the Apache License, Version 2.0 (the "License"); you may
#    not use this file except in compliance with the License. You may obtain
#    a copy of the License at
#
#         http://www.apache.org/licenses/LICENSE-2.0
#
#    Unless required by applicable law or agreed to in writing, software
#    distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
#    WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
#    License for the specific language governing permissions and limitations
#    under the License.

"""heat-vision-all: API and engine in one process, the embedded default.

With no configuration it keeps a sqlite database under ``state_path``
(created, and migrated, on start) and passes RPC in memory.
"""

import sys

from oslo_config import cfg

from heat_vision import cmd
from heat_vision.cmd import api as api_cmd
from heat_vision.cmd import demo
from heat_vision.db.migration import db_sync
from heat_vision.engine import server as engine_server

CONF = cfg.CONF

demo_opt = cfg.BoolOpt('demo', default=False,
                       help='Once started, create the hello-world example '
                            'stack through the API and print its outputs.')


def main():
    api_cmd.import_pecan()
    cmd.prepare(extra_cli_opts=[demo_opt])
    cmd.require_trustee('heat-vision-all')
    cmd.catch_signals()
    cmd.require_extras(database=True, tasks=True)
    cmd.ensure_state_path()
    if CONF.api.workers > 1:
        sys.exit('heat-vision-all serves the API in its engine\'s process '
                 '(in-process transport): [api] workers must be 1. Run '
                 'heat-vision-api and heat-vision-engine on a network '
                 'transport for API worker processes.')
    api = cmd.bind_api()
    db_sync()
    engine = engine_server.EngineServer()
    engine.start()
    api.start()
    print('heat-vision is serving the Heat v1 API at %s/v1/<tenant>'
          % api.url, flush=True)
    if CONF.demo:
        demo.run(api.url)
    cmd.serve(api.stop, engine.stop)
