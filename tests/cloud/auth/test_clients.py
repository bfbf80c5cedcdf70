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

"""heatclient and ``openstack stack`` through Keystone password auth.

The clients log in to the test Keystone, find heat-vision as
``orchestration`` in the catalog and drive a stack's life; the API
validates their tokens with keystonemiddleware.
"""

import os

import fixtures
from heatclient import client as heat_client
from heatclient import exc as heat_exc

from tests.cloud.auth import base
from tests.functional.compat import base as compat_base
from tests.functional.compat import osc
from tests import waiting


class KeystoneClientsTest(base.KeystoneServiceTestCase):

    def test_heatclient_lifecycle(self):
        sess = base.session(self.keystone, 'hv-member')
        heat = heat_client.Client('1', session=sess)
        self.assertEqual(
            self.service.root + '/v1/'
            + self.keystone.project_id('hv-member'),
            sess.get_endpoint(service_type='orchestration',
                              interface='public'))
        name = compat_base.ServiceTestCase.unique('ks')
        created = heat.stacks.create(stack_name=name,
                                     template=compat_base.TEMPLATE,
                                     parameters={'word': 'Vancouver'})
        stack_id = created['stack']['id']
        stack = self._wait(heat, name, 'CREATE_COMPLETE')
        self.assertEqual('Vancouver', stack.parameters['word'])
        self.assertEqual(
            {'echoed': 'Vancouver'},
            {o['output_key']: o['output_value'] for o in stack.outputs})
        self.assertEqual({'first', 'echo'}, {
            r.resource_name for r in heat.resources.list(stack_id)})
        heat.stacks.update(stack_id, existing=True,
                           parameters={'word': 'Denver'})
        self.assertEqual('Denver', self._wait(
            heat, name, 'UPDATE_COMPLETE').parameters['word'])
        heat.stacks.delete(stack_id)
        waiting.wait_until(lambda: self._gone(heat, name))
        # Without a valid token: 401 before the engine sees anything.
        anonymous = heat_client.Client(
            '1', endpoint=sess.get_endpoint(service_type='orchestration',
                                            interface='public'),
            token='not-a-token')
        self.assertRaises(heat_exc.HTTPUnauthorized,
                          lambda: list(anonymous.stacks.list()))

    def test_openstack_stack_lifecycle(self):
        template = os.path.join(
            self.useFixture(fixtures.TempDir()).path, 'stack.yaml')
        with open(template, 'w') as f:
            f.write(compat_base.TEMPLATE)
        auth = self.keystone.openrc('hv-member')
        name = compat_base.ServiceTestCase.unique('ksosc')
        created = osc.openstack_json(
            None, 'stack', 'create', '--wait', '-t', template,
            '--parameter', 'word=Austin', name, auth=auth)
        self.assertEqual('CREATE_COMPLETE', created['stack_status'])
        shown = osc.openstack_json(None, 'stack', 'show', name, auth=auth)
        self.assertEqual('Austin', shown['parameters']['word'])
        self.assertEqual(self.keystone.project_id('hv-member'),
                         shown['links'][0]['href'].split('/')[4])
        listed = osc.openstack_json(None, 'stack', 'list', auth=auth)
        self.assertIn(name, [s['Stack Name'] for s in listed])
        # Another project's member sees nothing of it.
        other = self.keystone.openrc('hv-other-member')
        self.assertNotIn(name, [s['Stack Name'] for s in osc.openstack_json(
            None, 'stack', 'list', auth=other)])
        result = osc.openstack(None, 'stack', 'show', name, auth=other,
                               check=False)
        self.assertIn('not found', result.stderr.lower())
        osc.openstack(None, 'stack', 'delete', '--yes', '--wait', name,
                      auth=auth)
        self.assertNotIn(name, [s['Stack Name'] for s in osc.openstack_json(
            None, 'stack', 'list', auth=auth)])

    @staticmethod
    def _wait(heat, name, status):
        def settled():
            stack = heat.stacks.get(name)
            return None if stack.stack_status.endswith(
                'IN_PROGRESS') else stack
        stack = waiting.wait_until(settled)
        assert stack.stack_status == status, stack.stack_status_reason
        return stack

    @staticmethod
    def _gone(heat, name):
        try:
            heat.stacks.get(name)
        except heat_exc.HTTPNotFound:
            return True
        return False
