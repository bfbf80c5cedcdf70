"""The TaskFlow engine and storage of a job run, with fewer writes.

TaskFlow's storage writes an atom detail each time the engine sets a
task's progress to 0.0 when it starts and to 1.0 when it ends, right
after the state change it has just written; it writes the run's store
when it is injected; and it creates the atom details in a transaction of
their own when a run first starts. None of that is needed to resume a
run elsewhere:

* the automatic progress is kept in memory and goes to the database with
  the atom's next state change (a plugin's own progress, with details,
  is still written at once);
* the store is in the flow detail's ``meta`` and is injected again
  (transiently) every time a run is loaded;
* the atom details are created with the logbook when the run is posted
  (``new_atom_details``), in the same transaction.

What a conductor that takes a run over needs (each atom's state and
result) is written as before. A run's storage also holds its
``fencing.Fence``, asked before each write: once the fence is lost the
writes go to the in-memory details only.

``RunStorage.running`` says since when each atom has been running, for
the conductor's watchdog.
"""

import time


from taskflow.engines.action_engine import engine as action_engine
from taskflow.persistence import models
from taskflow import retry
from taskflow import states
from taskflow import storage
from taskflow import task
from taskflow.utils import misc

_AUTOMATIC_PROGRESS = (0.0, 1.0)


class _Unsaved:
    """A backend connection that saves nothing (a fenced run's)."""

    @staticmethod
    def update_atom_details(atom_detail):
        return atom_detail

    @staticmethod
    def update_flow_details(flow_detail):
        return flow_detail


class RunStorage(storage.Storage):
    """TaskFlow's storage without the writes a run does not need."""

    def __init__(self, flow_detail, backend=None, scope_fetcher=None,
                 fence=None):
        super().__init__(flow_detail, backend=backend,
                         scope_fetcher=scope_fetcher)
        self._fence = fence
        self.running = {}

    def set_atom_state(self, atom_name, state):
        if state == states.RUNNING:
            self.running[atom_name] = time.monotonic()
        else:
            self.running.pop(atom_name, None)
        return super().set_atom_state(atom_name, state)

    def set_task_progress(self, task_name, progress, details=None):
        if details is not None or progress not in _AUTOMATIC_PROGRESS:
            return super().set_task_progress(task_name, progress,
                                             details=details)
        with self._lock.write_lock():
            source, _clone = self._atomdetail_by_name(
                task_name, expected_type=models.TaskDetail)
            source.meta[storage.META_PROGRESS] = progress

    def save(self, atom_name, result, state=states.SUCCESS):
        self.running.pop(atom_name, None)
        return super().save(atom_name, result, state=state)

    def _with_connection(self, functor, *args, **kwargs):
        if self._fence is not None and not self._fence.holds():
            return functor(_Unsaved(), *args, **kwargs)
        return super()._with_connection(functor, *args, **kwargs)


class RunEngine(action_engine.ParallelActionEngine):
    """The parallel engine on a ``RunStorage``."""

    def __init__(self, flow, flow_detail, backend, options, fence=None):
        self._fence = fence
        super().__init__(flow, flow_detail, backend, options)

    @misc.cachedproperty
    def storage(self):
        def _scope_fetcher(atom_name):
            if self._compiled:
                return self._runtime.fetch_scopes_for(atom_name)
            return None

        return RunStorage(self._flow_detail, backend=self._backend,
                          scope_fetcher=_scope_fetcher, fence=self._fence)


def _atoms(flow):
    if flow.retry is not None:
        yield flow.retry
    for node in flow:
        if isinstance(node, (task.Task, retry.Retry)):
            yield node
        else:
            yield from _atoms(node)


def set_fence(flow, fence):
    """Hand ``fence`` to the atoms of ``flow`` that act (they ask it)."""
    for atom in _atoms(flow):
        if hasattr(atom, 'fence'):
            atom.fence = fence


def new_atom_details(flow, flow_detail):
    """Add a PENDING atom detail for each atom of ``flow``, as TaskFlow's
    storage would when the run first starts.
    """
    for atom in _atoms(flow):
        kind = models.RetryDetail if isinstance(atom, retry.Retry) \
            else models.TaskDetail
        flow_detail.add(storage.Storage._create_atom_detail(
            atom.name, kind, atom_version=misc.get_version_string(atom)))
