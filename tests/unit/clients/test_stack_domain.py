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
"""The stack-user domain's Keystone calls, on a recorded fake API."""

import json

import fixtures

from heat_vision.clients import stack_domain
from heat_vision.common import exception
from tests import base


class Response:

    def __init__(self, body=None):
        self.content = json.dumps(body).encode() if body else b''
        self._body = body

    def json(self):
        return self._body


class StackDomainTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(stack_user_domain_id='dom', stack_domain_admin='adm',
                   stack_domain_admin_password='pw')
        self.flags(group='clients', auth_mode='keystone_token',
                   auth_url='http://keystone.test/identity')
        self.calls = []
        self.answers = {}
        self.patch_request()
        self.domain = stack_domain.StackDomain()

    def patch_request(self):
        def request(adapter, path, method, json=None, raise_exc=True,
                    **kwargs):
            self.calls.append((method, path, json, kwargs.get('params')))
            answer = self.answers.get((method, path.split('/')[0]))
            if isinstance(answer, Exception):
                raise answer
            return Response(answer)
        self.useFixture(fixtures.MockPatch(
            'keystoneauth1.adapter.Adapter.request', request))

    def test_unconfigured(self):
        self.flags(stack_domain_admin=None)
        error = self.assertRaises(exception.ServiceNotConfigured,
                                  stack_domain.StackDomain)
        self.assertIn('stack_domain_admin', str(error))

    def test_endpoint(self):
        self.assertEqual('http://keystone.test/identity/v3',
                         self.domain._api.endpoint_override)

    def test_stack_project_found_or_made(self):
        self.answers[('GET', 'projects')] = {'projects': [{'id': 'p1'}]}
        self.assertEqual('p1', self.domain.stack_project('own', 'st'))
        self.assertEqual(('GET', 'projects', None,
                          {'name': 'own-st', 'domain_id': 'dom'}),
                         self.calls[0])
        self.answers[('GET', 'projects')] = {'projects': []}
        self.answers[('POST', 'projects')] = {'project': {'id': 'p2'}}
        self.assertEqual('p2', self.domain.stack_project('own', 'st'))
        self.assertEqual({'name': 'own-st', 'domain_id': 'dom',
                          'description': 'heat-vision stack user project'},
                         self.calls[-1][2]['project'])

    def test_create_user_with_role(self):
        self.answers[('GET', 'roles')] = {'roles': [{'id': 'r1'}]}
        self.answers[('POST', 'users')] = {'user': {'id': 'u1'}}
        self.assertEqual('u1', self.domain.create_user('n', 'p1', 'pw'))
        body = self.calls[1][2]['user']
        self.assertEqual(('n', 'dom', 'p1', 'pw'), (
            body['name'], body['domain_id'], body['default_project_id'],
            body['password']))
        self.assertTrue(body['options']['ignore_password_expiry'])
        self.assertEqual(('PUT', 'projects/p1/users/u1/roles/r1', None,
                          None), self.calls[2])

    def test_create_user_without_the_role(self):
        self.answers[('GET', 'roles')] = {'roles': []}
        error = self.assertRaises(exception.ServiceError,
                                  self.domain.create_user, 'n', 'p1')
        self.assertIn('heat_stack_user', str(error))

    def test_create_user_made_before(self):
        self.answers[('GET', 'roles')] = {'roles': [{'id': 'r1'}]}
        self.answers[('POST', 'users')] = exception.ServiceConflict(
            service='Keystone', status=409, reason='dup')
        self.answers[('GET', 'users')] = {'users': [{'id': 'u0'}]}
        self.assertEqual('u0', self.domain.create_user('n', 'p1'))

    def test_ec2_credential(self):
        self.answers[('POST', 'credentials')] = {'credential': {'id': 'c1'}}
        made = self.domain.create_ec2('u1', 'p1')
        self.assertEqual('c1', made['id'])
        sent = self.calls[0][2]['credential']
        self.assertEqual(('u1', 'p1', 'ec2'), (
            sent['user_id'], sent['project_id'], sent['type']))
        self.assertEqual({'access': made['access'],
                          'secret': made['secret']},
                         json.loads(sent['blob']))

    def test_project_kept_while_used(self):
        self.answers[('GET', 'role_assignments')] = {
            'role_assignments': [{}]}
        self.domain.delete_project_if_unused('p1')
        self.assertEqual(['GET'], [c[0] for c in self.calls])

    def test_project_outside_the_domain_kept(self):
        self.answers[('GET', 'role_assignments')] = {'role_assignments': []}
        self.answers[('GET', 'projects')] = {
            'project': {'domain_id': 'default'}}
        self.domain.delete_project_if_unused('p1')
        self.assertNotIn('DELETE', [c[0] for c in self.calls])

    def test_deletes_ignore_missing(self):
        self.answers[('DELETE', 'users')] = exception.ServiceObjectNotFound(
            service='Keystone', status=404, reason='gone')
        self.domain.delete_user('u1')
