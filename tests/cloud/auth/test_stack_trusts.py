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

"""A stack's deferred work acts with its trust, long after the token.

Keystone here (on MariaDB, a database of its own) issues tokens that
live ``TOKEN_LIFE`` seconds. A member creates a stack whose
``HeatVision::Test::Identity`` resources (one at the top, one in a
nested stack) ask Keystone, through the stack's clients layer, whom the
session acts as: at create with the member's own token. Once that token
is dead, each is signalled by its signed URL, with no credential at
all: the engine then acts with the stack's trust, and Keystone says the
token it got is trust-scoped, of the member in the member's project.
One trust only (the nested stack uses its parent's); it is gone from
Keystone after the stack delete; its id never appears in clear in the
database, the events, the log, or the notifications (logged here).
"""

import json
import os
import unittest

import requests

from tests import backends
from tests.cloud.auth import base
from tests.cloud import keystone_service as ks
from tests.functional.compat import base as compat_base
from tests import waiting

# Long enough for a create of the nested stack on a busy machine to act
# with the member's token before it dies (30 s was not, at load 10).
TOKEN_LIFE = 60

INNER = {
    'heat_template_version': '2021-04-16',
    'resources': {'who': {'type': 'HeatVision::Test::Identity'}},
    'outputs': {
        'url': {'value': {'get_attr': ['who', 'signal_url']}},
        'seen': {'value': {'get_attr': ['who', 'seen']}}},
}
TEMPLATE = {
    'heat_template_version': '2021-04-16',
    'resources': {
        'who': {'type': 'HeatVision::Test::Identity'},
        'inner': {'type': 'OS::Heat::Stack', 'properties': {
            'template': json.dumps(INNER)}}},
    'outputs': {
        'url': {'value': {'get_attr': ['who', 'signal_url']}},
        'seen': {'value': {'get_attr': ['who', 'seen']}},
        'inner_url': {'value': {'get_attr': ['inner', 'outputs', 'url']}},
        'inner_seen': {'value': {'get_attr': ['inner', 'outputs',
                                              'seen']}}},
}


class StackTrustTest(base.KeystoneServiceTestCase):

    TOKEN_EXPIRATION = TOKEN_LIFE
    KEYSTONE_DATABASE = 'mysql'
    TIMEOUT = 600

    @classmethod
    def setUpClass(cls):
        if not backends.reachable('mysql'):
            message = 'MariaDB is not reachable at %s:%d' % \
                backends.SERVICES['mysql']
            if os.environ.get('CI') == 'true':
                raise AssertionError(message + ' (CI=true)')
            raise unittest.SkipTest(message)
        super().setUpClass()

    @classmethod
    def service_config(cls, keystone_url):
        config = base.trusts_config(keystone_url)
        config['DEFAULT'].update({'enable_test_resource_types': True,
                                  'auth_encryption_key': 'test-key'})
        config['clients'] = {'auth_mode': 'keystone_token',
                             'auth_url': keystone_url}
        # Notifications go to the log, which the test searches.
        config['oslo_messaging_notifications'] = {'driver': 'log'}
        return config

    def _trusts(self, user_id):
        admin = ks.Admin(self.keystone.url)
        return admin.get('OS-TRUST/trusts?trustor_user_id=%s'
                         % user_id)['trusts']

    def _request(self, method, path, token=None, body=None):
        headers = {'X-Auth-Token': token} if token else {}
        return requests.request(method, self.service.root + path,
                                json=body, timeout=60, headers=headers)

    def _outputs(self, path):
        shown = self._request('GET', path, self.keystone.token(
            'hv-member')).json()['stack']
        return {o['output_key']: o['output_value']
                for o in shown.get('outputs') or []}

    def _create(self, user, template, **args):
        tenant = self.keystone.project_id(user)
        name = compat_base.ServiceTestCase.unique('trusted-stack')
        created = self._request('POST', '/v1/%s/stacks' % tenant,
                                self.keystone.token(user),
                                dict(args, stack_name=name,
                                     template=template))
        self.assertEqual(201, created.status_code, created.text)
        return '/v1/%s/stacks/%s/%s' % (tenant, name,
                                        created.json()['stack']['id'])

    def _settled(self, path, user):
        def status():
            shown = self._request('GET', path, self.keystone.token(user))
            status = shown.json()['stack']['stack_status']
            return None if status.endswith('PROGRESS') else status
        return waiting.wait_until(status, timeout=120, interval=1)

    def test_update_by_another_user_takes_a_trust_of_theirs(self):
        """As Heat does (its stack ``refresh_cred``, since Heat 11)."""
        member = self.keystone.ids['users']['hv-member']
        admin = self.keystone.ids['users']['hv-admin']
        template = {'heat_template_version': '2021-04-16',
                    'resources': {'a': {'type': 'OS::Heat::None'}}}
        path = self._create('hv-member', template)
        self.assertEqual('CREATE_COMPLETE', self._settled(path, 'hv-member'))
        self.assertEqual(1, len(self._trusts(member)))
        template['resources']['b'] = {'type': 'OS::Heat::None'}
        updated = self._request('PUT', path, self.keystone.token('hv-admin'),
                                {'template': template})
        self.assertEqual(202, updated.status_code, updated.text)
        self.assertEqual('UPDATE_COMPLETE', self._settled(path, 'hv-admin'))
        self.assertEqual([], self._trusts(member))
        self.assertEqual(1, len(self._trusts(admin)))
        # The same user again keeps it.
        trust_id = self._trusts(admin)[0]['id']
        template['resources']['c'] = {'type': 'OS::Heat::None'}
        updated = self._request('PUT', path, self.keystone.token('hv-admin'),
                                {'template': template})
        self.assertEqual(202, updated.status_code, updated.text)
        self.assertEqual('UPDATE_COMPLETE', self._settled(path, 'hv-admin'))
        self.assertEqual([trust_id],
                         [t['id'] for t in self._trusts(admin)])
        deleted = self._request('DELETE', path,
                                self.keystone.token('hv-member'))
        self.assertEqual(204, deleted.status_code, deleted.text)
        waiting.wait_until(lambda: not self._trusts(admin), timeout=60,
                           interval=1)

    def test_a_rolled_back_create_deletes_its_trust(self):
        member = self.keystone.ids['users']['hv-member']
        path = self._create('hv-member', {
            'heat_template_version': '2021-04-16',
            'resources': {'bad': {'type': 'OS::Heat::TestResource',
                                  'properties': {'fail': True}}}},
            disable_rollback=False)
        self.assertEqual('ROLLBACK_COMPLETE',
                         self._settled(path, 'hv-member'))
        waiting.wait_until(lambda: not self._trusts(member),
                           timeout=60, interval=1)
        deleted = self._request('DELETE', path,
                                self.keystone.token('hv-member'))
        self.assertEqual(204, deleted.status_code, deleted.text)

    def test_deferred_work_acts_with_the_stacks_trust(self):
        user = 'hv-member'
        user_id = self.keystone.ids['users'][user]
        tenant = self.keystone.project_id(user)
        token = self.keystone.token(user)
        self.assertEqual([], self._trusts(user_id))
        name = compat_base.ServiceTestCase.unique('trusted-stack')
        created = self._request('POST', '/v1/%s/stacks' % tenant, token, {
            'stack_name': name, 'template': TEMPLATE})
        self.assertEqual(201, created.status_code, created.text)
        path = '/v1/%s/stacks/%s/%s' % (tenant, name,
                                        created.json()['stack']['id'])

        def status():
            return self._request('GET', path, self.keystone.token(
                user)).json()['stack']['stack_status']
        self.assertEqual('CREATE_COMPLETE', waiting.wait_until(
            lambda: status() if not status().endswith('PROGRESS') else None,
            timeout=120, interval=1))
        trusts = self._trusts(user_id)
        self.assertEqual(1, len(trusts), trusts)   # none for the nested
        trust_id = trusts[0]['id']
        outputs = self._outputs(path)
        member = {'user_id': user_id, 'project_id': tenant}
        for key in ('seen', 'inner_seen'):
            self.assertEqual([dict(member, trust_scoped=False,
                                   when='create')], outputs[key])

        # The member's own token dies.
        waiting.wait_until(lambda: self._request(
            'GET', '/v1/%s/stacks' % tenant, token).status_code == 401,
            timeout=TOKEN_LIFE * 4, interval=2)
        for key in ('url', 'inner_url'):
            signalled = requests.post(outputs[key], json={}, timeout=60)
            self.assertIn(signalled.status_code, (200, 204),
                          signalled.text)
        outputs = self._outputs(path)
        for key in ('seen', 'inner_seen'):
            self.assertEqual(dict(member, trust_scoped=True, when='signal'),
                             outputs[key][-1], outputs[key])

        events = self._request('GET', path + '/events?nested_depth=2',
                               self.keystone.token(user))
        self.assertEqual(200, events.status_code, events.text)
        self.assertIn('trust_scoped=True', events.text)
        self.assertNotIn(trust_id, events.text)

        deleted = self._request('DELETE', path, self.keystone.token(user))
        self.assertEqual(204, deleted.status_code, deleted.text)
        waiting.wait_until(lambda: self._request(
            'GET', path, self.keystone.token(user)).json().get(
                'stack', {}).get('stack_status') == 'DELETE_COMPLETE',
            timeout=120, interval=1)
        waiting.wait_until(lambda: not self._trusts(user_id),
                           timeout=60, interval=1)

        log = self.service.process.log()
        self.assertIn('orchestration.stack.delete.end', log)
        self.assertNotIn(trust_id, log)
        for name in os.listdir(self.service.dir):
            if name.startswith('heat-vision.sqlite'):
                with open(os.path.join(self.service.dir, name), 'rb') as f:
                    self.assertNotIn(trust_id.encode(), f.read(), name)
