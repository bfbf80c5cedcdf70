"""Entry point of oslo-config-generator (``oslo.config.opts``)."""

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

_MODULES = (paths, api, autoscaling, cep, clients, database, engine,
            limits, middleware, monitoring, rpc, tasks, translators, trusts,
            url_fetch, relay)


def list_opts():
    grouped = {}
    for module in _MODULES:
        for group, opts in module.list_opts().items():
            grouped.setdefault(group, []).extend(opts)
    return [(group, opts) for group, opts in grouped.items()]


def set_defaults():
    """Defaults that differ from the libraries' own (``.defaults`` hook)."""
    from oslo_config import cfg
    database.register_opts(cfg.CONF)
    middleware.register_opts(cfg.CONF)
