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

"""A RabbitMQ outage during alarm rounds loses no transition.

An engine evaluates a built-in alarm every second while its samples
(pushed ahead, with their timestamps) flip it between ``ok`` and
``alarm`` every two seconds; each ``ok -> alarm`` scales the group by
one. The test's own RabbitMQ node is stopped for ten seconds in the
middle and started again: every transition to ``alarm`` is delivered,
and acts once (the group grows by as many members as there were such
transitions, no more).
"""

import datetime
import os
import time

from oslo_utils import timeutils
import sqlalchemy as sa
from testtools import content

from tests import backends
from tests import base
from tests.functional import processes
from tests.functional import rabbit_node
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 100
      desired_capacity: 1
      cooldown: 0
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
      cooldown: 0
  flapping:
    type: OS::HeatVision::Alarm
    properties:
      meter_name: load
      statistic: avg
      period: 1
      evaluation_periods: 1
      comparison_operator: gt
      threshold: 50
      repeat_actions: false
      alarm_actions: [{get_attr: [up, alarm_url]}]
outputs:
  size: {value: {get_attr: [group, current_size]}}
  alarm_id: {value: {get_attr: [flapping, alarm_id]}}
'''
#: Seconds of samples pushed ahead: the alarm flips while they last.
SCHEDULE = 36
OUTAGE = 10


class BrokerOutageTest(base.TestCase):

    TIMEOUT = 300

    def setUp(self):
        super().setUp()
        if not rabbit_node.available():
            self.skipTest('rabbitmq-server is not installed')
        backends.require(self, 'mysql')
        self.broker = self.useFixture(rabbit_node.RabbitNode(
            self.state_dir))
        self.addOnException(lambda exc_info: self.addDetail(
            'rabbitmq', content.text_content(self.broker.log())))
        self.database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        messaging = backends.isolated_messaging()
        messaging['DEFAULT']['transport_url'] = self.broker.url
        port = processes.free_port()
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir,
                            'report_interval': 1, 'service_down_time': 10},
                'monitoring': {'evaluation_interval': 1,
                               'outbox_retry_delay': 0.5,
                               'outbox_max_retry_delay': 2},
                'database': {'connection': self.database.url},
                'api': {'bind_port': port}},
                messaging))
        self.client = processes.start_api_and_engine(self, config, port)
        self.stack_id = self.client.create('flapping', TEMPLATE)
        stack = self.client.wait('flapping', self.stack_id)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.alarm_id = self.outputs()['alarm_id']
        self.db = sa.create_engine(self.database.url)
        self.addCleanup(self.db.dispose)

    def outputs(self):
        # For a moment after the broker is back the API answers 503 (no
        # engine answered yet): a client retries that, and so does this.
        def answered():
            response = self.client.show('flapping', self.stack_id)
            return response if response.status_code != 503 else None

        response = waiting.wait_until(answered, 60)
        self.assertEqual(200, response.status_code, response.text)
        stack = response.json()['stack']
        return {o['output_key']: o['output_value'] for o in stack['outputs']}

    def push_schedule(self):
        """Samples for the next ``SCHEDULE`` seconds, four a second: 90
        for two seconds, then 10 for two, and so on.
        """
        start = timeutils.utcnow()
        samples = []
        for quarter in range(SCHEDULE * 4):
            offset = quarter / 4.0
            samples.append({
                'name': 'load', 'value': 90 if int(offset // 2) % 2 else 10,
                'timestamp': (start + datetime.timedelta(
                    seconds=offset)).isoformat()})
        response = self.client.request('POST', '/metrics',
                                       json={'samples': samples})
        self.assertEqual(202, response.status_code, response.text)
        return time.monotonic() + SCHEDULE

    def alarms_raised(self):
        """How many times the alarm went to ``alarm`` (its history)."""
        with self.db.connect() as conn:
            return conn.execute(sa.text(
                "SELECT COUNT(*) FROM alarm_history WHERE alarm_id = :a "
                "AND current = 'alarm'"), {'a': self.alarm_id}).scalar()

    def test_no_transition_lost_to_an_outage(self):
        ends = self.push_schedule()
        # The loop works before the outage.
        waiting.wait_until(lambda: self.alarms_raised() >= 2, 60)
        waiting.wait_until(lambda: self.outputs()['size'] >= 3, 60)
        before = self.alarms_raised()
        self.broker.stop()
        time.sleep(OUTAGE)
        during = self.alarms_raised() - before
        self.broker.start()
        # The alarm was evaluated, and changed, while the broker was down.
        self.assertGreaterEqual(during, 1)
        # The samples run out: the alarm stops changing.
        time.sleep(max(0, ends - time.monotonic()) + 2)
        raised = self.alarms_raised()
        waiting.holds_within(lambda: self.outputs()['size'] >= 1 + raised,
                             90, interval=0.5)
        # Time for a second delivery, if there were one, to show up.
        time.sleep(5)
        self.assertEqual(raised, self.alarms_raised())
        self.assertEqual(1 + raised, self.outputs()['size'])
