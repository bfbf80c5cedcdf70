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

"""The stack task plugins drive the engine: create, update, signal, delete.

A task-system job runs in the embedded service's own task server and
acts on stacks through the engine's RPC client, as another service's
job would.
"""


from tests import base
from tests import fixtures as hv_fixtures

V1 = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: one}
resources:
  handle: {type: OS::Heat::WaitConditionHandle}
  said:
    type: OS::Heat::Value
    properties: {value: {get_param: word}}
outputs:
  said: {value: {get_attr: [said, value]}}
'''


class StackTaskPluginsTest(base.TestCase):

    def test_a_job_creates_updates_signals_and_deletes_a_stack(self):
        service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir))
        job = {'name': 'stack-life', 'kind': 'sequence', 'tasks': [
            {'name': 'create', 'action': 'stack.create',
             'input': {'stack_name': 'by-task', 'template': V1,
                       'poll': 0.05}},
            {'name': 'update', 'action': 'stack.update',
             'requires': ['create'],
             'input': {'stack': 'by-task', 'template': V1,
                       'parameters': {'word': 'two'}, 'poll': 0.05}},
            {'name': 'signal', 'action': 'stack.signal',
             'requires': ['update'],
             'input': {'stack': 'by-task', 'resource': 'handle',
                       'details': {'status': 'SUCCESS', 'id': '1'}}},
            {'name': 'delete', 'action': 'stack.delete',
             'requires': ['signal'],
             'input': {'stack': 'by-task', 'poll': 0.05}},
        ]}
        shown = {'job': service.run_job(self, 'demo', job)}
        self.assertEqual('COMPLETE', shown['job']['status'], shown)
        steps = {s['name']: s for s in shown['job']['steps']}
        self.assertEqual('UPDATE_COMPLETE',
                         steps['update']['result']['stack_status'])
        self.assertEqual([{'output_key': 'said', 'output_value': 'two',
                           'description': 'No description given'}],
                         steps['update']['result']['outputs'])
        self.assertEqual('handle', steps['signal']['result']['resource'])
        self.assertEqual(404, service.wait_for_stack(
            'demo', 'by-task').status_int)
