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

"""The built-in threshold alarm: its row, its evaluation, its state.

An alarm is created by its resource (``OS::HeatVision::Alarm``) through
the stack facade. The alarms are rows: the engines' evaluators
(``evaluation_service``) evaluate their share of them every
``[monitoring] evaluation_interval`` seconds, many at once
(``evaluate_many``); a change of state is recorded in the alarm's history
(the newest ``max_alarm_history`` kept) and in the outbox (``outbox``),
which publishes it on the queue until the broker takes it, where the
engines' listener picks it up like one of Aodh's.

Alarms made before by an older version each had a persistent task job
(``alarm-<id>``); the evaluators cancel those jobs (``retire_jobs``).
"""

import collections

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import exception
from heat_vision.db import alarms as db_alarms
from heat_vision.db import api as db_api
from heat_vision.db import metrics as db_metrics
from heat_vision.db import transition_outbox as db_outbox
from heat_vision.monitoring import constants as c
from heat_vision.monitoring import evaluator
from heat_vision.monitoring import outbox
from heat_vision.monitoring import publisher
from heat_vision.tasks import manager as task_manager

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# Alarms whose new states one transaction writes: a round's transitions
# in a few transactions, none holding its locks long.
WRITE_BATCH = 200
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
            'created_at': _isotime(row.created_at),
            'updated_at': _isotime(row.updated_at)}
    view.update(row.definition or {})
    return view


def format_history(row):
    return {'id': row.id, 'alarm_id': row.alarm_id,
            'type': 'state transition', 'previous': row.previous,
            'current': row.current, 'reason': row.reason,
            'reason_data': row.reason_data,
            'timestamp': _isotime(row.created_at)}


def create(ctxt, stack_id, resource_name, definition, recorder=None):
    """Store a built-in alarm; the evaluators take it at their next round.

    An engine taking over a create that a dead engine left finds the
    alarm that engine made (by stack and resource) and keeps it.

    :param ctxt: the stack's context (its project owns the alarm).
    :param recorder: the stack operation's ``Recorder``, if any: the alarm
        is then written by its next flush, with the resource that made it
        (in a stack it has just stored there is no alarm to look for).
    :returns: the alarm's view.
    """
    if recorder is None or not recorder.new_stack:
        made = db_alarms.alarm_get_by_resource(ctxt, stack_id,
                                               resource_name)
        if made is not None:
            return update(ctxt, made.id, definition)
    values = {
        'id': uuidutils.generate_uuid(), 'project_id': ctxt.project_id,
        'user_id': ctxt.user_id, 'stack_id': stack_id,
        'resource_name': resource_name,
        'name': definition.get('name') or resource_name,
        'state': c.STATE_INSUFFICIENT, 'definition': definition,
        'created_at': timeutils.utcnow()}
    if recorder is None:
        return format_alarm(db_alarms.alarm_create(ctxt, values))
    recorder.queue_batch(db_alarms.alarm_create_many, values)
    # A row of no session, shown as it will be stored.
    return format_alarm(db_alarms.new_alarm(values))


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
    """Forget the alarm (a gone one is fine), cancelling the evaluation
    job an older version gave it.
    """
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
    """Evaluate one alarm of the context's project (``evaluate_many``).

    :returns: the transition's payload, or None if nothing was published.
    :raises: EntityNotFound (also for another project's alarm)
    """
    payloads = evaluate_many(ctxt, [db_alarms.alarm_get(ctxt, alarm_id)],
                             now)
    return payloads[0] if payloads else None


def evaluate_many(ctxt, rows, now=None):
    """Evaluate alarms together; record their changes and send them.

    The samples of each project's meter are read once for all the alarms
    that watch it. A change is written only if the alarm is still in the
    state it was read in: an alarm that two evaluators took at once (while
    engines come and go) changes, and is published, once. Its transition
    is written in the outbox in the same transaction (``outbox``), and
    sent after the commit.

    :param rows: alarm rows, already checked to be the caller's to read.
    :returns: the payloads the broker took now, in the order of ``rows``
        (the others are sent again later).
    """
    now = now or timeutils.utcnow()
    order = {row.id: index for index, row in enumerate(rows)}
    watching = collections.defaultdict(list)
    for row in rows:
        if row.definition.get('enabled', True):
            watching[row.project_id, row.definition['meter_name']].append(
                row)
    results = {}
    for (project_id, meter), watchers in watching.items():
        since = min(evaluator.window_start(row.definition, now)
                    for row in watchers)
        samples = db_metrics.samples_since(ctxt, project_id, meter, since)
        for row in watchers:
            try:
                results[row.id] = evaluator.evaluate(row.definition,
                                                     samples, now)
            except Exception:
                # One alarm's fault is not its neighbours'.
                LOG.exception('Alarm %s could not be evaluated', row.id)
    changes, repeats, outbox_rows = [], [], {}
    # Sent at once after the commit, unless this process found the broker
    # down lately: then left to the engines' outbox senders.
    direct = not outbox.broker_down()
    for row in rows:
        result = results.get(row.id)
        if result is None:
            continue
        state, reason, reason_data = result
        if state != row.state:
            changes.append((row.id, row.state, {
                'state': state, 'state_reason': reason,
                'state_changed_at': now}, {
                'previous': row.state, 'current': state, 'reason': reason,
                'reason_data': reason_data}))
        elif not (row.definition.get('repeat_actions') and
                  state == c.STATE_ALARM):
            continue
        outbox_rows[row.id] = outbox.new_row(_payload(row, result), now,
                                             leased=direct)
        if state == row.state:
            repeats.append(outbox_rows[row.id])
    written = list(repeats)
    for start in range(0, len(changes), WRITE_BATCH):
        batch = changes[start:start + WRITE_BATCH]
        # Each state with its transition to send, in one transaction.
        # Not those another evaluator changed first: it sends them.
        written += [outbox_rows[alarm_id] for alarm_id in
                    db_alarms.alarm_change_states(
                        ctxt, batch, CONF.monitoring.max_alarm_history,
                        outbox=outbox_rows)]
    # A repeat changes no state: its transition alone is stored.
    db_outbox.add_many(ctxt, repeats)
    written.sort(key=lambda r: order[r['alarm_id']])
    if not direct:
        return []
    # At once after the commit; what the broker does not take now, the
    # engines' outbox senders send later.
    return outbox.send(ctxt, [(r['id'], r['payload'], 0, 0)
                              for r in written], now)


def _payload(row, result):
    """:returns: the payload of ``row``'s transition to ``result``."""
    definition = row.definition
    state, reason, reason_data = result
    return publisher.transition_payload(
        row.id, row.name, definition.get('severity', 'low'), row.state,
        state, reason, reason_data,
        definition.get(ACTIONS_OF_STATE[state]) or [])


def retire_jobs(ctxt, rows):
    """Cancel the evaluation jobs an older version gave these alarms
    (``alarm-<id>``, one each) and forget them: the evaluators evaluate
    the alarms now.
    """
    alarm_ids = [row.id for row in rows if row.job_id]
    if not alarm_ids:
        return
    with db_api.writer(ctxt):
        cancelled = task_manager.ask_cancel_all(
            ctxt, [row.job_id for row in rows if row.job_id])
        db_alarms.alarm_forget_jobs(ctxt, alarm_ids)
    for job_id in cancelled:
        task_manager.stop_here(job_id)
    LOG.info('Cancelled the evaluation jobs of %d alarms made by an '
             'older version: the engines evaluate them now',
             len(alarm_ids))
