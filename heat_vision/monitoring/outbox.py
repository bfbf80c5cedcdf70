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

"""The built-in alarms' transitions go out through an outbox.

NOTE(heat-vision): "the broker took it" is not enough. The engines'
listener reads a pool queue (``[monitoring] listener_pool``) that the
listener declares, not the sender; after a broker restart a
non-durable queue is gone until the listener has reconnected, and what
is sent meanwhile reaches only oslo.messaging's default queue
(``<topic>.sample``), which nobody reads (seen in
tests/functional/monitoring/test_broker_outage.py: every transition sent
in the second before the listener reconnected was lost). So a listener
marks each transition it takes (``delivered``), and one the broker took
but no listener took within ``[monitoring] outbox_delivery_timeout`` is
sent again.

An alarm's new state and its transition (``transition_outbox``) are
written in one transaction (``alarms.evaluate_many``): a state written
is a transition that will be sent. The evaluator sends the transitions
of its round at once after the commit (``send``), unless the broker
refused this process's last attempt (then the senders try them, so that
the rounds stay on time); one the broker did not take waits, and a
sender in every engine (``OutboxSender``) sends the transitions that
are due again, ``[monitoring] outbox_retry_delay`` after the first
attempt, twice as long after each next one, up to
``outbox_max_retry_delay``, until the broker takes them, and again after
``outbox_delivery_timeout`` (doubling) until a listener takes them. A
transition taken by a sender is leased to it (``LEASE``): an engine that
dies while sending leaves it to the others once the lease is over.

A transition can reach the queue twice (sent again while the first is
still queued, or the engine died before marking it sent): a listener
ignores a transition already delivered, and the receiving engine acts on
a transition id once within ``[monitoring] transition_dedup_window``
(``engine.alarms.transition_dedup``) for two that arrive at once.
"""

import datetime
import threading

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import transition_outbox as db_outbox
from heat_vision.monitoring import publisher

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

#: Seconds a sender holds the transitions it took before another may.
LEASE = 20
#: Transitions taken per pass of a sender.
BATCH = 200
#: Seconds between two looks of a sender for transitions due.
LOOK_EVERY = 0.5


# Whether the broker refused this process's last attempt: until a
# sender's next attempt succeeds, an evaluator round leaves its
# transitions to the senders instead of waiting for the broker to refuse
# them (each refusal takes seconds; the rounds stay on time).
_BROKER = {'down': False}


def broker_down():
    """:returns: whether the broker refused this process's last send."""
    return _BROKER['down']


def new_row(payload, now, leased):
    """:returns: the outbox row of a transition to send.

    :param leased: True when its writer sends it at once after the
        commit; False to leave it to the senders.
    """
    due = now + datetime.timedelta(seconds=LEASE) if leased else now
    return {'id': payload['transition_id'], 'alarm_id': payload['alarm_id'],
            'payload': payload, 'created_at': now, 'next_attempt_at': due}


def retry_delay(attempts):
    """:returns: seconds before the attempt after ``attempts`` failed."""
    return min(CONF.monitoring.outbox_retry_delay * 2 ** (attempts - 1),
               CONF.monitoring.outbox_max_retry_delay)


def send(ctxt, rows, now=None):
    """Publish outbox rows taken by this caller, in order; mark those the
    broker took sent, put the others off.

    A broker that cannot be reached (``MessageDeliveryFailure``) stops
    the pass: the rows after are put off without trying them.

    :param rows: ``(id, payload, attempts, sends)`` of each: the
        attempts the broker refused in a row, the times it took it.
    :param now: the time the delays count from.
    :returns: the payloads the broker took.
    """
    sent, taken = [], []
    failed = None
    now = now or timeutils.utcnow()
    for row_id, payload, attempts, sends in rows:
        if failed is None:
            try:
                publisher.publish_transition(payload)
            except messaging.MessageDeliveryFailure as exc:
                failed = exc
            except Exception as exc:
                # This transition's fault, not the broker's: the others
                # are sent all the same.
                _put_off(ctxt, row_id, payload, attempts, now, exc)
                continue
            else:
                _BROKER['down'] = False
                LOG.info('Alarm %s: %s -> %s (%s)', payload['alarm_id'],
                         payload['previous'], payload['current'],
                         payload['reason'])
                sent.append((row_id, sends + 1))
                taken.append(payload)
                continue
        _put_off(ctxt, row_id, payload, attempts, now, failed)
    sent_at = timeutils.utcnow()
    db_outbox.mark_sent(ctxt, [
        (row_id, sends, sent_at + datetime.timedelta(
            seconds=delivery_timeout(sends)))
        for row_id, sends in sent], sent_at)
    return taken


def delivery_timeout(sends):
    """:returns: seconds, after the broker took a transition for the
    ``sends``-th time, before it is sent again if no listener took it:
    ``[monitoring] outbox_delivery_timeout``, twice as long each time, up
    to
    ``outbox_keep_sent`` (a transition no engine listens to is not sent
    every few seconds until it is purged).
    """
    return min(CONF.monitoring.outbox_delivery_timeout * 2 ** (sends - 1),
               max(CONF.monitoring.outbox_keep_sent,
                   CONF.monitoring.outbox_delivery_timeout))


def _put_off(ctxt, row_id, payload, attempts, now, exc):
    attempts += 1
    delay = retry_delay(attempts)
    if isinstance(exc, messaging.MessageDeliveryFailure):
        _BROKER['down'] = True
    LOG.warning('Alarm %s: %s -> %s not sent (attempt %d: %s); sending '
                'again in %.1f s', payload.get('alarm_id'),
                payload.get('previous'), payload.get('current'), attempts,
                exc, delay)
    db_outbox.postpone(ctxt, row_id, attempts,
                       now + datetime.timedelta(seconds=delay))


def send_due(ctxt, now=None):
    """Send the transitions that are due (those of no live sender).

    :returns: the payloads the broker took.
    """
    now = now or timeutils.utcnow()
    rows = db_outbox.take_due(ctxt, now, now + datetime.timedelta(
        seconds=LEASE), BATCH)
    return send(ctxt, [(row.id, row.payload, row.attempts, row.sends)
                       for row in rows], now)


def delivered_before(transition_id):
    """:returns: whether a listener took the transition before."""
    return db_outbox.delivered(context.get_admin_context(), transition_id)


def delivered(transition_id):
    """A listener took the transition: it is not sent again."""
    db_outbox.mark_delivered(context.get_admin_context(), transition_id,
                             timeutils.utcnow())


def purge(ctxt):
    """Forget transitions delivered ``[monitoring] outbox_keep_sent``
    ago (and those sent as long ago that no listener took).
    """
    return db_outbox.purge(ctxt, timeutils.utcnow() - datetime.timedelta(
        seconds=CONF.monitoring.outbox_keep_sent))


class OutboxSender:
    """An engine's sender of the transitions that are due."""

    def __init__(self, engine_id):
        self.engine_id = engine_id
        self._stopping = threading.Event()
        self._thread = None

    def start(self):
        self._stopping.clear()
        self._thread = threading.Thread(target=self._run,
                                        name='transition-outbox',
                                        daemon=True)
        self._thread.start()

    def stop(self):
        self._stopping.set()
        if self._thread is not None:
            self._thread.join(30)
            self._thread = None

    def _run(self):
        ctxt = context.get_admin_context()
        while not self._stopping.wait(LOOK_EVERY):
            try:
                while len(send_due(ctxt)) == BATCH:
                    # More are due: no wait.
                    if self._stopping.is_set():
                        return
            except Exception:
                LOG.exception('Engine %s could not send the alarm '
                              'transitions due', self.engine_id)
