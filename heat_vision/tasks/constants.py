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

"""Names shared by the task system: kinds, states, payload keys, events."""

# Job kinds
SEQUENCE = 'sequence'
PERSISTENT = 'persistent'
TIMED = 'timed'
KINDS = (SEQUENCE, PERSISTENT, TIMED)

# How the runs of an interval job are spaced (document's ``schedule``)
FIXED_RATE = 'fixed-rate'
FIXED_DELAY = 'fixed-delay'
SCHEDULES = (FIXED_RATE, FIXED_DELAY)

# Job states
PENDING = 'PENDING'
RUNNING = 'RUNNING'
WAITING = 'WAITING'         # between two runs of a persistent/timed job
CANCELLING = 'CANCELLING'
COMPLETE = 'COMPLETE'
FAILED = 'FAILED'
CANCELLED = 'CANCELLED'
ACTIVE_STATES = (PENDING, RUNNING, WAITING, CANCELLING)
# What a conductor may move a job between; a cancel is never written over.
UNCANCELLED_STATES = (PENDING, RUNNING, WAITING)
FINAL_STATES = (COMPLETE, FAILED, CANCELLED)

# Keys of the job view (the RPC and REST payload)
JOB_FIELDS = ('id', 'name', 'kind', 'status', 'status_reason', 'project_id',
              'user_id', 'runs', 'failures', 'current_run', 'result',
              'owner', 'deadline', 'next_run_at', 'started_at', 'ended_at',
              'created_at', 'updated_at')
STEP_FIELDS = ('name', 'action', 'state', 'attempts', 'result', 'error')

# TaskFlow store keys every run flow gets
STORE_JOB_ID = 'hv_job_id'
STORE_RUN = 'hv_run'
STORE_CONTEXT = 'hv_context'
STORE_START_AT = 'hv_start_at'

# Notification event types
EVENT_START = 'tasks.job.start'
EVENT_END = 'tasks.job.end'
EVENT_ERROR = 'tasks.job.error'

# Name of the first atom of a scheduled run (persistent and timed jobs)
WAIT_ATOM = 'hv-wait-until-start'
