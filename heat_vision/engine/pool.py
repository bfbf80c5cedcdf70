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

"""The engine's worker threads for stack operations, and their stop.

An engine that stops asks the operations its workers run to stop where
they are (``stopping``, ``EngineStopping``), rather than waiting for
them: a create waiting for a signal may wait for hours. Nothing is lost:
the stacks stay IN_PROGRESS and another engine, or this one started
again, takes them over (``actions.takeover``). Heat's engine, in
``EngineService.stop`` (heat/engine/service.py), waits for its stacks'
threads (``ThreadGroupManager.stop(stack_id, graceful=True)``) and
oslo.service's launcher ends the process after ``graceful_shutdown_
timeout``; the next engine then marks those stacks FAILED
(``reset_stack_status``). Here the operations resume instead, so there
is no reason to wait for them.
"""

from concurrent import futures
import contextvars
import threading

from oslo_log import log as logging

LOG = logging.getLogger(__name__)

# The stop event of the pool whose worker runs this code (the walks of
# the operation carry it to their own threads: ``scheduler``).
_STOPPING = contextvars.ContextVar('heat_vision_engine_stopping',
                                   default=None)


class EngineStopping(BaseException):
    """Raised out of a stack operation's walk when its engine stops.

    Not an ``Exception``: like the engine's death it is recorded as
    nothing (no resource handler nor operation takes it for a failure),
    so the stack stays IN_PROGRESS with every resource as far as it got,
    for the engine that takes it over to resume.
    """


def stopping():
    """:returns: True if the engine whose worker runs this code stops."""
    event = _STOPPING.get()
    return event is not None and event.is_set()


def check_stopping():
    """:raises: EngineStopping if the engine running this code stops."""
    if stopping():
        raise EngineStopping()


class WorkerPool:

    def __init__(self, size):
        self._executor = futures.ThreadPoolExecutor(
            max_workers=size, thread_name_prefix='stack-op')
        self._running = set()
        self._stopping = threading.Event()

    def spawn(self, fn, *args):
        future = self._executor.submit(self._run, fn, args)
        self._running.add(future)
        future.add_done_callback(self._running.discard)
        return future

    def _run(self, fn, args):
        _STOPPING.set(self._stopping)
        return fn(*args)

    def wait_idle(self, timeout=None):
        """Wait for what is running now (tests and graceful stops)."""
        futures.wait(list(self._running), timeout=timeout)

    def stop(self, timeout=None):
        """Stop the operations under way, and take no more.

        What waits for a worker still runs, and sees the stop at once: a
        walk stops before its first step (its stack stays IN_PROGRESS
        under this engine's lock, for a take-over); other work (a
        signal's delivery) is done.

        :param timeout: the seconds to wait for the operations to stop
            (None: as long as they take; 0: not at all). A step of a
            resource that never returns is left behind past it.
        :returns: how many are still running.
        """
        self._stopping.set()
        self._executor.shutdown(wait=False)
        if timeout == 0:
            return len(self._running)
        _done, running = futures.wait(list(self._running), timeout=timeout)
        return len(running)
