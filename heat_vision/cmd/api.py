"""heat-vision-api: the REST API, reaching engines over the network."""

from heat_vision import cmd


def main():
    cmd.prepare()
    cmd.catch_signals()
    cmd.require_network_transport('heat-vision-api')
    api = cmd.bind_api()
    api.start()
    cmd.serve(api.stop)
