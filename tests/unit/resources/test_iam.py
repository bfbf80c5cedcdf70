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
"""AWS::IAM::User and AWS::IAM::AccessKey on a fake stack-user domain."""

from heat_vision.common import exception
from heat_vision.resources.aws import iam
from heat_vision.resources.heat import access_policy
from heat_vision.resources.heat import random_string
from heat_vision.resources import stack_user
from tests import base
from tests.unit.resources import utils


class FakeDomain:
    """What StackDomain keeps, in memory."""

    def __init__(self):
        self.projects = {}
        self.users = {}
        self.credentials = {}

    def stack_project(self, owner_project_id, stack_id):
        name = '%s-%s' % (owner_project_id, stack_id)
        return self.projects.setdefault(name, 'p-%s' % len(self.projects))

    def create_user(self, name, project_id, password=None):
        user_id = 'u-%d' % len(self.users)
        self.users[user_id] = {'name': name, 'project': project_id,
                               'password': password, 'enabled': True}
        return user_id

    def delete_user(self, user_id):
        self.users.pop(user_id, None)
        for cid in [c for c, cred in self.credentials.items()
                    if cred['user'] == user_id]:
            del self.credentials[cid]

    def delete_project_if_unused(self, project_id):
        if not any(u['project'] == project_id for u in self.users.values()):
            for name in [n for n, p in self.projects.items()
                         if p == project_id]:
                del self.projects[name]

    def set_user_enabled(self, user_id, enabled):
        self.users[user_id]['enabled'] = enabled

    def create_ec2(self, user_id, project_id):
        cid = 'c-%d' % len(self.credentials)
        self.credentials[cid] = {'user': user_id, 'project': project_id}
        return {'id': cid, 'access': 'access-%s' % cid,
                'secret': 'secret-%s' % cid}

    def delete_credential(self, credential_id):
        self.credentials.pop(credential_id, None)


class DomainStack(utils.FakeStack):

    def __init__(self):
        super().__init__()
        self.domain = FakeDomain()

    def stack_domain(self):
        return self.domain


class IamTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(auth_encryption_key='unit-test-key',
                   stack_user_domain_id='dom', stack_domain_admin='adm',
                   stack_domain_admin_password='pw')
        self.flags(group='clients', auth_url='http://keystone.test/v3')
        self.stack = DomainStack()
        self.domain = self.stack.domain

    def _user(self, props=None):
        user = utils.make(iam.User, 'user', props, stack=self.stack)
        utils.run(user)
        return user

    def _key(self, user):
        key = utils.make(iam.AccessKey, 'key',
                         {'UserName': user.get_reference_id()},
                         stack=self.stack)
        utils.run(key)
        return key

    def test_user_in_the_stack_project(self):
        user = self._user({'LoginProfile': {'Password': 'plain-login-secret'}})
        made = self.domain.users[user.resource_id]
        self.assertEqual('teststack-user-abcdefghijkl', made['name'])
        self.assertEqual('plain-login-secret', made['password'])
        self.assertEqual(
            {'demo-%s' % self.stack.id: made['project']},
            self.domain.projects)
        self.assertEqual('plain-login-secret', stack_user.password(user))
        # Stored encrypted: a long plain text never appears by chance in
        # the ciphertext's base64, as a two-letter one could.
        self.assertNotIn('plain-login-secret', str(user.data))
        self.assertEqual('teststack-user-abcdefghijkl',
                         user.get_reference_id())

    def test_user_made_once_on_take_over(self):
        user = self._user()
        utils.run(user)
        self.assertEqual(1, len(self.domain.users))

    def test_user_delete_removes_user_and_project(self):
        user = self._user()
        utils.run(user, 'delete')
        utils.run(user, 'delete')
        self.assertEqual({}, self.domain.users)
        self.assertEqual({}, self.domain.projects)

    def test_suspend_and_resume(self):
        user = self._user()
        utils.run(user, 'suspend')
        self.assertFalse(self.domain.users[user.user_id]['enabled'])
        utils.run(user, 'resume')
        self.assertTrue(self.domain.users[user.user_id]['enabled'])

    def test_access_key(self):
        user = self._user()
        key = self._key(user)
        self.assertEqual('access-c-0', key.resource_id)
        self.assertEqual({'user': user.user_id,
                          'project': user.user_project_id},
                         self.domain.credentials['c-0'])
        self.assertEqual('secret-c-0',
                         key.get_attribute('SecretAccessKey'))
        self.assertNotIn('secret-c-0', str(key.data))
        self.assertEqual(user.get_reference_id(),
                         key.get_attribute('UserName'))
        utils.run(key, 'delete')
        self.assertEqual({}, self.domain.credentials)
        self.assertEqual('000-000-000',
                         key.get_attribute('SecretAccessKey'))

    def test_access_key_of_unknown_user(self):
        key = utils.make(iam.AccessKey, 'key', {'UserName': 'nobody'},
                         stack=self.stack)
        self.assertRaises(exception.NotFound, key.handle_create)

    def test_policies(self):
        utils.make(access_policy.AccessPolicy, 'policy',
                   {'AllowedResources': ['key']}, stack=self.stack)
        user = self._user({'Policies': ['policy', {'inline': 'ignored'}]})
        key = self._key(user)
        self.assertTrue(key.access_allowed('key'))
        self.assertFalse(key.access_allowed('user'))

    def test_policy_that_is_not_a_policy(self):
        utils.make(random_string.RandomString, 'other', stack=self.stack)
        user = utils.make(iam.User, 'user', {'Policies': ['other']},
                          stack=self.stack)
        error = self.assertRaises(exception.Invalid, user.handle_create)
        self.assertIn('other is not an access policy', str(error))
        self.assertEqual({}, self.domain.users)

    def test_policy_not_in_stack_refused_at_validation(self):

        class View:
            resource_names = ['user']

        error = self.assertRaises(
            exception.StackValidationFailed, iam.User.validate_in_stack,
            {'Policies': ['missing']}, ['resources', 'user', 'properties'],
            View())
        self.assertIn('missing', str(error))

    def test_refused_at_validation_without_a_domain(self):
        self.flags(stack_domain_admin_password=None)
        for cls in (iam.User, iam.AccessKey):
            error = self.assertRaises(
                exception.StackValidationFailed, cls.validate_properties,
                {}, ['resources', 'user', 'properties'])
            self.assertIn('needs a stack-user domain', str(error))
            self.assertEqual(['resources', 'user'], error.path)
