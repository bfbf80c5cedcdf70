"""The built-in threshold alarm: its row, its evaluation job, its state.

An alarm is created by its resource (``OS::HeatVision::Alarm``) through
the stack facade. Each alarm is evaluated by a persistent task job of its
own project (``alarm-<id>``, action ``alarm.evaluate``, every
``[monitoring] evaluation_interval`` seconds); a change of state is
recorded in the alarm's history (the newest ``max_alarm_history`` kept)
and published on the queue, where the engines' listener picks it up like
one of Aodh's.
"""

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import exception
from heat_vision.db import alarms as db_alarms
from heat_vision.db import api as db_api
from heat_vision.db import metrics as db_metrics
from heat_vision.monitoring import constants as c
from heat_vision.monitoring import evaluator
from heat_vision.monitoring import publisher
from heat_vision.tasks import manager as task_manager
from heat_vision.tasks import runner

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

EVALUATE_ACTION = 'alarm.evaluate'
ACTIONS_OF_STATE = {c.STATE_ALARM: 'alarm_actions',
                    c.STATE_OK: 'ok_actions',
                    c.STATE_INSUFFICIENT: 'insufficient_data_actions'}


def _isotime(value):
    return value.isoformat() + 'Z' if value else None


def format_alarm(row):
    """:returns: the alarm as the API shows it."""
    view = {'id': row.id, 'alarm_id': row.id, 'name': row.name,
            'state': row.state, 'state_reason': row.state_reason,
            'state_changed_at': _isotime(row.state_changed_at),
            'stack_id': row.stack_id, 'resource_name': row.resource_name,
            'project_id': row.project_id, 'user_id': row.user_id,
            'job_id': row.job_id, 'created_at': _isotime(row.created_at),
            'updated_at': _isotime(row.updated_at)}
    view.update(row.definition or {})
    return view


def format_history(row):
    return {'id': row.id, 'alarm_id': row.alarm_id,
            'type': 'state transition', 'previous': row.previous,
            'current': row.current, 'reason': row.reason,
            'reason_data': row.reason_data,
            'timestamp': _isotime(row.created_at)}


def _job_document(alarm_id):
    return {'name': 'alarm-%s' % alarm_id, 'kind': 'persistent',
            'description': 'Evaluates built-in alarm %s' % alarm_id,
            'interval': CONF.monitoring.evaluation_interval,
            'tasks': [{'name': 'evaluate', 'action': EVALUATE_ACTION,
                       'input': {'alarm_id': alarm_id}}]}


def create(ctxt, stack_id, resource_name, definition, recorder=None):
    """Store a built-in alarm and start its evaluation job.

    An engine taking over a create that a dead engine left finds the
    alarm that engine made (by stack and resource) and keeps it: one
    alarm, one job.

    :param ctxt: the stack's context (its project owns alarm and job).
    :param recorder: the stack operation's ``Recorder``, if any: in a
        stack it has just stored there is no alarm to look for.
    :returns: the alarm's view.
    """
    if recorder is None or not recorder.new_stack:
        made = db_alarms.alarm_get_by_resource(ctxt, stack_id,
                                               resource_name)
        if made is not None and made.job_id:
            return update(ctxt, made.id, definition)
        if made is not None:
            # Left without its job by an older version.
            db_alarms.alarm_delete(ctxt, made.id)
    alarm_id = uuidutils.generate_uuid()
    # The alarm and its job in one transaction: a thousand alarms
    # created at once each took five, which queued on sqlite's one
    # writer behind the jobs' first runs. Not with the walk's batches:
    # the first runs of a batch's jobs would start together and contend
    # for sqlite (see the performance notes).
    with db_api.writer(ctxt):
        job, book = task_manager.store_job(ctxt, _job_document(alarm_id))
        row = db_alarms.alarm_create(ctxt, {
            'id': alarm_id, 'project_id': ctxt.project_id,
            'user_id': ctxt.user_id, 'stack_id': stack_id,
            'resource_name': resource_name,
            'name': definition.get('name') or resource_name,
            'state': c.STATE_INSUFFICIENT, 'definition': definition,
            'job_id': job.id})
    runner.post(job, 1, book)
    return format_alarm(row)


def update(ctxt, alarm_id, definition, recorder=None):
    """Change an alarm's rule; its state stays until the next evaluation.

    :param recorder: a stack operation's ``Recorder``: the change is then
        written by its next flush.
    :returns: the alarm's view.
    :raises: EntityNotFound (also for another project's alarm)
    """
    if recorder is None:
        row = db_alarms.alarm_update(ctxt, alarm_id, {
            'definition': definition,
            'name': definition.get('name') or db_alarms.alarm_get(
                ctxt, alarm_id).resource_name})
        return format_alarm(row)
    row = db_alarms.alarm_get(ctxt, alarm_id)
    values = {'definition': definition,
              'name': definition.get('name') or row.resource_name,
              'updated_at': timeutils.utcnow()}
    recorder.queue_batch(db_alarms.alarm_update_many, (alarm_id, values))
    # The row read is no session's: changing it writes nothing.
    for column, value in values.items():
        setattr(row, column, value)
    return format_alarm(row)


def delete(ctxt, alarm_id):
    """Stop the evaluation job and forget the alarm (a gone one is fine)."""
    try:
        row = db_alarms.alarm_get(ctxt, alarm_id)
    except exception.NotFound:
        return
    with db_api.writer(ctxt):
        # The cancel first: a write, as sqlite needs of a transaction
        # that writes; a job that had ended is fine.
        cancelled = bool(row.job_id) and task_manager.ask_cancel(
            ctxt, row.job_id)
        db_alarms.alarm_delete(ctxt, alarm_id)
    if cancelled:
        task_manager.stop_here(row.job_id)


# Alarm ids per statement of ``delete_many`` (sqlite binds at most 32766).
_DELETE_BATCH = 500


def delete_many(ctxt, alarm_ids):
    """Delete alarms as ``delete`` does, in the caller's transaction: a
    stack operation's batch writer (``Recorder.queue_batch``), a few
    statements for all of them instead of a transaction each.

    Another project's alarm is left alone, as a gone one is.

    :returns: what stops the cancelled jobs' runs here, to call once
        the transaction has committed.
    """
    cancelled = []
    with db_api.writer(ctxt):
        for start in range(0, len(alarm_ids), _DELETE_BATCH):
            batch = alarm_ids[start:start + _DELETE_BATCH]
            # The cancel first: a write, as sqlite needs of a
            # transaction that writes.
            cancelled += task_manager.ask_cancel_all(
                ctxt, db_alarms.job_ids_of(ctxt, batch))
            db_alarms.alarm_delete_many(ctxt, batch)
    return lambda: [task_manager.stop_here(job_id) for job_id in cancelled]


def evaluate(ctxt, alarm_id, now=None):
    """Evaluate an alarm once; record and publish a change of state.

    :param ctxt: the evaluation job's context (the alarm's project).
    :returns: the transition's payload, or None if nothing changed.
    :raises: EntityNotFound (also for another project's alarm)
    """
    now = now or timeutils.utcnow()
    with db_api.reader(ctxt):
        # One transaction for both reads.
        row = db_alarms.alarm_get(ctxt, alarm_id)
        definition = row.definition
        if not definition.get('enabled', True):
            return None
        samples = db_metrics.samples_since(
            ctxt, row.project_id, definition['meter_name'],
            evaluator.window_start(definition, now))
    result = evaluator.evaluate(definition, samples, now)
    if result is None:
        return None
    state, reason, reason_data = result
    changed = state != row.state
    if not changed and not (definition.get('repeat_actions') and
                            state == c.STATE_ALARM):
        return None
    if changed:
        db_alarms.alarm_update(ctxt, alarm_id, {
            'state': state, 'state_reason': reason,
            'state_changed_at': now})
        db_alarms.history_add(ctxt, alarm_id, {
            'previous': row.state, 'current': state, 'reason': reason,
            'reason_data': reason_data}, CONF.monitoring.max_alarm_history)
    payload = publisher.transition_payload(
        alarm_id, row.name, definition.get('severity', 'low'), row.state,
        state, reason, reason_data,
        definition.get(ACTIONS_OF_STATE[state]) or [])
    publisher.publish_transition(payload)
    LOG.info('Alarm %s: %s -> %s (%s)', alarm_id, row.state, state, reason)
    return payload
