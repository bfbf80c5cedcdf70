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
result) is written, but not each change in a transaction of its own:
the changes are kept in memory and written together (one transaction,
only the rows that changed) at the run's step boundaries:

* before a step starts or is reverted (the atom enters RUNNING or
  REVERTING): the results of the steps that completed before it are
  durable before it acts, so a conductor that takes the run over never
  runs a completed step again;
* when the engine waits for running steps (so a step that completed
  while another still runs is not left in memory), when a plugin reports
  its own progress, and when the run ends.

A conductor that dies between a step's end and the next boundary loses
that step's result, as it would have dying just before TaskFlow's own
write: the step runs again, as any step that was running does.

A run's storage also holds its ``fencing.Fence``, asked before each
write: once the fence is lost the writes go to the in-memory details
only.

``RunStorage.running`` says since when each atom has been running, for
the conductor's watchdog.
"""

import threading
import time

from taskflow.engines.action_engine import engine as action_engine
from taskflow.persistence import models
from taskflow import retry
from taskflow import states
from taskflow import storage
from taskflow import task
from taskflow.utils import misc

from heat_vision.tasks import persistence

_AUTOMATIC_PROGRESS = (0.0, 1.0)
# An atom entering these states is about to act: what completed before
# must be durable first.
_BOUNDARY_STATES = (states.RUNNING, states.REVERTING)


class _Pending:
    """A backend connection that notes what TaskFlow would save."""

    def __init__(self):
        self.flow_detail = None
        self.atom_details = {}

    def update_atom_details(self, atom_detail):
        self.atom_details[atom_detail.uuid] = atom_detail
        return atom_detail

    def update_flow_details(self, flow_detail):
        # The flow detail's copy holds its atom details too: a changed
        # atom comes on its own, a new one is found by ``flush``.
        self.flow_detail = flow_detail
        return flow_detail


class RunStorage(storage.Storage):
    """TaskFlow's storage without the writes a run does not need, and
    with the others written at the run's step boundaries.
    """

    def __init__(self, flow_detail, backend=None, scope_fetcher=None,
                 fence=None):
        self._pending = _Pending()
        self._flush_lock = threading.Lock()
        self._stored_atoms = {ad.uuid for ad in flow_detail}
        super().__init__(flow_detail, backend=backend,
                         scope_fetcher=scope_fetcher)
        self._fence = fence
        self.running = {}

    @property
    def flow_detail(self):
        """The run's flow detail, in memory (as written at each flush)."""
        return self._flowdetail

    def set_atom_state(self, atom_name, state):
        if state == states.RUNNING:
            self.running[atom_name] = time.monotonic()
        else:
            self.running.pop(atom_name, None)
        result = super().set_atom_state(atom_name, state)
        if state in _BOUNDARY_STATES:
            self.flush()
        return result

    def set_task_progress(self, task_name, progress, details=None):
        if details is not None or progress not in _AUTOMATIC_PROGRESS:
            super().set_task_progress(task_name, progress, details=details)
            self.flush()
            return
        with self._lock.write_lock():
            source, _clone = self._atomdetail_by_name(
                task_name, expected_type=models.TaskDetail)
            source.meta[storage.META_PROGRESS] = progress

    def save(self, atom_name, result, state=states.SUCCESS):
        self.running.pop(atom_name, None)
        return super().save(atom_name, result, state=state)

    def _with_connection(self, functor, *args, **kwargs):
        with self._flush_lock:
            return functor(self._pending, *args, **kwargs)

    def flush(self):
        """Write what changed since the last flush (one transaction), if
        this process still owns the run; else forget it.

        :raises: taskflow.exceptions.StorageFailure
        """
        with self._flush_lock:
            pending, self._pending = self._pending, _Pending()
            if pending.flow_detail is None and not pending.atom_details:
                return
            if self._fence is not None and not self._fence.holds():
                return
            details = list(pending.atom_details.values())
            if pending.flow_detail is not None:
                details.extend(
                    ad for ad in pending.flow_detail
                    if ad.uuid not in self._stored_atoms
                    and ad.uuid not in pending.atom_details)
            persistence.save_run_details(
                self._backend, self._flowdetail.uuid, pending.flow_detail,
                updated=[ad for ad in details
                         if ad.uuid in self._stored_atoms],
                added=[ad for ad in details
                       if ad.uuid not in self._stored_atoms])
            self._stored_atoms.update(ad.uuid for ad in details)


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

    def run_iter(self, timeout=None):
        """TaskFlow's ``run_iter``; the storage is flushed whenever the
        engine waits for running steps, and when the run ends.
        """
        states_iter = super().run_iter(timeout=timeout)
        try:
            state = next(states_iter)
            while True:
                if state == states.WAITING:
                    self.storage.flush()
                try:
                    sent = yield state
                except GeneratorExit:
                    states_iter.close()
                    raise
                except BaseException as exc:
                    state = states_iter.throw(exc)
                else:
                    state = states_iter.send(sent)
        except StopIteration:
            pass
        finally:
            self.storage.flush()


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
