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

"""The TaskFlow atoms of a job run: one per task, and the start wait."""

import collections
import threading
import time

from taskflow import retry
from taskflow import task
from taskflow.types import sets

from heat_vision.common import exception
from heat_vision.common import trusts
from heat_vision.tasks import cancel
from heat_vision.tasks import constants as c
from heat_vision.tasks.plugins import base

_STORE = (c.STORE_JOB_ID, c.STORE_RUN, c.STORE_CONTEXT)
_MAPPINGS = {}
_MAPPINGS_LOCK = threading.Lock()


class SignatureOnce:
    """Reads an atom class's ``execute``/``revert`` signatures once.

    TaskFlow maps an atom's arguments by inspecting those methods at every
    instantiation, and a run builds its atoms twice (to store the run, then
    to run it): that inspection was a tenth of a short job's CPU. The
    mapping depends only on the class and the arguments given here.
    """

    def _build_arg_mapping(self, executor, requires=None, rebind=None,
                           auto_extract=True, ignore_list=None):
        args = (requires, rebind, auto_extract, ignore_list)
        try:
            key = (type(self), executor.__name__, tuple(requires or ()),
                   rebind, auto_extract, tuple(ignore_list or ()))
            hash(key)
        except TypeError:
            key = None
        if key is None or self.inject:
            return super()._build_arg_mapping(executor, *args)
        with _MAPPINGS_LOCK:
            found = _MAPPINGS.get(key)
        if found is None:
            found = super()._build_arg_mapping(executor, *args)
            with _MAPPINGS_LOCK:
                _MAPPINGS[key] = found
        mapping, required, optional = found
        return (collections.OrderedDict(mapping), sets.OrderedSet(required),
                sets.OrderedSet(optional))


def _runtime(name, job_id, run, ctxt, timeout=None, fence=None):
    return base.TaskRuntime(trusts.context_from_dict(ctxt),
                            job_id, run, name, cancel.event_for(job_id),
                            timeout=timeout, fence=fence)


class PluginTask(SignatureOnce, task.Task):
    """Runs one task of the document through its plugin.

    ``fence`` is the run's ``fencing.Fence`` (set by the engine that runs
    it): the plugin neither executes nor reverts once it is lost.
    """

    fence = None

    def __init__(self, spec, plugin):
        super().__init__(name=spec['name'], requires=_STORE)
        self._spec = spec
        self._plugin = plugin

    def execute(self, hv_job_id, hv_run, hv_context):
        runtime = _runtime(self.name, hv_job_id, hv_run, hv_context,
                           self._spec['timeout'], self.fence)
        runtime.check()
        result = self._plugin().execute(runtime, **self._spec['input'])
        return result

    def revert(self, *args, **kwargs):
        result = kwargs.get('result')
        job_id = kwargs[c.STORE_JOB_ID]
        # NOTE(heat-vision): on cancel only the task that was interrupted
        # (its result is a Failure) is handed to its plugin's revert; the
        # completed ones are left as they are.
        if cancel.reason(job_id) and not _is_failure(result):
            return
        if self.fence is not None and not self.fence.holds():
            return      # the run is not this process's any more
        runtime = _runtime(self.name, job_id, kwargs[c.STORE_RUN],
                           kwargs[c.STORE_CONTEXT])
        self._plugin().revert(runtime, result, **self._spec['input'])


def _is_failure(result):
    return type(result).__name__ == 'Failure'


class WaitUntilStart(SignatureOnce, task.Task):
    """First atom of a scheduled run: waits for the run's start time.

    The start time is in the run's store, so a conductor that takes the
    run over from a dead one waits for the same moment.
    """

    def __init__(self):
        super().__init__(name=c.WAIT_ATOM,
                         requires=(c.STORE_JOB_ID, c.STORE_START_AT))

    def execute(self, hv_job_id, hv_start_at):
        event = cancel.event_for(hv_job_id)
        delay = (hv_start_at or 0) - time.time()
        if delay > 0:
            event.wait(delay)
        if event.is_set():
            raise exception.TaskCancelled(reason=event.reason)


class DelayedTimes(SignatureOnce, retry.Times):
    """``retry.Times`` that waits ``delay`` seconds before each retry."""

    def __init__(self, attempts, delay, name):
        super().__init__(attempts=attempts, name=name,
                         requires=(c.STORE_JOB_ID,))
        self._delay = delay

    def on_failure(self, history, *args, **kwargs):
        if cancel.reason(kwargs.get(c.STORE_JOB_ID)):
            return retry.REVERT
        return super().on_failure(history, *args, **kwargs)

    def execute(self, history, *args, **kwargs):
        if len(history) and self._delay:
            event = cancel.event_for(kwargs[c.STORE_JOB_ID])
            event.wait(self._delay)
        return super().execute(history, *args, **kwargs)
