"""heat-vision-api: the REST API, reaching engines over the network."""

from heat_vision.api import server
from heat_vision import cmd


def main():
    cmd.prepare()
    cmd.require_network_transport('heat-vision-api')
    api = server.APIServer()
    api.start()
    cmd.wait_for_signal()
    api.stop()
