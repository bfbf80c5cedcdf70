"""How the task system runs TaskFlow engines in this process.

The parallel engine creates (and, finishing, joins) a thread pool per run
unless it is handed one: that join cost about one second per job here, so
every engine shares one pool. ``load_run`` builds the engine directly:
``taskflow.engines.load*`` looks the engine class up with stevedore on
every call, which scans the installed packages' entry points each time
(about a third of the CPU a three-task run costs on this machine).
"""

import threading

import futurist
from oslo_config import cfg
from taskflow import engines
from taskflow.engines.action_engine import engine as action_engine

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


def load_run(flow_detail):
    """:returns: the engine of a stored run, its store injected."""
    flow = engines.flow_from_detail(flow_detail)
    engine = action_engine.ParallelActionEngine(
        flow, flow_detail, persistence.get_backend(),
        {'executor': executor()})
    store = (flow_detail.meta or {}).get('store')
    if store:
        engine.storage.inject(store)
    return engine


def shutdown():
    global _EXECUTOR
    with _LOCK:
        pool, _EXECUTOR = _EXECUTOR, None
    if pool is not None:
        pool.shutdown(wait=False)
