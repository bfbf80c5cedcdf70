"""How the task system runs TaskFlow engines in this process.

The parallel engine creates (and, finishing, joins) a thread pool per run
unless it is handed one: that join cost about one second per job here, so
every engine shares one pool.
"""

import threading

import futurist
from oslo_config import cfg

from heat_vision.tasks import persistence

CONF = cfg.CONF
ENGINE = 'parallel'

_LOCK = threading.Lock()
_EXECUTOR = None


def executor():
    """:returns: the process's pool that runs task atoms."""
    global _EXECUTOR
    with _LOCK:
        if _EXECUTOR is None:
            _EXECUTOR = futurist.ThreadPoolExecutor(CONF.tasks.workers)
        return _EXECUTOR


def options():
    """:returns: the keyword arguments of ``taskflow.engines.load*``."""
    return {'executor': executor(), 'backend': persistence.get_backend()}


def shutdown():
    global _EXECUTOR
    with _LOCK:
        pool, _EXECUTOR = _EXECUTOR, None
    if pool is not None:
        pool.shutdown(wait=False)
