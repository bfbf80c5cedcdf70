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

"""OS::Keystone::* through the clients layer, against a real Keystone.

heat-vision-all behind the test Keystone (tests/cloud/auth/base),
with ``[clients] auth_mode = keystone_token``: the engine reaches
Keystone through the openstacksdk connection built from the request's
token and the catalog. A stack of a project, a role and a user holding
that role on the project is created, updated in place and deleted; the
test reads Keystone itself after each step. The resource type schemas
that ``resource type show`` answers through the same API are Heat 27's.
"""


from heatclient import client as heat_client
from heatclient import exc as heat_exc

from tests.cloud.auth import base
from tests.functional.compat import base as compat_base
from tests.unit.resources.openstack import test_schemas
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  description: {type: string, default: first}
  enabled: {type: boolean, default: true}
resources:
  project:
    type: OS::Keystone::Project
    properties: {description: {get_param: description}, tags: [hv]}
  role:
    type: OS::Keystone::Role
  user:
    type: OS::Keystone::User
    properties:
      enabled: {get_param: enabled}
      email: hv@example.org
      password: hv-secret-1
      default_project: {get_resource: project}
      roles: [{role: {get_resource: role},
               project: {get_resource: project}}]
outputs:
  project_name: {value: {get_attr: [project, name]}}
  user_domain: {value: {get_attr: [user, domain_id]}}
'''


class KeystoneResourcesTest(base.KeystoneServiceTestCase):

    @classmethod
    def service_config(cls, keystone_url):
        config = base.trusts_config(keystone_url)
        config['clients'] = {'auth_mode': 'keystone_token',
                             'auth_url': keystone_url}
        config['clients_openstack'] = {'region_name': 'RegionOne'}
        return config

    def heat(self):
        return heat_client.Client('1', session=base.session(
            self.keystone, 'hv-admin'))

    def wait(self, heat, stack_id, status):
        def done():
            stack = heat.stacks.get(stack_id)
            return None if stack.stack_status.endswith(
                'IN_PROGRESS') else stack
        stack = waiting.wait_until(done, timeout=120)
        self.assertEqual(status, stack.stack_status,
                         stack.stack_status_reason)
        return stack

    def physical_ids(self, heat, stack_id):
        return {r.resource_name: r.physical_resource_id
                for r in heat.resources.list(stack_id)}

    def test_project_role_user_lifecycle(self):
        heat = self.heat()
        admin = self.keystone.admin
        name = compat_base.ServiceTestCase.unique('ksres')
        stack_id = heat.stacks.create(stack_name=name,
                                      template=TEMPLATE)['stack']['id']
        stack = self.wait(heat, stack_id, 'CREATE_COMPLETE')
        ids = self.physical_ids(heat, stack_id)
        project = admin.get('projects/' + ids['project'])['project']
        self.assertEqual('first', project['description'])
        self.assertEqual(['hv'], project['tags'])
        outputs = {o['output_key']: o['output_value']
                   for o in stack.outputs}
        self.assertEqual(project['name'], outputs['project_name'])
        self.assertTrue(project['name'].startswith(name + '-project-'))
        self.assertEqual('default', outputs['user_domain'])
        user = admin.get('users/' + ids['user'])['user']
        self.assertEqual(ids['project'], user['default_project_id'])
        self.assertTrue(user['enabled'])
        assignments = admin.get(
            'role_assignments?user.id=%s&scope.project.id=%s' % (
                ids['user'], ids['project']))['role_assignments']
        self.assertEqual([ids['role']],
                         [a['role']['id'] for a in assignments])

        # In place: same ids, new values.
        heat.stacks.update(stack_id, existing=True, parameters={
            'description': 'second', 'enabled': False})
        self.wait(heat, stack_id, 'UPDATE_COMPLETE')
        self.assertEqual(ids, self.physical_ids(heat, stack_id))
        self.assertEqual('second', admin.get(
            'projects/' + ids['project'])['project']['description'])
        self.assertFalse(admin.get('users/' + ids['user'])['user'][
            'enabled'])

        heat.stacks.delete(stack_id)
        status = waiting.wait_until(lambda: self._deleted(heat,
                                    stack_id),
                                    timeout=120)
        self.assertEqual('DELETE_COMPLETE', status)
        for path in ('projects/' + ids['project'], 'users/' + ids['user'],
                     'roles/' + ids['role']):
            self.assertEqual(404, self._status(path), path)

    def _deleted(self, heat, stack_id):
        """The stack's final status (DELETE_COMPLETE once gone)."""
        try:
            stack = heat.stacks.get(stack_id)
        except heat_exc.HTTPNotFound:
            return 'DELETE_COMPLETE'
        if stack.stack_status.endswith('IN_PROGRESS'):
            return None
        return '%s: %s' % (stack.stack_status, stack.stack_status_reason) \
            if stack.stack_status != 'DELETE_COMPLETE' else \
            stack.stack_status

    def _status(self, path):
        try:
            self.keystone.admin.get(path)
        except Exception as exc:  # noqa: requests' HTTPError
            return exc.response.status_code
        return 200

    def test_resource_type_show_is_heats(self):
        heat = self.heat()
        listed = {t.resource_type for t in heat.resource_types.list()}
        for type_name, expected in sorted(test_schemas.HEAT27.items()):
            with self.subTest(type=type_name):
                self.assertIn(type_name, listed)
                shown = heat.resource_types.get(type_name)
                self.assertEqual(expected['properties'], {
                    k: test_schemas._reduced(v)
                    for k, v in shown['properties'].items()})
                self.assertEqual(sorted(expected['attributes']),
                                 sorted(shown['attributes']))
