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

"""The built-in alarms' outbox: a state written is a transition sent."""

import datetime
from unittest import mock

import oslo_messaging as messaging
from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.db import alarms as db_alarms
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import transition_outbox as db_outbox
from heat_vision.engine.alarms import listener
from heat_vision.monitoring import alarms
from heat_vision.monitoring import constants as c
from heat_vision.monitoring import outbox
from heat_vision.monitoring import publisher
from heat_vision.monitoring import samples
from heat_vision.rpc import transport
from tests import base
from tests import fixtures as hv_fixtures
from tests.unit.monitoring import test_alarms

DOWN = messaging.MessageDeliveryFailure('AMQP server unreachable')


def later(seconds):
    return timeutils.utcnow() + datetime.timedelta(seconds=seconds)


class OutboxTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.useFixture(hv_fixtures.Database(self.state_dir))
        self.ctxt = context.RequestContext(project_id='demo', user_id='u',
                                           overwrite=False)
        self.admin = context.get_admin_context()
        self.rows = [db_alarms.alarm_create(self.ctxt, {
            'project_id': 'demo', 'user_id': 'u', 'stack_id': 's',
            'resource_name': name, 'name': name,
            'state': c.STATE_INSUFFICIENT,
            'definition': dict(test_alarms.DEFINITION)})
            for name in ('a', 'b', 'c')]
        samples.store(self.ctxt, 'demo', [{'name': 'cpu', 'value': 70}])
        self.published = mock.Mock()
        self.patch(publisher, 'publish_transition', self.published)
        # What this process knows of the broker, this test's own.
        self.patch(outbox, '_BROKER', {'down': False})

    def outbox_rows(self):
        with db_api.reader(self.admin) as session:
            return {row.alarm_id: row for row in
                    session.query(models.TransitionOutbox).all()}

    def state(self, row):
        return db_alarms.alarm_get(self.ctxt, row.id).state

    def test_a_transition_the_broker_refuses_is_sent_again(self):
        self.published.side_effect = DOWN
        self.assertEqual([], alarms.evaluate_many(self.ctxt, self.rows))
        # The broker was tried once, and the others put off unsent.
        self.assertEqual(1, self.published.call_count)
        for row in self.rows:
            self.assertEqual(c.STATE_ALARM, self.state(row))
        waiting = self.outbox_rows()
        self.assertEqual({r.id for r in self.rows}, set(waiting))
        self.assertEqual({(None, 1)},
                         {(r.sent_at, r.attempts) for r in waiting.values()})
        # Not due before the delay.
        self.assertEqual([], outbox.send_due(self.admin))
        # Still down at the next attempt: the delay doubles.
        self.assertEqual([], outbox.send_due(self.admin, later(1.5)))
        self.assertEqual({2}, {r.attempts
                               for r in self.outbox_rows().values()})
        self.assertEqual([], outbox.send_due(self.admin, later(3)))
        # The broker is back.
        self.published.side_effect = None
        self.published.reset_mock()
        sent = outbox.send_due(self.admin, later(3.5))
        self.assertEqual(sorted(r.id for r in self.rows),
                         sorted(p['alarm_id'] for p in sent))
        # The same payloads, sent again as they were first written.
        self.assertEqual([{a: r.payload for a, r in waiting.items()}[
            p['alarm_id']] for p in sent],
            [call.args[0] for call in self.published.call_args_list])
        self.assertNotIn(None, {r.sent_at
                                for r in self.outbox_rows().values()})
        # A listener took them: nothing more to send.
        for payload in sent:
            outbox.delivered(payload['transition_id'])
        self.assertEqual(0, db_outbox.pending_count(self.admin))
        self.assertEqual([], outbox.send_due(self.admin, later(3600)))
        self.assertEqual(3, self.published.call_count)

    def test_one_no_listener_took_is_sent_again(self):
        # The broker took it, then lost it (restarted before the
        # listener's queue was declared again).
        first = alarms.evaluate_many(self.ctxt, self.rows[:1])
        self.assertEqual([], outbox.send_due(self.admin, later(9)))
        again = outbox.send_due(self.admin, later(11))
        self.assertEqual(first, again)
        # Twice as long before the next time.
        self.assertEqual([], outbox.send_due(self.admin, later(19)))
        self.assertEqual(first, outbox.send_due(self.admin, later(21)))
        outbox.delivered(first[0]['transition_id'])
        self.assertEqual([], outbox.send_due(self.admin, later(3600)))

    def test_the_state_and_its_transition_are_one_transaction(self):
        self.patch(db_outbox, 'add_many',
                   mock.Mock(side_effect=RuntimeError('db gone')))
        self.assertRaises(RuntimeError, alarms.evaluate_many, self.ctxt,
                          self.rows[:1])
        self.assertEqual(c.STATE_INSUFFICIENT, self.state(self.rows[0]))
        self.assertEqual([], db_alarms.history_get(self.ctxt,
                                                   self.rows[0].id))
        self.published.assert_not_called()

    def test_the_transitions_of_a_round_are_sent_at_once(self):
        sent = alarms.evaluate_many(self.ctxt, self.rows)
        self.assertEqual([r.id for r in self.rows],
                         [p['alarm_id'] for p in sent])
        self.assertEqual({r.id: p['transition_id']
                          for r, p in zip(self.rows, sent)},
                         {a: r.id for a, r in self.outbox_rows().items()})
        self.assertNotIn(None, {r.sent_at
                                for r in self.outbox_rows().values()})
        # A sender finds nothing to send again (before the delivery
        # timeout).
        self.assertEqual([], outbox.send_due(self.admin, later(5)))
        self.assertEqual(3, self.published.call_count)

    def test_a_transition_taken_by_a_sender_is_not_taken_by_another(self):
        self.published.side_effect = DOWN
        alarms.evaluate_many(self.ctxt, self.rows[:1])
        now = later(2)
        taken = db_outbox.take_due(self.admin, now, later(20), 10)
        self.assertEqual(1, len(taken))
        self.assertEqual([], db_outbox.take_due(self.admin, now,
                                                later(20), 10))
        # The lease over (that sender died), another takes it.
        self.assertEqual(1, len(db_outbox.take_due(self.admin, later(21),
                                                   later(40), 10)))

    def test_a_round_leaves_its_transitions_to_the_senders_in_an_outage(
            self):
        self.published.side_effect = DOWN
        alarms.evaluate_many(self.ctxt, self.rows[:1])
        self.published.reset_mock()
        # The broker was found down: the next round does not wait for it.
        self.assertEqual([], alarms.evaluate_many(self.ctxt, self.rows[1:]))
        self.published.assert_not_called()
        self.published.side_effect = None
        # A sender sends them at once, the first at its delay.
        self.assertEqual({r.id for r in self.rows[1:]},
                         {p['alarm_id'] for p in outbox.send_due(
                             self.admin)})
        self.assertEqual([self.rows[0].id],
                         [p['alarm_id'] for p in outbox.send_due(
                             self.admin, later(1.5))])
        self.assertFalse(outbox.broker_down())

    def test_a_faulty_transition_does_not_hold_back_the_others(self):
        self.published.side_effect = [ValueError('unserialisable'), None,
                                      None]
        sent = alarms.evaluate_many(self.ctxt, self.rows)
        self.assertEqual([r.id for r in self.rows[1:]],
                         [p['alarm_id'] for p in sent])
        self.assertEqual([self.rows[0].id],
                         [a for a, r in self.outbox_rows().items()
                          if r.sent_at is None])

    def test_the_delay_doubles_up_to_the_longest(self):
        self.flags(group='monitoring', outbox_retry_delay=0.5,
                   outbox_max_retry_delay=3)
        self.assertEqual([0.5, 1, 2, 3, 3],
                         [outbox.retry_delay(n) for n in range(1, 6)])
        self.flags(group='monitoring', outbox_delivery_timeout=10,
                   outbox_keep_sent=60)
        self.assertEqual([10, 20, 40, 60, 60],
                         [outbox.delivery_timeout(n) for n in range(1, 6)])

    def test_delivered_transitions_are_purged_after_a_while(self):
        self.flags(group='monitoring', outbox_keep_sent=60)
        self.published.side_effect = [None, None, DOWN]
        sent = alarms.evaluate_many(self.ctxt, self.rows)
        outbox.delivered(sent[0]['transition_id'])
        self.assertEqual(0, outbox.purge(self.admin))
        future = later(61)
        self.patch(outbox.timeutils, 'utcnow', lambda: future)
        # The one delivered, and the one sent that no listener took.
        self.assertEqual(2, outbox.purge(self.admin))
        # The one never sent stays, however old.
        self.assertEqual({self.rows[2].id}, set(self.outbox_rows()))


class ListenerTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.useFixture(hv_fixtures.Database(self.state_dir))
        self.router = mock.Mock()
        self.endpoint = listener.AlarmEndpoint(self.router)
        self.patch(listener.matching, 'targets',
                   mock.Mock(return_value=[('s', 'up')]))
        self.admin = context.get_admin_context()
        self.payload = publisher.transition_payload(
            'a', 'cpu', 'low', c.STATE_OK, c.STATE_ALARM, 'r', {}, [])
        db_outbox.add_many(self.admin, [outbox.new_row(
            self.payload, timeutils.utcnow(), leased=False)])

    def test_a_transition_sent_again_is_taken_once(self):
        self.assertEqual(1, len(self.endpoint.handle_transition(
            dict(self.payload))))
        self.assertEqual(0, db_outbox.pending_count(self.admin))
        self.assertEqual([], self.endpoint.handle_transition(
            dict(self.payload)))
        self.assertEqual(1, self.router.route.call_count)
        self.assertEqual(
            self.payload['transition_id'],
            self.router.route.call_args.args[2]['transition_id'])


class PublisherTest(base.TestCase):
    """``publish_transition`` raises what oslo.messaging's Notifier
    swallows.
    """

    def setUp(self):
        super().setUp()
        self.flags(transport_url='fake://')
        transport.reset()
        self.addCleanup(transport.reset)
        driver = transport.get_notification_transport()._driver
        self.send = mock.Mock(side_effect=DOWN)
        self.patch(driver, 'send_notification', self.send)

    def test_a_broker_that_is_down_is_an_error(self):
        self.assertRaises(messaging.MessageDeliveryFailure,
                          publisher.publish_transition, {'alarm_id': 'a'})
        target, _ctxt, message, version = self.send.call_args.args
        self.assertEqual(('%s.sample' % self.conf.monitoring.topic,
                          c.TRANSITION_EVENT, 'SAMPLE', {'alarm_id': 'a'},
                          2.0, publisher.SEND_RETRY),
                         (target.topic, message['event_type'],
                          message['priority'], message['payload'], version,
                          self.send.call_args.kwargs['retry']))

    def test_the_notifier_would_have_said_nothing(self):
        notifier = messaging.Notifier(
            transport.get_notification_transport(), publisher_id='x',
            driver='messagingv2', topics=['t'])
        notifier.sample({}, c.TRANSITION_EVENT, {'alarm_id': 'a'})
        self.assertEqual(1, self.send.call_count)
