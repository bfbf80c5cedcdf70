"""heat-vision-engine: one orchestration engine; run as many as needed."""

from heat_vision import cmd
from heat_vision.engine import server


def main():
    cmd.prepare()
    cmd.require_trustee('heat-vision-engine')
    cmd.catch_signals()
    cmd.require_network_transport('heat-vision-engine')
    cmd.require_extras(database=True, tasks=True)
    engine = server.EngineServer()
    engine.start()
    cmd.serve(engine.stop)
