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

"""The base class of task plugins and the runtime they are handed.

A plugin is a small class registered in the ``heat_vision.tasks``
entry-point namespace::

    [entry_points]
    heat_vision.tasks =
        myservice.thing = myservice.tasks:Thing

One instance is made for each attempt of a task; ``execute`` runs in a
worker thread of a conductor and returns a JSON-able result.
"""

import threading
import time

from heat_vision.common import exception
from heat_vision.tasks import document


class TaskRuntime:
    """What a running task may ask of the task system.

    :ivar context: the RequestContext of the job's owner.
    :ivar job_id: the job's id.
    :ivar run: the number of this run of the job (1, 2, ...).
    :ivar task_name: the task's name in the document.
    """

    def __init__(self, context, job_id, run, task_name, cancel_event=None,
                 timeout=None, fence=None):
        self.context = context
        self.job_id = job_id
        self.run = run
        self.task_name = task_name
        self._cancel = cancel_event or threading.Event()
        self.timeout = timeout
        self._fence = fence
        self._deadline = (time.monotonic() + timeout) if timeout else None

    def remaining(self):
        """:returns: seconds left before the task's timeout, or None."""
        if self._deadline is None:
            return None
        return max(0.0, self._deadline - time.monotonic())

    def check(self):
        """:raises: TaskCancelled or TaskTimedOut when the task must stop
            (TaskCancelled too once another conductor owns the run).
        """
        if self._fence is not None and not self._fence.holds():
            raise exception.TaskCancelled(reason=self._fence.lost)
        if self._cancel.is_set():
            raise exception.TaskCancelled(
                reason=getattr(self._cancel, 'reason', 'cancelled'))
        if self._deadline is not None and time.monotonic() >= \
                self._deadline:
            raise exception.TaskTimedOut(timeout=self.timeout)

    def wait(self, seconds):
        """Sleep, waking up at once if the job is cancelled.

        :raises: TaskCancelled, TaskTimedOut
        """
        self.check()
        remaining = self.remaining()
        if remaining is not None and remaining < seconds:
            self._cancel.wait(remaining)
            self.check()
            raise exception.TaskTimedOut(timeout=self.timeout)
        self._cancel.wait(seconds)
        self.check()


class TaskPlugin:
    """Base class of every task action.

    Subclasses set ``input_schema`` (a JSON schema of the task's ``input``
    mapping) and implement ``execute``; they may implement ``revert``.
    """

    #: JSON schema the task's ``input`` is checked against up front.
    input_schema = {'type': 'object'}

    #: One line shown in the plugin list and the docs.
    description = ''

    @classmethod
    def validate(cls, inputs, path='input'):
        """Check a task's input before the job is accepted.

        :param inputs: the task's ``input`` mapping.
        :param path: where the input is in the document, for errors.
        :raises: InvalidTaskDocument naming the wrong value's path.
        """
        document.check_schema(cls.input_schema, inputs, prefix=path)

    @classmethod
    def lane(cls, inputs):
        """The lane of a task with ``inputs`` (``heat_vision.tasks.lanes``).

        :returns: ``(key, limit)``: at most ``limit`` runs of jobs whose
            first task with a lane has ``key`` run at once in a process,
            the others wait without holding a thread; or None (the
            default) for no bound but the board's.
        """
        return None

    def execute(self, runtime, **inputs):
        """Do the task's work.

        :param runtime: a TaskRuntime; long waits go through
            ``runtime.wait`` so that cancellation stops them.
        :param inputs: the task's ``input`` mapping.
        :returns: a JSON-able result, stored and shown with the job.
        :raises: TaskFailed (or any exception) to fail the attempt.
        """
        raise NotImplementedError()

    def revert(self, runtime, result, **inputs):
        """Undo ``execute`` when the run fails or is cancelled.

        Called for the task that was running when a job is cancelled, and
        for completed tasks when a later one fails. The default leaves
        things as they are.

        :param runtime: a TaskRuntime.
        :param result: what ``execute`` returned, or a TaskFlow Failure.
        :param inputs: the task's ``input`` mapping.
        """
