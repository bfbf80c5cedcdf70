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

"""``openstack stack ...`` against a real heat-vision-all, no Keystone.

``openstack`` runs in the test's process (``osc``). Few tests walk
whole lifecycles: one waiting on the API then showing the stack with
``stack show``, one with ``--wait`` (which follows the events: every
5 s as heatclient does by default; ``stack create`` takes ``--poll
1``). Waits poll the API over HTTP; what a test asserts comes from
``openstack``.
"""

import json
import os

import fixtures

from tests.component.engine import test_cancel
from tests.functional import client as heat_client
from tests.functional.compat import base
from tests.functional.compat import osc
from tests.functional import processes
from tests import waiting


class OpenstackclientTestCase(base.ServiceTestCase):

    SHARED_SERVICE = True

    def setUp(self):
        super().setUp()
        self.template = os.path.join(
            self.useFixture(fixtures.TempDir()).path, 'stack.yaml')
        with open(self.template, 'w') as f:
            f.write(base.TEMPLATE)

    def openstack(self, *args, **kwargs):
        return osc.openstack(self.service.endpoint, *args,
                             **kwargs)

    def openstack_json(self, *args):
        return osc.openstack_json(self.service.endpoint, *args)

    def wait_for(self, name, status):
        """Wait until the stack leaves IN_PROGRESS, then show it with
        ``openstack stack show``.

        The wait itself polls the API over HTTP: a poll proves nothing
        about the client. What the test asserts comes from the client,
        once the stack settled.
        """
        api = heat_client.HeatClient(self.service.endpoint)
        self.addCleanup(api.session.close)

        def settled():
            response = api.show(name)
            if response.status_code == 404:
                return 'gone'
            if response.status_code != 200:
                return None
            stack_status = response.json()['stack']['stack_status']
            return not stack_status.endswith('IN_PROGRESS')

        waiting.wait_until(settled, interval=0.1)
        result = self.openstack('stack', 'show', name, '-f', 'json',
                                check=False)
        if status == 'DELETED':
            self.assertNotEqual(0, result.returncode, result.stdout)
            self.assertIn('not found', result.stderr.lower())
            return 'DELETED'
        self.assertEqual(0, result.returncode, result.stderr)
        stack = json.loads(result.stdout)
        self.assertEqual(status, stack['stack_status'],
                         stack['stack_status_reason'])
        return stack


class OpenstackclientTest(OpenstackclientTestCase):
    # Up to a dozen ``openstack`` runs and several stack waits a test:
    # past the default 120 s on a busy machine when each run was a
    # process of its own; kept for the waits, as in ByStackNameTest.
    TIMEOUT = 420

    def test_lifecycle(self):
        name = self.unique('osc')
        created = self.openstack_json(
            'stack', 'create', '-t', self.template, '--parameter',
            'word=Havana', name)
        self.assertEqual(name, created['stack_name'])
        stack = self.wait_for(name, 'CREATE_COMPLETE')
        self.assertEqual(created['id'], stack['id'])
        self.assertEqual('Havana', stack['parameters']['word'])

        listed = self.openstack_json('stack', 'list')
        self.assertIn((name, 'CREATE_COMPLETE'),
                      [(s['Stack Name'], s['Stack Status']) for s in listed])
        filtered = self.openstack_json('stack', 'list', '--property',
                                       'name=%s' % name)
        self.assertEqual([created['id']], [s['ID'] for s in filtered])

        output = self.openstack_json('stack', 'output', 'show', name,
                                     'echoed')
        self.assertEqual('Havana', output['output_value'])

        self.openstack('stack', 'delete', '--yes', name)
        self.wait_for(name, 'DELETED')
        listed = self.openstack_json('stack', 'list')
        self.assertNotIn(name, [s['Stack Name'] for s in listed])

    def test_lifecycle_with_wait(self):
        name = self.unique('oscw')
        created = self.openstack_json(
            'stack', 'create', '--wait', '--poll', '1', '-t', self.template,
            '--parameter', 'word=Icehouse', name)
        self.assertEqual('CREATE_COMPLETE', created['stack_status'])

        resources = self.openstack_json('stack', 'resource', 'list', name)
        self.assertEqual({'first', 'echo'},
                         {r['resource_name'] for r in resources})
        self.assertEqual({'CREATE_COMPLETE'},
                         {r['resource_status'] for r in resources})
        resource = self.openstack_json('stack', 'resource', 'show', name,
                                       'echo')
        self.assertEqual('OS::Heat::Value', resource['resource_type'])

        events = self.openstack_json('stack', 'event', 'list', name)
        self.assertIn('CREATE_COMPLETE',
                      [e['resource_status'] for e in events])

        outputs = self.openstack_json('stack', 'output', 'list', name)
        self.assertEqual(['echoed'], [o['output_key'] for o in outputs])
        template = self.openstack_json('stack', 'template', 'show', name)
        self.assertIn('echo', template['resources'])

        self.openstack('stack', 'delete', '--yes', '--wait', name)
        listed = self.openstack_json('stack', 'list')
        self.assertNotIn(name, [s['Stack Name'] for s in listed])
        # As Heat: by id the deleted stack shows its end; by name, gone.
        shown = self.openstack_json('stack', 'show', created['id'])
        self.assertEqual('DELETE_COMPLETE', shown['stack_status'])
        result = self.openstack('stack', 'show', name, check=False)
        self.assertIn('not found', result.stderr.lower())

    def test_update_existing_without_a_template_keeps_it(self):
        name = self.unique('oscx')
        self.openstack_json('stack', 'create', '--wait', '--poll', '1',
                            '-t', self.template, name)
        # heatclient sends "template": null: the stored one is kept.
        self.openstack('stack', 'update', '--existing', '--wait',
                       '--parameter', 'word=Juno', name)
        stack = self.wait_for(name, 'UPDATE_COMPLETE')
        self.assertEqual('Juno', stack['parameters']['word'])
        template = self.openstack_json('stack', 'template', 'show', name)
        self.assertIn('echo', template['resources'])
        self.openstack('stack', 'delete', '--yes', '--wait', name)

    def test_cancel_stops_an_update_at_once(self):
        # ``slow`` takes ten minutes to update; the cancel does not wait.
        name = self.unique('cancel')
        slow = os.path.join(os.path.dirname(self.template), 'slow.yaml')
        with open(slow, 'w') as f:
            f.write(test_cancel.TEMPLATE)
        self.openstack('stack', 'create', '--wait', '--poll', '1', '-t', slow,
                       name)
        self.openstack('stack', 'update', '--existing', '--parameter',
                       'value=b', name)
        # Polled over HTTP (an ``openstack`` run per look is wasted).
        api = heat_client.HeatClient(self.service.endpoint)
        self.addCleanup(api.session.close)
        waiting.wait_until(lambda: api.request(
            'GET', '/stacks/%s/resources/slow' % name).json()['resource'][
                'resource_status'] == 'UPDATE_IN_PROGRESS', interval=0.1)
        self.assertEqual('UPDATE_IN_PROGRESS', self.openstack_json(
            'stack', 'resource', 'show', name, 'slow')['resource_status'])
        self.openstack('stack', 'cancel', name)
        stack = self.wait_for(name, 'ROLLBACK_COMPLETE')
        self.assertEqual('Stack ROLLBACK completed successfully',
                         stack['stack_status_reason'])
        self.openstack('stack', 'delete', '--yes', '--wait', name)

    def test_marked_unhealthy_is_replaced_by_the_next_update(self):
        name = self.unique('oscu')
        self.openstack_json('stack', 'create', '-t', self.template, name)
        self.wait_for(name, 'CREATE_COMPLETE')
        before = self.openstack_json('stack', 'resource', 'show', name,
                                     'echo')
        self.openstack('stack', 'resource', 'mark', 'unhealthy', name,
                       'echo', 'disk gone')
        shown = self.openstack_json('stack', 'resource', 'show', name,
                                    'echo')
        self.assertEqual('CHECK_FAILED', shown['resource_status'])
        self.openstack('stack', 'update', '--existing', name)
        self.wait_for(name, 'UPDATE_COMPLETE')
        after = self.openstack_json('stack', 'resource', 'show', name,
                                    'echo')
        self.assertEqual('CREATE_COMPLETE', after['resource_status'])
        self.assertNotEqual(before['physical_resource_id'],
                            after['physical_resource_id'])
        self.openstack('stack', 'delete', '--yes', name)
        self.wait_for(name, 'DELETED')

    def test_template_commands(self):
        versions = self.openstack_json('orchestration', 'template',
                                       'version', 'list')
        self.assertIn('heat_template_version.2021-04-16',
                      [v['Version'] for v in versions])
        functions = self.openstack_json(
            'orchestration', 'template', 'function', 'list',
            'heat_template_version.2021-04-16')
        self.assertIn('get_attr', [f['Functions'] for f in functions])
        validated = self.openstack_json('orchestration', 'template',
                                        'validate', '-t', self.template)
        self.assertEqual('String', validated['Parameters']['word']['Type'])
        types = self.openstack_json('orchestration', 'resource', 'type',
                                    'list')
        self.assertIn('OS::Heat::Value', [t['Resource Type'] for t in types])

    def test_each_run_reaches_its_own_endpoint(self):
        """In one process, a run after another reaches its own endpoint,
        not the client the run before made (``osc.forget_clients``).
        """
        self.assertEqual(0, self.openstack('stack', 'list').returncode)
        nowhere = 'http://127.0.0.1:%d/v1/%s' % (
            processes.free_port(), self.unique('project'))
        result = osc.openstack(nowhere, 'stack', 'list', check=False)
        self.assertNotEqual(0, result.returncode, result.stdout)
        self.assertEqual(0, self.openstack('stack', 'list').returncode)

    def test_missing_stack_is_an_error(self):
        result = self.openstack('stack', 'show', self.unique('missing'),
                                check=False)
        self.assertEqual(1, result.returncode)
        self.assertIn('not found', result.stderr.lower())
