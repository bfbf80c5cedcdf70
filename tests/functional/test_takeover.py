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

"""Killing an engine mid-operation: another one finishes the job.

api and two engines over RabbitMQ on MariaDB. A stack of 300
HeatVision::Test::Ledger resources (each a file, each creation logged)
is created, updated and deleted; the engine doing the work is killed
with SIGKILL twice in the create and twice in the update, early and
late (the second time it is the engine that had taken over). The other
engine must carry every operation to COMPLETE, and the ledger must show
each resource made once and nothing left behind.

A second stack mixes every built-in resource type with waits
(TestResource's action_wait_secs, Delay, a wait condition, groups and
nested stacks of waiting resources); its engine is killed while the
waits run, and the engine taking over must finish each wait.
"""

import collections
import os
import signal

from tests import backends
from tests import base
from tests.functional import client as heat_client
from tests.functional import processes
from tests import waiting

COUNT = 300
WAITS = 48
WAIT_SECS = 2

BUILTINS = '''
  handle: {type: OS::Heat::WaitConditionHandle}
  condition:
    type: OS::Heat::WaitCondition
    properties: {handle: {get_resource: handle}, timeout: 600}
  cfn_handle: {type: AWS::CloudFormation::WaitConditionHandle}
  cfn_condition:
    type: AWS::CloudFormation::WaitCondition
    properties: {Handle: {get_resource: cfn_handle}, Timeout: 600}
  none: {type: OS::Heat::None}
  value: {type: OS::Heat::Value, properties: {value: 1}}
  random: {type: OS::Heat::RandomString}
  config: {type: OS::Heat::SoftwareConfig, properties: {config: echo}}
  cloud: {type: OS::Heat::CloudConfig, properties: {cloud_config: {a: 1}}}
  mime: {type: OS::Heat::MultipartMime, properties: {parts: [{config: x}]}}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 4
      resource_def:
        type: OS::Heat::TestResource
        properties: {action_wait_secs: {create: %(secs)s}}
  chain:
    type: OS::Heat::ResourceChain
    properties:
      resources: [OS::Heat::Delay, OS::Heat::Delay]
      resource_properties: {min_wait: %(secs)s}
  nested:
    type: OS::Heat::Stack
    properties: {template: {get_file: waiting.yaml}}
  cfn_nested:
    type: AWS::CloudFormation::Stack
    properties: {TemplateURL: waiting.yaml}
  provider: {type: waiting.yaml}
'''
WAITING = '''heat_template_version: 2021-04-16
resources:
  wait:
    type: OS::Heat::TestResource
    properties: {action_wait_secs: {create: %s}}
''' % WAIT_SECS


def template(directory, seconds):
    lines = ['heat_template_version: 2021-04-16', 'resources:']
    for i in range(COUNT):
        lines.append('  r%03d: {type: HeatVision::Test::Ledger, properties: '
                     '{directory: "%s", seconds: %s}}'
                     % (i, directory, seconds))
    return '\n'.join(lines) + '\n'


def builtins_template():
    """Every built-in type, and ``WAITS`` resources that wait."""
    lines = ['heat_template_version: 2021-04-16', 'resources:']
    for i in range(WAITS // 2):
        lines.append('  t%02d: {type: OS::Heat::TestResource, properties: '
                     '{action_wait_secs: {create: %s}}}' % (i, WAIT_SECS))
        lines.append('  d%02d: {type: OS::Heat::Delay, properties: '
                     '{min_wait: %s}}' % (i, WAIT_SECS))
    return '\n'.join(lines) + BUILTINS % {'secs': WAIT_SECS}


class TakeOverTest(base.TestCase):

    TIMEOUT = 600

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        self.ledger = os.path.join(self.state_dir, 'ledger')
        os.mkdir(self.ledger)
        self.port = processes.free_port()
        self.config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {
                    'state_path': self.state_dir,
                    'report_interval': 1, 'service_down_time': 4,
                    'enable_test_resource_types': True,
                    'action_workers': 16,
                    # A call the killed engine took is lost: fail it fast.
                    'rpc_response_timeout': 10},
                'database': {'connection': database.url},
                'api': {'bind_port': self.port}},
                backends.isolated_messaging()))
        self.engines = {}
        for i in range(2):
            self.start_engine('engine-%d' % i)
        api = self.useFixture(processes.Process(
            'heat-vision-api', ['--config-file', self.config],
            self.state_dir))
        api.attach_log_to(self)
        processes.wait_for_http('http://127.0.0.1:%d/' % self.port, api)
        self.client = heat_client.HeatClient(
            'http://127.0.0.1:%d/v1/tenant' % self.port)
        for engine in self.engines.values():
            processes.wait_for_log(engine, processes.ENGINE_READY)
        self._wait(lambda: len(self.client.services()) == 2)

    def start_engine(self, label):
        self.engines[label] = self.useFixture(processes.Process(
            'heat-vision-engine', ['--config-file', self.config],
            self.state_dir, label))
        self.engines[label].attach_log_to(self)

    def _wait(self, predicate, timeout=120):
        return waiting.wait_until(predicate, timeout, interval=0.1)

    def log_lines(self):
        path = os.path.join(self.ledger, 'ledger.log')
        if not os.path.exists(path):
            return []
        with open(path) as f:
            return [line.split() for line in f if line.strip()]

    def entries(self):
        return sorted(n for n in os.listdir(self.ledger) if n != 'ledger.log')

    def working_engine(self, marker, stack_id):
        """The label of the engine carrying the operation on right now."""
        def find():
            for label, engine in self.engines.items():
                log = engine.log()
                if marker in log or ('takes over' in log and stack_id in
                                     log.split('takes over')[-1]):
                    return label
            return None
        self._wait(find)
        return find()

    def kill_worker_when(self, marker, stack_id, predicate):
        """SIGKILL the engine doing the operation once ``predicate``."""
        self._wait(predicate)
        label = self.working_engine(marker, stack_id)
        self.engines[label].popen.send_signal(signal.SIGKILL)
        self.engines[label].popen.wait()
        del self.engines[label]
        self.start_engine(label + '-restarted')

    def assertOnePerResource(self, entries):
        """One entry file per resource, and no physical name made twice.

        An entry's name is its physical name, ``ledger-<resource>-<id>``.
        (The log can miss a creation whose engine was killed between
        making the file and logging it; the file is the record.)
        """
        resources = collections.Counter(e.split('-')[1] for e in entries)
        self.assertEqual({'r%03d' % i for i in range(COUNT)},
                         set(resources))
        self.assertEqual({1}, set(resources.values()), 'made twice')
        creates = collections.Counter(n for op, n in self.log_lines()
                                      if op == 'create')
        self.assertLessEqual(set(creates.values()), {1}, 'made twice')

    def resource_states(self, name, stack_id):
        response = self.client.request(
            'GET', '/stacks/%s/%s/resources' % (name, stack_id))
        if response.status_code != 200:
            return {}
        return {r['resource_name']: r['resource_status']
                for r in response.json()['resources']}

    def signal_handles(self, name, stack_id):
        """Signal both wait condition handles once they exist."""
        self._wait(lambda: {self.resource_states(name, stack_id).get(h)
                            for h in ('handle', 'cfn_handle')} ==
                   {'CREATE_COMPLETE'})
        base_path = '/stacks/%s/%s/resources/' % (name, stack_id)
        for handle, body in (
                ('handle', {'status': 'SUCCESS'}),
                ('cfn_handle', {'Status': 'SUCCESS', 'Reason': 'up',
                                'UniqueId': '1', 'Data': 'ok'})):
            response = self.client.request(
                'POST', base_path + handle + '/signal', json=body)
            self.assertEqual(200, response.status_code, response.text)

    def test_every_builtin_type_survives_a_killed_engine(self):
        stack_id = self.client.create(
            'builtins', builtins_template(),
            files={'waiting.yaml': WAITING})
        self.signal_handles('builtins', stack_id)
        # Killed while waits run: some resources resumed mid-wait.
        self.kill_worker_when(
            'creates stack builtins', stack_id,
            lambda: 'CREATE_IN_PROGRESS' in self.resource_states(
                'builtins', stack_id).values())
        stack = self.client.wait('builtins', stack_id, timeout=180)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        states = self.resource_states('builtins', stack_id)
        self.assertEqual({'CREATE_COMPLETE'}, set(states.values()), states)

    def creates(self):
        return sum(1 for op, _ in self.log_lines() if op == 'create')

    def test_operations_survive_a_killed_engine(self):
        stack_id = self.client.create('ledger', template(self.ledger, 0.2))
        # Early, then late: the second kill hits the engine that took over.
        for made in (40, 200):
            self.kill_worker_when('creates stack ledger', stack_id,
                                  lambda: self.creates() >= made)
        stack = self.client.wait('ledger', stack_id, timeout=180)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertOnePerResource(self.entries())

        # An update replacing every resource (seconds cannot change in
        # place), killed part-way.
        before = set(self.entries())
        response = self.client.request(
            'PUT', '/stacks/ledger/%s' % stack_id,
            json={'template': template(self.ledger, 0.1)})
        self.assertEqual(202, response.status_code, response.text)
        for made in (COUNT + 40, COUNT + 200):
            self.kill_worker_when('updates stack ledger', stack_id,
                                  lambda: self.creates() >= made)
        stack = self.client.wait('ledger', stack_id, timeout=180)
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        after = set(self.entries())
        self.assertOnePerResource(after)
        self.assertFalse(before & after, 'old resources left behind')

        response = self.client.request(
            'DELETE', '/stacks/ledger/%s' % stack_id)
        self.assertEqual(204, response.status_code)
        self.assertIsNone(self.client.wait('ledger', stack_id, timeout=180))
        self.assertEqual([], self.entries(), 'orphans')
