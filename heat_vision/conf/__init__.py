"""Configuration options of heat-vision, one module per area.

``register_all`` is idempotent; every process and test calls it on the
global ``cfg.CONF`` (oslo.messaging registers its own options there too).
"""

from oslo_config import cfg

from heat_vision.conf import api
from heat_vision.conf import autoscaling
from heat_vision.conf import cep
from heat_vision.conf import clients
from heat_vision.conf import database
from heat_vision.conf import engine
from heat_vision.conf import limits
from heat_vision.conf import middleware
from heat_vision.conf import monitoring
from heat_vision.conf import paths
from heat_vision.conf import relay
from heat_vision.conf import rpc
from heat_vision.conf import tasks
from heat_vision.conf import translators
from heat_vision.conf import trusts
from heat_vision.conf import url_fetch

CONF = cfg.CONF

_MODULES = (paths, api, autoscaling, cep, clients, database, engine,
            limits, middleware, monitoring, rpc, tasks, translators, trusts,
            url_fetch, relay)


def register_all(conf=CONF):
    for module in _MODULES:
        module.register_opts(conf)


register_all(CONF)
