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

"""``/v1/{tenant_id}/tasks``: the task system's jobs.

Requests and responses (JSON; a job view is the dict described below):

``POST /v1/{tenant_id}/tasks``
    body ``{"job": <document>}``, the document as an object or as its
    YAML/JSON text (see ``heat_vision.tasks.document``). 201 with
    ``Location: .../tasks/{id}`` and ``{"job": <view>}``; 400 naming the
    path of what is wrong (``tasks[1].input.url: ...``).
``GET /v1/{tenant_id}/tasks``
    query: ``limit``, ``marker`` (id of the last job of the previous
    page), ``sort_dir`` (``desc``, the default: newest first, or
    ``asc``), and filters ``status``, ``kind``, ``name`` (repeat a
    filter to match any of its values). 200 ``{"jobs": [<view>, ...]}``.
``GET /v1/{tenant_id}/tasks/{id}``
    200 ``{"job": <view with "steps">}``; 404 if unknown.
``POST /v1/{tenant_id}/tasks/{id}/cancel``
    202 ``{"job": <view>}`` (status ``CANCELLING``, then ``CANCELLED``
    within a second or so); 409 if the job has already ended.

A view: ``id``, ``name``, ``description``, ``kind`` (sequence,
persistent, timed), ``status`` (PENDING, RUNNING, WAITING, CANCELLING,
COMPLETE, FAILED, CANCELLED), ``status_reason``, ``project_id``,
``user_id``, ``runs``, ``failures``, ``current_run``, ``result``
(``{"last_run", "results": {task: result}, "error"}``, plus ``runs`` and
``failures`` for persistent and timed jobs), ``owner`` (the conductor),
``deadline``, ``next_run_at``, ``started_at``, ``ended_at``,
``created_at``, ``updated_at`` (ISO 8601, UTC), ``document`` (the
normalised document), and on show ``steps``: one ``{"name", "action",
"state", "attempts", "result", "error"}`` per task of the current run,
``state`` being TaskFlow's (PENDING, RUNNING, SUCCESS, FAILURE,
REVERTING, REVERTED, ...).
"""

from oslo_config import cfg
import pecan

from heat_vision.api.schemas import tasks as schemas
from heat_vision.tasks import client as tasks_client
from heat_vision.web import util

CONF = cfg.CONF
LIST_FILTERS = ('status', 'kind', 'name')
# Run numbers are 32-bit integers in the database.
MAX_RUN_NUMBER = 2 ** 31 - 1


def _client():
    return tasks_client.get_client()


def _job_url(tenant_id, job_id):
    return '/'.join([util.host_url(), 'v1', tenant_id, 'tasks', job_id])


class TaskController:
    """``/tasks/{job_id}``, ``.../runs`` and ``.../cancel``."""

    def __init__(self, tenant_id, job_id):
        self.tenant_id = tenant_id
        self.job_id = job_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('tasks:show', self.tenant_id)
        return {'job': _client().get_job(pecan.request.ctx, self.job_id)}

    runs = util.generic_route('GET')

    @runs.when(method='GET', template='json')
    def runs_get(self, **params):
        util.authorize('tasks:show', self.tenant_id)
        runs = _client().list_runs(
            pecan.request.ctx, self.job_id,
            limit=util.limit_param(params.get('limit')),
            marker=util.int_param('marker', params.get('marker'),
                                  cap=MAX_RUN_NUMBER))
        return {'runs': runs}

    cancel = util.generic_route('POST')

    @cancel.when(method='POST', template='json')
    def cancel_post(self):
        util.authorize('tasks:cancel', self.tenant_id)
        job = _client().cancel_job(pecan.request.ctx, self.job_id)
        pecan.response.status = 202
        return {'job': job}


class TasksController:
    """``/tasks``."""

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET', 'POST')

    @index.when(method='GET', template='json')
    def index_get(self, **params):
        util.authorize('tasks:index', self.tenant_id)
        multi = pecan.request.GET
        filters = {key: multi.getall(key) for key in LIST_FILTERS
                   if key in multi}
        jobs = _client().list_jobs(
            pecan.request.ctx, filters=filters,
            limit=util.limit_param(params.get('limit')),
            marker=params.get('marker'),
            sort_dir=params.get('sort_dir', 'desc'))
        return {'jobs': jobs}

    @index.when(method='POST', template='json')
    def index_post(self):
        util.authorize('tasks:create', self.tenant_id)
        body = util.json_body(schemas.create)
        job = _client().create_job(pecan.request.ctx, body['job'])
        pecan.response.status = 201
        pecan.response.headers['Location'] = _job_url(self.tenant_id,
                                                      job['id'])
        return {'job': job}

    @pecan.expose()
    def _lookup(self, job_id, *remainder):
        return TaskController(self.tenant_id, job_id), remainder
