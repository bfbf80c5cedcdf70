"""Console scripts: tiny mains over the service modules."""

import os
import signal
import sys
import threading

from oslo_config import cfg
from oslo_log import log as logging

from heat_vision import conf as hv_conf
from heat_vision import version

CONF = cfg.CONF


def prepare(argv=None, extra_cli_opts=()):
    """Register options, parse the command line and files, set up logs."""
    hv_conf.register_all(CONF)
    logging.register_options(CONF)
    CONF.register_cli_opts(extra_cli_opts)
    CONF(sys.argv[1:] if argv is None else argv, project='heat-vision',
         version=version.version_string())
    logging.setup(CONF, 'heat-vision')


def ensure_state_path():
    os.makedirs(CONF.state_path, mode=0o700, exist_ok=True)


def require_network_transport(binary):
    """Separate processes cannot share the in-process transport."""
    if CONF.transport_url.startswith('inproc:'):
        sys.exit('%s runs as its own process and needs a network '
                 'transport: set [DEFAULT] transport_url (for example '
                 'rabbit://guest:guest@127.0.0.1:5672/), or run '
                 'heat-vision-all for the embedded mode.' % binary)


def wait_for_signal():
    """Block until SIGTERM or SIGINT."""
    stop = threading.Event()
    for signum in (signal.SIGTERM, signal.SIGINT):
        signal.signal(signum, lambda *_: stop.set())
    while not stop.wait(3600):
        pass


def bind_api():
    """The API server, bound to its port, or exit saying why not."""
    from heat_vision.api import server
    try:
        return server.APIServer()
    except OSError as exc:
        sys.exit('Cannot listen on %s:%s: %s. Set [api] bind_host and '
                 'bind_port in the configuration file.'
                 % (CONF.api.bind_host, CONF.api.bind_port, exc.strerror))
