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

"""The sample job documents of examples/tasks/ run in the embedded mode.

examples/tasks/network-and-servers.yaml creates a network stack, then
attaches servers one by one, with stand-in resources; it is submitted as
its text, as a user of the CLI or another service would.
"""

import os

from tests import base
from tests import fixtures as hv_fixtures

EXAMPLES = os.path.join(os.path.dirname(__file__), '..', '..', '..',
                        'examples', 'tasks')


class ExampleJobsTest(base.TestCase):

    TIMEOUT = 240

    def test_network_and_servers(self):
        service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir))
        with open(os.path.join(EXAMPLES, 'network-and-servers.yaml')) as f:
            document = f.read()
        job = service.run_job(self, 'demo', document, timeout=180)
        self.assertEqual('COMPLETE', job['status'], job)
        steps = {s['name']: s for s in job['steps']}
        self.assertEqual(['network', 'attach-web-1', 'attach-web-2',
                          'attach-db-1'], [s['name'] for s in job['steps']])
        self.assertEqual(
            {'output_key': 'subnet', 'description': 'No description given',
             'output_value': {'network': 'example-net',
                              'cidr': '10.0.0.0/24'}},
            [o for o in steps['network']['result']['outputs']
             if o['output_key'] == 'subnet'][0])
        for server in ('web-1', 'web-2', 'db-1'):
            step = steps['attach-' + server]
            self.assertEqual(('CREATE_COMPLETE', 1),
                             (step['result']['stack_status'],
                              step['attempts']))
            [port] = step['result']['outputs']
            self.assertEqual(('example-net', server),
                             (port['output_value']['network'],
                              port['output_value']['server']))
            self.assertEqual(12, len(port['output_value']['mac_address']))
            self.assertEqual('CREATE_COMPLETE', service.wait_for_stack(
                'demo', 'example-net-' + server)['stack_status'])
