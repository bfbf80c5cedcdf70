"""The policy enforcer and the one ``authorize`` call the API makes."""

import threading

from oslo_config import cfg
from oslo_policy import policy

from heat_vision.common import exception
from heat_vision import policies

CONF = cfg.CONF

_LOCK = threading.Lock()
_ENFORCER = None


def get_enforcer():
    """The process's enforcer (also the ``oslo.policy.enforcer`` hook)."""
    global _ENFORCER
    with _LOCK:
        if _ENFORCER is None:
            _ENFORCER = policy.Enforcer(CONF)
            _ENFORCER.register_defaults(policies.list_rules())
        return _ENFORCER


def reset():
    global _ENFORCER
    with _LOCK:
        _ENFORCER = None


def authorize(context, rule, target):
    """:raises: Forbidden unless ``rule`` allows ``context`` on ``target``."""
    try:
        get_enforcer().authorize(rule, target, context,
                                 do_raise=True, exc=exception.Forbidden)
    except policy.InvalidScope:
        raise exception.Forbidden()
