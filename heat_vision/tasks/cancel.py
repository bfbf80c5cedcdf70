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

"""The events that stop a process's running jobs at once.

A conductor's watcher sets a job's event when the job is cancelled or its
deadline passes; the atoms of the job and ``TaskRuntime.wait`` look at it.
"""

import threading

from heat_vision.tasks import fencing

_LOCK = threading.Lock()
_EVENTS = {}


def event_for(job_id):
    """:returns: the job's event in this process (made on first use)."""
    with _LOCK:
        event = _EVENTS.get(job_id)
        if event is None:
            event = _EVENTS[job_id] = threading.Event()
            event.reason = None
        return event


def stop(job_id, reason):
    """Ask the job's running tasks to stop; ``reason`` is shown."""
    event = event_for(job_id)
    event.reason = reason
    event.set()


def reason(job_id):
    """:returns: why the job was stopped, or None if it was not."""
    with _LOCK:
        event = _EVENTS.get(job_id)
    return event.reason if event is not None and event.is_set() else None


#: What stops every run of a job here: a user's cancel or the job's
#: deadline (the watcher's reasons), or the process stopping. Any other
#: reason is a run's own: its fence was lost here (``conductor``), and it
#: concerns that run only.
JOB_REASONS = ('cancelled', 'deadline', fencing.STOPPING)


def forget_run_reason(job_id):
    """Forget the job's event if a run of it that ran here set it for
    itself (its claim was lost), so that it does not stop the job's next
    run here; a cancel or a deadline is kept.
    """
    with _LOCK:
        event = _EVENTS.get(job_id)
        if event is not None and event.is_set() and \
                event.reason not in JOB_REASONS:
            del _EVENTS[job_id]


def forget(job_id):
    with _LOCK:
        _EVENTS.pop(job_id, None)


def running():
    """:returns: the ids of the jobs with an event in this process."""
    with _LOCK:
        return list(_EVENTS)
