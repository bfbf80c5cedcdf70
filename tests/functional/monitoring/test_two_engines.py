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

"""Alarm transitions on RabbitMQ with two engines (MariaDB).

The transitions are published as Aodh's evaluator publishes them (event
type ``alarm.update``, priority ``sample``, Aodh's publisher id, on Aodh's
exchange and ``alarming`` topic). Both engines listen in one pool: each
transition is handled by exactly one engine; while an engine holds the
stack's lock, every transition is handled by that engine, whichever
engine read it from the queue.

The engines share the built-in alarms' evaluation: each alarm changes
state once, evaluated by one engine; when an engine stops, the other
evaluates them all.
"""

import os
import re

import kombu
import oslo_messaging as messaging
from oslo_utils import timeutils
import sqlalchemy as sa

from tests import backends
from tests import base
from tests.functional import client as heat_client
from tests.functional import processes
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 30
      desired_capacity: 1
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
outputs:
  size: {value: {get_attr: [group, current_size]}}
  alarm_url: {value: {get_attr: [up, alarm_url]}}
'''
ALARMS = 30
ALARMS_TEMPLATE = {'heat_template_version': '2021-04-16', 'resources': {
    'a%02d' % i: {'type': 'OS::HeatVision::Alarm', 'properties': {
        'meter_name': 'load', 'threshold': 50, 'period': 60,
        'comparison_operator': 'gt', 'statistic': 'avg',
        'repeat_actions': False}} for i in range(ALARMS)}}
CHANGES = re.compile(r'Alarm (\S+): (insufficient data|alarm|ok) -> '
                     r'(insufficient data|alarm|ok) ')
HANDLES = re.compile(r'Engine (\S+) handles alarm (\S+) for resource up')
FORWARDS = re.compile(r'Engine (\S+) forwards alarm (\S+) ')


class TwoEnginesTest(base.TestCase):

    TIMEOUT = 300

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        self.database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        messaging_config = backends.isolated_messaging()
        self.aodh_exchange = messaging_config['monitoring']['aodh_exchange']
        self.topic = messaging_config['monitoring']['topic']
        port = processes.free_port()
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir,
                            'report_interval': 1, 'service_down_time': 10},
                'monitoring': {'evaluation_interval': 1},
                'database': {'connection': self.database.url},
                'api': {'bind_port': port}},
                messaging_config))
        self.engines = []
        for label in ('engine-a', 'engine-b'):
            engine = self.useFixture(processes.Process(
                'heat-vision-engine', ['--config-file', config],
                self.state_dir, label))
            engine.attach_log_to(self)
            self.engines.append(engine)
        api = self.useFixture(processes.Process(
            'heat-vision-api', ['--config-file', config], self.state_dir))
        api.attach_log_to(self)
        processes.wait_for_http('http://127.0.0.1:%d/' % port, api)
        for engine in self.engines:
            processes.wait_for_log(engine, processes.ENGINE_READY)
        self.client = heat_client.HeatClient(
            'http://127.0.0.1:%d/v1/tenant' % port)
        self._wait(lambda: len(self.client.services()) == 2)
        self.stack_id = self.client.create('scaled', TEMPLATE)
        stack = self.client.wait('scaled', self.stack_id)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.alarm_url = self.outputs()['alarm_url']
        # The test publishes on Aodh's exchange, as aodh-evaluator does.
        self.flags(control_exchange=self.aodh_exchange)
        transport = messaging.get_notification_transport(
            self.conf, url=backends.RABBIT_URL)
        self.addCleanup(transport.cleanup)
        self.notifier = messaging.Notifier(
            transport, publisher_id='alarming.evaluator',
            driver='messagingv2', topics=['alarming'])

    def _wait(self, predicate, timeout=120):
        return waiting.wait_until(predicate, timeout, interval=0.1)

    def outputs(self):
        stack = self.client.show('scaled', self.stack_id).json()['stack']
        return {o['output_key']: o['output_value'] for o in stack['outputs']}

    def engine_id(self, engine):
        return re.search(r'Engine (\S+) started on', engine.log()).group(1)

    def handled(self):
        """``{alarm_id: [engine id, ...]}`` of every engine's log."""
        found = {}
        for engine in self.engines:
            for engine_id, alarm_id in HANDLES.findall(engine.log()):
                found.setdefault(alarm_id, []).append(engine_id)
        return found

    def forwarded(self):
        return [m for engine in self.engines
                for m in FORWARDS.findall(engine.log())]

    def publish(self, alarm_id):
        self.notifier.sample({}, 'alarm.update', {
            'actions': [self.alarm_url], 'alarm_id': alarm_id,
            'alarm_name': 'cpu_high', 'severity': 'low', 'previous': 'ok',
            'current': 'alarm', 'reason': 'Transition to alarm',
            'reason_data': {'type': 'threshold', 'count': 1}})

    def publish_all(self, count):
        """Publish one transition at a time, each once the group grew by
        the one before (a signal while the group resizes changes nothing,
        as in Heat).
        """
        alarm_ids = ['alarm-%02d' % i for i in range(count)]
        for size, alarm_id in enumerate(alarm_ids, start=2):
            self.publish(alarm_id)
            self._wait(lambda: alarm_id in self.handled())
            self._wait(lambda: self.outputs()['size'] == size)
        # A second delivery (the other engine's copy, or a forward that
        # timed out) would show within the route timeout; the wait ends
        # at once if one does.
        self.assertFalse(waiting.holds_within(
            lambda: any(len(engines) > 1
                        for engines in self.handled().values()),
            timeout=3, interval=0.1), self.handled())
        return alarm_ids

    def test_each_transition_is_handled_once(self):
        alarm_ids = self.publish_all(6)
        handled = self.handled()
        self.assertEqual({a: 1 for a in alarm_ids},
                         {a: len(e) for a, e in handled.items()})
        self.assertEqual(7, self.outputs()['size'])

    def test_transitions_go_to_the_lock_holder(self):
        holder = self.engine_id(self.engines[0])
        engine = sa.create_engine(self.database.url)
        self.addCleanup(engine.dispose)
        with engine.begin() as conn:
            conn.execute(sa.text(
                'INSERT INTO stack_lock (stack_id, engine_id, created_at) '
                'VALUES (:s, :e, :t)'),
                {'s': self.stack_id, 'e': holder, 't': timeutils.utcnow()})
        alarm_ids = self.publish_all(8)
        handled = self.handled()
        self.assertEqual({a: [holder] for a in alarm_ids}, handled)
        # RabbitMQ hands the pool's messages to both engines in turn: the
        # other engine read some of them and forwarded them.
        other = self.engine_id(self.engines[1])
        self.assertIn(other, {e for e, _a in self.forwarded()})
        self.assertEqual(9, self.outputs()['size'])

    def changes(self, engine):
        """``[(alarm id, previous, current)]`` that an engine recorded."""
        return CHANGES.findall(engine.log())

    def push(self, value):
        response = self.client.request('POST', '/metrics', json={
            'samples': [{'name': 'load', 'value': value}]})
        self.assertEqual(202, response.status_code, response.text)

    def own_queue(self):
        """:returns: ``(messages ready, consumers)`` of the queue the
        built-in transitions are published to (``<topic>.sample``, which
        the broker driver declares).
        """
        url = backends.RABBIT_URL.replace('rabbit://', 'amqp://', 1)
        with kombu.Connection(url) as connection:
            with connection.channel() as channel:
                _name, ready, consumers = channel.queue_declare(
                    queue='%s.sample' % self.topic, passive=True)
        return ready, consumers

    def test_the_engines_share_the_alarms(self):
        stack_id = self.client.create('alarms', ALARMS_TEMPLATE)
        stack = self.client.wait('alarms', stack_id)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.push(90)
        self._wait(lambda: sum(len(self.changes(e))
                               for e in self.engines) >= ALARMS)
        # Rounds enough (one a second) for an alarm changed twice to
        # show; the wait ends at once if one does.
        self.assertFalse(waiting.holds_within(
            lambda: sum(len(self.changes(e)) for e in self.engines) >
            ALARMS, timeout=3, interval=0.1))
        first, second = (self.changes(e) for e in self.engines)
        self.assertEqual(ALARMS, len(first) + len(second))
        self.assertEqual(ALARMS, len({a for a, _p, _c in first + second}))
        self.assertEqual({('insufficient data', 'alarm')},
                         {(p, c) for _a, p, c in first + second})
        self.assertTrue(first and second, (first, second))
        # Both engines read that queue (it once filled up unread).
        self._wait(lambda: self.own_queue() == (0, 2))
        # One engine stops: the other evaluates every alarm.
        self.engines[1].stop()
        self._wait(lambda: len(self.client.services()) == 1)
        past = len(self.changes(self.engines[0]))
        self.push(0)      # the window's average: 45
        self._wait(lambda: len(self.changes(self.engines[0])) >=
                   past + ALARMS, timeout=180)
        later = self.changes(self.engines[0])[past:]
        self.assertEqual({('alarm', 'ok')}, {(p, c) for _a, p, c in later})
        self.assertEqual(ALARMS, len({a for a, _p, _c in later}))
