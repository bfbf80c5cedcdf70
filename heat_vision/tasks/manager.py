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

"""The task RPC endpoint: create, get, list and cancel jobs.

Thin: it validates, stores and hands the first run to ``runner``; the
runs themselves happen in conductors (or the local board).
"""

import functools

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import trusts
from heat_vision.db import api as db_api
from heat_vision.db import tasks as db_tasks
from heat_vision.tasks import cancel
from heat_vision.tasks import constants as c
from heat_vision.tasks import document as job_document
from heat_vision.tasks import history
from heat_vision.tasks import persistence
from heat_vision.tasks import rpcapi
from heat_vision.tasks import runner
from heat_vision.tasks import schedule
from heat_vision.tasks import unavailable
from heat_vision.tasks import views

CONF = cfg.CONF
LOG = logging.getLogger(__name__)
MAX_RUN_NUMBER = 2 ** 31 - 1
USER_ERRORS = (exception.Invalid, exception.NotFound, exception.Conflict,
               exception.Forbidden, exception.TaskServiceUnavailable)
# What of a request's context is kept with a job (never tokens; a
# sealed trust when deferred_auth_method = trusts).
CONTEXT_KEYS = ('user', 'user_id', 'project_id', 'project', 'tenant',
                'domain', 'user_domain', 'project_domain', 'roles',
                'is_admin', 'request_id', 'user_name', 'project_name')


def _user_errors(func):
    """Mark USER_ERRORS as the caller's, a database or jobboard that
    refused the request as TaskServiceUnavailable (503: nothing was
    stored, try again); the method keeps its signature.
    """
    @functools.wraps(func)
    def mapped(*args, **kwargs):
        with unavailable.refusals_as_unavailable():
            return func(*args, **kwargs)
    wrapped = messaging.expected_exceptions(*USER_ERRORS)(mapped)
    return functools.wraps(func)(wrapped)


class TaskManager:
    """Server side of the task RPC API (see ``rpcapi`` for the history)."""

    target = messaging.Target(version=rpcapi.TasksClient.RPC_API_VERSION)

    @_user_errors
    def create_job(self, ctxt, document):
        """Validate a job document, store the job and post its first run.

        :param document: the job document, a dict or YAML/JSON text.
        :returns: the job's view (``views.format_job``).
        :raises: InvalidTaskDocument, InvalidParameter
        """
        job, book = store_job(ctxt, document)
        post_stored(job, 1, book)
        # The row as inserted (every column is set here, none by the
        # database): no need to read it again.
        return views.format_job(job)

    @_user_errors
    def get_job(self, ctxt, job_id, with_steps=True):
        """:returns: the job's view, with ``steps`` if ``with_steps``.

        :raises: TaskJobNotFound
        """
        job = db_tasks.job_get(ctxt, job_id)
        steps = views.format_steps(job) if with_steps else None
        return views.format_job(job, steps)

    @_user_errors
    def list_jobs(self, ctxt, filters=None, limit=None, marker=None,
                  sort_dir='desc'):
        """:returns: a list of job views, newest first unless ``asc``.

        :raises: TaskJobNotFound if ``marker`` is not a job.
        """
        if sort_dir not in ('asc', 'desc'):
            raise exception.InvalidParameter(
                reason=_('sort_dir must be asc or desc'))
        jobs = db_tasks.job_get_all(ctxt, filters=filters, limit=limit,
                                    marker=marker, sort_dir=sort_dir)
        return [views.format_job(job) for job in jobs]

    @_user_errors
    def cancel_job(self, ctxt, job_id):
        """Ask a job to stop; its running task stops within a second.

        :returns: the job's view (CANCELLING, or CANCELLED once stopped).
        :raises: TaskJobNotFound, TaskJobFinished
        """
        job = db_tasks.job_get(ctxt, job_id)
        if job.status in c.FINAL_STATES or not ask_cancel(ctxt, job_id):
            raise exception.TaskJobFinished(job_id=job_id,
                                            status=job.status)
        stop_here(job_id)
        return views.format_job(db_tasks.job_get(ctxt, job_id))

    @_user_errors
    def list_runs(self, ctxt, job_id, limit=None, marker=None):
        """:returns: a page of the job's run history, newest first.

        :raises: TaskJobNotFound, InvalidParameter
        """
        db_tasks.job_get(ctxt, job_id)
        for name, value in (('limit', limit), ('marker', marker)):
            if value is not None and (
                    not isinstance(value, int) or isinstance(value, bool)
                    or not 0 <= value <= MAX_RUN_NUMBER):
                raise exception.InvalidParameter(
                    reason=_('%s must be a whole number from 0 to %d')
                    % (name, MAX_RUN_NUMBER))
        return history.get_page(ctxt, job_id, limit=limit, marker=marker)


def store_job(ctxt, document):
    """Validate a job document; store the job and its first run's logbook.

    In the caller's transaction if there is one (a resource that stores
    its own row with the job). Once that commits, ``runner.post(job, 1,
    book)`` hands the run to the board.

    :returns: ``(job row, logbook)``.
    :raises: InvalidTaskDocument, InvalidParameter
    """
    if not ctxt.project_id:
        raise exception.InvalidParameter(
            reason=_('A task job belongs to a project: the request '
                     'context has no project_id.'))
    doc = job_document.normalise(document)
    saved = trusts.keep(ctxt, {
        key: value for key, value in ctxt.to_dict().items()
        if key in CONTEXT_KEYS})
    start = schedule.first_start(doc)
    values = {
        'project_id': ctxt.project_id, 'user_id': ctxt.user_id,
        'name': doc['name'], 'kind': doc['kind'], 'status': c.PENDING,
        'document': doc, 'context': saved, 'current_run': 1,
        'runs': 0, 'failures': 0, 'cancel_requested': False,
        'deadline': schedule.deadline(doc)}
    if doc['kind'] != c.SEQUENCE:
        values['next_run_at'] = schedule.from_epoch(start)
    with db_api.writer(ctxt) as session:
        # The job and its first run's logbook: one transaction.
        job = db_tasks.job_create(ctxt, values)
        book = runner.run_book(job, 1, start)
        persistence.insert_book(session.connection(), book)
    return job, book


def post_stored(job, run, book):
    """Post run ``run`` of ``job``, whose row and logbook are committed.

    The job is the caller's from the commit on: a jobboard that refuses
    the post (Redis gone) leaves the run on no board, which every
    conductor's ``reconcile`` finds and posts within ``[tasks]
    orphan_grace`` seconds. An error now would make the caller submit
    the job a second time.
    """
    try:
        runner.post(job, run, book)
    except Exception as exc:
        if unavailable.backend_of(exc) != 'jobboard':
            raise
        LOG.warning('Run %d of task job %s is stored but could not be '
                    'posted (%s); the conductors post it later', run,
                    job.id, exc)


def ask_cancel(ctxt, job_id):
    """Mark a job to be cancelled, in the caller's transaction if there
    is one: a single update, no read first (on sqlite a transaction that
    reads first may not be able to write). ``stop_here`` once committed.

    :returns: False if the job had ended.
    """
    return db_tasks.job_update(
        ctxt, job_id, {'cancel_requested': True, 'status': c.CANCELLING},
        expected={'status': c.ACTIVE_STATES})


def ask_cancel_all(ctxt, job_ids):
    """``ask_cancel`` for every job of ``job_ids`` (ids, or a query of
    them), in one statement.

    :returns: the ids of the jobs now cancelling, to ``stop_here`` once
        committed.
    """
    db_tasks.job_update_all(
        ctxt, job_ids, {'cancel_requested': True, 'status': c.CANCELLING},
        expected={'status': c.ACTIVE_STATES})
    return db_tasks.job_ids_in_status(ctxt, job_ids, c.CANCELLING)


def stop_here(job_id):
    """Stop the job's run if this process runs it (else its conductor's
    watcher sees the cancel).
    """
    if job_id in cancel.running():
        cancel.stop(job_id, 'cancelled')
