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

"""Task jobs run with a trust, long after their user's token expired.

Keystone here issues tokens that live ``TOKEN_EXPIRATION`` seconds. A
member submits a job whose first task sleeps past that, and whose next
tasks call Keystone's API with the job's token (``send_token``: read
the project, which any token of the project may) and create a stack.
The user's own token is dead by then: only a token of the trust made
at submission lets them through. Once the job ends, the
trust is gone from Keystone; its id never appears in clear in the
database or the log.
"""

import os

import requests

from tests.cloud.auth import base
from tests.cloud import keystone_service as ks
from tests.functional.compat import base as compat_base
from tests import waiting

TOKEN_LIFE = 30


class TrustTest(base.KeystoneServiceTestCase):

    TOKEN_EXPIRATION = TOKEN_LIFE
    TIMEOUT = 600

    @classmethod
    def service_config(cls, keystone_url):
        config = base.trusts_config(keystone_url)
        # The job calls Keystone on this machine.
        config['url_fetch'] = {'allowed_networks': '127.0.0.0/8'}
        return config

    def _trusts(self, user_id):
        admin = ks.Admin(self.keystone.url)
        return admin.get('OS-TRUST/trusts?trustor_user_id=%s'
                         % user_id)['trusts']

    def _request(self, method, path, token, body=None):
        return requests.request(
            method, self.service.root + path, json=body, timeout=60,
            headers={'X-Auth-Token': token})

    def test_job_outlives_its_token(self):
        user = 'hv-member'
        user_id = self.keystone.ids['users'][user]
        tenant = self.keystone.project_id(user)
        token = self.keystone.token(user)
        name = compat_base.ServiceTestCase.unique('trusted')
        job = {'name': 'after-expiry', 'tasks': [
            {'name': 'outlive', 'action': 'sleep',
             'input': {'seconds': TOKEN_LIFE * 2}},
            {'name': 'call', 'action': 'http.request',
             'input': {'url': '%s/projects/%s' % (self.keystone.url,
                                                  tenant),
                       'send_token': True}},
            {'name': 'create', 'action': 'stack.create',
             'input': {'stack_name': name,
                       'template': compat_base.TEMPLATE}}]}
        response = self._request('POST', '/v1/%s/tasks' % tenant, token,
                                 {'job': job})
        self.assertEqual(201, response.status_code, response.text)
        job_id = response.json()['job']['id']

        trusts = self._trusts(user_id)
        self.assertEqual(1, len(trusts), trusts)
        trust_id = trusts[0]['id']
        self.assertTrue(trusts[0]['impersonation'])

        def ended():
            fresh = self.keystone.token(user)
            shown = self._request('GET', '/v1/%s/tasks/%s'
                                  % (tenant, job_id), fresh).json()['job']
            return shown if shown['status'] in (
                'COMPLETE', 'FAILED', 'CANCELLED') else None
        shown = waiting.wait_until(ended, timeout=TOKEN_LIFE * 10,
                                   interval=1)
        self.assertEqual('COMPLETE', shown['status'], shown)
        # The user's own token expired while the job slept.
        self.assertEqual(401, self._request(
            'GET', '/v1/%s/stacks' % tenant, token).status_code)
        stack = self._request('GET', '/v1/%s/stacks/%s' % (tenant, name),
                              self.keystone.token(user))
        self.assertEqual(200, stack.status_code, stack.text)

        waiting.wait_until(lambda: not self._trusts(user_id),
                           timeout=60)
        self.assertNotIn(trust_id, self.service.log())
        for name in os.listdir(self.service.dir):
            if name.startswith('heat-vision.sqlite'):
                with open(os.path.join(self.service.dir, name), 'rb') as f:
                    self.assertNotIn(trust_id.encode(), f.read(), name)
