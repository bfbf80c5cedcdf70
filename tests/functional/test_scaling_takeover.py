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

"""An engine killed in the middle of a scale-out.

api and two engines over RabbitMQ on MariaDB, ``service_down_time``
long (120 s). A signal scales a group out; once its new member is
being created, the engine doing it is killed with SIGKILL and a second
signal is sent. The other engine must notice the death by asking the
dead engine (as Heat does before it steals a stack lock), not by waiting
for its heartbeat to age past ``service_down_time``: the interrupted
member is finished, the second signal applied, and the group is at 3
members, all complete, in a nested stack UPDATE_COMPLETE, well before
``service_down_time``. No member is left CREATE_IN_PROGRESS and counted.
The ``Location`` each signal's caller was given resolves: the killed
engine's signal to the event the engine that finished its resize wrote.
"""

import os
import signal
import time

import sqlalchemy as sa
from testtools import content

from tests import backends
from tests import base
from tests.functional import processes
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 5
      resource:
        type: OS::Heat::TestResource
        properties: {wait_secs: 8}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
'''
SERVICE_DOWN_TIME = 120


class ScalingTakeOverTest(base.TestCase):

    TIMEOUT = 600

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        self.database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        port = processes.free_port()
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir,
                            'report_interval': 2,
                            'service_down_time': SERVICE_DOWN_TIME,
                            'enable_test_resource_types': True},
                'database': {'connection': self.database.url},
                'api': {'bind_port': port}},
                backends.isolated_messaging()))
        self.client, self.engines = processes.start_api_and_engines(
            self, config, port, 2)

    def get(self, path):
        response = self.client.request('GET', path)
        self.assertEqual(200, response.status_code, response.text)
        return response.json()

    def members(self):
        """``{name: status}`` of the group's members, and the nested
        stack's status.
        """
        child = self.get('/stacks/%s/%s' % (self.child_name, self.child_id))
        resources = self.get('/stacks/%s/%s/resources' % (
            self.child_name, self.child_id))['resources']
        return ({r['resource_name']: r['resource_status']
                 for r in resources}, child['stack']['stack_status'])

    def claim_engine(self):
        """:returns: the id of the engine holding the group's claim."""
        engine = sa.create_engine(self.database.url)
        try:
            with engine.connect() as conn:
                return conn.execute(sa.text(
                    'SELECT engine_id FROM resource_claim WHERE '
                    'holder IS NOT NULL')).scalar()
        finally:
            engine.dispose()

    def scaling_engine(self):
        """The engine process whose claim on the group scales it now."""
        holder = self.claim_engine()
        self.assertIsNotNone(holder, 'no engine holds the claim')
        return holder, next(e for e in self.engines
                            if 'Engine %s started' % holder in e.log())

    def signal(self):
        """:returns: the ``Location`` the signal's caller is given."""
        response = self.client.request(
            'POST', '/stacks/scaled/%s/resources/up/signal' % self.stack_id)
        self.assertEqual(202, response.status_code, response.text)
        return response.headers['Location']

    def follow(self, location):
        """:returns: the event a signal's ``Location`` names."""
        response = self.client.session.get(location, timeout=60)
        self.assertEqual(200, response.status_code, response.text)
        return response.json()['event']

    def test_scale_out_survives_its_killed_engine(self):
        self.stack_id = self.client.create('scaled', TEMPLATE)
        stack = self.client.wait('scaled', self.stack_id, timeout=120)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        group = self.get('/stacks/scaled/%s/resources/group' %
                         self.stack_id)['resource']
        self.child_id = group['physical_resource_id']
        self.child_name = self.get('/stacks/%s' % self.child_id)[
            'stack']['stack_name']

        interrupted = self.signal()
        waiting.wait_until(
            lambda: 'CREATE_IN_PROGRESS' in self.members()[0].values(),
            120, interval=0.1, describe='a new member being created')
        dead, victim = self.scaling_engine()
        victim.popen.send_signal(signal.SIGKILL)
        victim.popen.wait()
        killed = time.monotonic()
        after = self.signal()
        waiting.wait_until(lambda: self.claim_engine() != dead,
                           SERVICE_DOWN_TIME / 2, interval=0.1,
                           describe='the claim taken over')
        self.addDetail('seconds to take the claim over', content.text_content(
            '%.1f' % (time.monotonic() - killed)))

        def done():
            members, status = self.members()
            return (status == 'UPDATE_COMPLETE' and len(members) == 3 and
                    set(members.values()) == {'CREATE_COMPLETE'})

        # Well before service_down_time: the death was asked, not waited
        # for (it took 60 s and more when it was waited for).
        waiting.wait_until(done, SERVICE_DOWN_TIME / 2, interval=0.2,
                           describe='3 complete members')
        elapsed = time.monotonic() - killed
        group = self.get('/stacks/scaled/%s/resources/group/scaling' %
                         self.stack_id)['scaling_group']
        self.assertEqual(3, group['current_size'])
        members, status = self.members()
        self.assertEqual(({'CREATE_COMPLETE'}, 'UPDATE_COMPLETE'),
                         (set(members.values()), status))
        self.addDetail('seconds to take over and finish',
                       content.text_content('%.1f' % elapsed))

        # The killed engine's signal is told what the engine that took
        # its claim over did; the later signal, its own resize (or that
        # it queued, when the sweep took the claim over first).
        event = self.follow(interrupted)
        self.assertEqual('SIGNAL_COMPLETE', event['resource_status'])
        self.assertEqual('Signal: resize left under way by a dead engine '
                         'finished: group group has 2 members',
                         event['resource_status_reason'])
        event = self.follow(after)
        self.assertEqual('SIGNAL_COMPLETE', event['resource_status'])
        self.assertRegex(event['resource_status_reason'],
                         '^Signal: (group group resized from 2 to 3|'
                         'signal queued: the group is scaling)')
