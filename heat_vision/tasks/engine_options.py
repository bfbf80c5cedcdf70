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

"""How the task system runs TaskFlow engines in this process.

The parallel engine creates (and, finishing, joins) a thread pool per run
unless it is handed one: that join cost about one second per job here, so
every engine shares one pool. ``load_run`` builds the engine directly:
``taskflow.engines.load*`` looks the engine class up with stevedore on
every call, which scans the installed packages' entry points each time
(about a third of the CPU a three-task run costs on this machine).
TaskFlow's engines are imported at the first run (``flows``).
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


def load_run(flow_detail, fence=None):
    """:returns: the engine of a stored run, its store injected.

    :param fence: the run's ``fencing.Fence``, or None.
    """
    from taskflow import engines

    from heat_vision.tasks import storage

    flow = engines.flow_from_detail(flow_detail)
    storage.set_fence(flow, fence)
    engine = storage.RunEngine(flow, flow_detail,
                               persistence.get_backend(),
                               {'executor': executor()}, fence=fence)
    store = (flow_detail.meta or {}).get('store')
    if store:
        # The store is in the flow detail's meta: injected again at every
        # load, it need not be written with the atoms.
        engine.storage.inject(store, transient=True)
    return engine


def shutdown():
    global _EXECUTOR
    with _LOCK:
        pool, _EXECUTOR = _EXECUTOR, None
    if pool is not None:
        pool.shutdown(wait=False)
