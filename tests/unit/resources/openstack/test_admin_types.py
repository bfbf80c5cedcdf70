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

"""Heat's Keystone group, catalog and role assignment types, Cinder's
volume types and QoS specs, Nova's host aggregates and the quotas,
against scripted services."""

from heat_vision.common import exception
from heat_vision.engine.actions import update_plan
from heat_vision.resources.heat import wait_condition_handle
from heat_vision.resources.openstack import cinder_types
from heat_vision.resources.openstack import keystone_catalog
from heat_vision.resources.openstack import keystone_roles
from heat_vision.resources.openstack import nova_aggregate
from heat_vision.resources.openstack import quotas
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

PATH = ['resources', 'r', 'properties']


class AdminTypesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.keystone = self.stack.client('keystone')
        for kind, ident in (('projects', 'p1'), ('roles', 'admin'),
                            ('users', 'u1'), ('groups', 'g1'),
                            ('domains', 'default')):
            self.keystone.objects['/%s/%s' % (kind, ident)] = {
                kind[:-1]: {'id': ident}}

    def make(self, cls, props):
        return utils.make(cls, 'r', props, stack=self.stack)

    def test_roles_need_a_project_or_a_domain(self):
        for roles in ([{'role': 'admin'}],
                      [{'role': 'admin', 'project': 'p', 'domain': 'd'}]):
            checked = properties.Properties(
                keystone_roles.UserRoleAssignment.properties_schema,
                {'user': 'u', 'roles': roles}, path=PATH)
            self.assertRaises(
                exception.StackValidationFailed,
                keystone_roles.UserRoleAssignment.validate_properties,
                checked, PATH)

    def test_a_role_assignment_grants_and_revokes_what_it_listed(self):
        assignment = self.make(keystone_roles.UserRoleAssignment, {
            'user': 'u1', 'roles': [{'role': 'admin', 'project': 'p1'}]})
        assignment.handle_create()
        assignment = fakes.rebuilt(assignment, {
            'user': 'u1', 'roles': [{'role': 'admin',
                                     'domain': 'default'}]})
        assignment.handle_update(assignment.properties, {
            'roles': assignment.properties['roles']})
        assignment.handle_delete()
        self.assertEqual([
            ('PUT', '/projects/p1/users/u1/roles/admin'),
            ('DELETE', '/projects/p1/users/u1/roles/admin'),
            ('PUT', '/domains/default/users/u1/roles/admin'),
            ('DELETE', '/domains/default/users/u1/roles/admin')],
            [c[:2] for c in self.keystone.calls if c[0] in ('PUT',
                                                            'DELETE')])

    def test_a_group_is_made_then_granted(self):
        group = self.make(keystone_roles.Group, {
            'roles': [{'role': 'admin', 'project': 'p1'}]})
        group.handle_create()
        [post] = self.keystone.sent('POST', '/groups')
        self.assertEqual({'group': {'description': '',
                                    'domain_id': 'default',
                                    'name': 'teststack-r-abcdefghijkl'}},
                         post[2])
        self.assertEqual(['/projects/p1/groups/new-id/roles/admin'],
                         [c[1] for c in self.keystone.sent('PUT')])

    def test_a_domain_is_disabled_before_its_delete(self):
        domain = self.make(keystone_catalog.Domain, {})
        domain.resource_id = 'd1'
        domain.handle_delete()
        self.assertEqual([('PATCH', '/domains/d1',
                           {'domain': {'enabled': False}}),
                          ('DELETE', '/domains/d1', None)],
                         [c[:3] for c in self.keystone.calls])

    def test_an_endpoint_finds_its_service(self):
        self.keystone.objects['/services/compute-x'] = {'service': {
            'id': 's1'}}
        endpoint = self.make(keystone_catalog.Endpoint, {
            'service': 'compute-x', 'interface': 'public',
            'url': 'http://x', 'region': 'RegionOne'})
        endpoint.handle_create()
        body = self.keystone.sent('POST', '/endpoints')[0][2]['endpoint']
        self.assertEqual(('s1', 'RegionOne', 'public', True), (
            body['service_id'], body['region_id'], body['interface'],
            body['enabled']))

    def test_quota_sets_what_is_given_and_resets_on_delete(self):
        nova = self.stack.client('nova')
        quota = self.make(quotas.NovaQuota, {'project': 'p1',
                                             'cores': 7, 'ram': -1})
        quota.handle_create()
        self.assertEqual('teststack-r-abcdefghijkl', quota.resource_id)
        quota.handle_delete()
        self.assertEqual([
            ('PUT', '/os-quota-sets/p1',
             {'quota_set': {'cores': 7, 'ram': -1}}),
            ('DELETE', '/os-quota-sets/p1', None)],
            [c[:3] for c in nova.calls])

    def test_a_quota_without_limits_is_refused(self):
        checked = properties.Properties(
            quotas.NeutronQuota.properties_schema, {'project': 'p'},
            path=PATH)
        error = self.assertRaises(
            exception.StackValidationFailed,
            quotas.NeutronQuota.validate_properties, checked, PATH)
        self.assertIn('At least one of the following', str(error))

    def test_volume_type_specs_and_access_change_in_place(self):
        cinder = self.stack.client('cinder')
        props = {'name': 'gold', 'is_public': False, 'projects': ['p1'],
                 'metadata': {'a': 1}}
        vtype = self.make(cinder_types.VolumeType, props)
        vtype.handle_create()
        [post] = cinder.sent('POST', '/types')
        self.assertEqual({'volume_type': {
            'name': 'gold', 'os-volume-type-access:is_public': False,
            'extra_specs': {'a': '1'}}}, post[2])
        cinder.answers[('GET', '/types/new-id/extra_specs')] = {
            'extra_specs': {'a': '1'}}
        cinder.answers[('GET', '/types/new-id/os-volume-type-access')] = {
            'volume_type_access': [{'project_id': 'p1'}]}
        vtype = fakes.rebuilt(vtype, dict(props, metadata={'b': 2},
                                          projects=[]))
        vtype.handle_update(vtype.properties, {'metadata': {'b': 2},
                                               'projects': []})
        self.assertEqual(['/types/new-id/extra_specs/a'],
                         [c[1] for c in cinder.sent('DELETE')])
        self.assertEqual([
            ('/types/new-id/action', {'addProjectAccess': {
                'project': 'p1'}}),
            ('/types/new-id/extra_specs', {'extra_specs': {'b': '2'}}),
            ('/types/new-id/action', {'removeProjectAccess': {
                'project': 'p1'}})],
            [c[1:3] for c in cinder.sent('POST')[1:]])

    def test_qos_association_keeps_its_types_in_step(self):
        cinder = self.stack.client('cinder')
        cinder.objects['/qos-specs/q1'] = {'qos_specs': {'id': 'q1'}}
        for vtype in ('t1', 't2'):
            cinder.objects['/types/' + vtype] = {'volume_type': {
                'id': vtype}}
        assoc = self.make(cinder_types.QoSAssociation, {
            'qos_specs': 'q1', 'volume_types': ['t1']})
        assoc.handle_create()
        assoc = fakes.rebuilt(assoc, {'qos_specs': 'q1',
                                      'volume_types': ['t2']})
        assoc.handle_update(assoc.properties, {'volume_types': ['t2']})
        assoc.handle_delete()
        self.assertEqual([
            ('/qos-specs/q1/associate', 't1'),
            ('/qos-specs/q1/disassociate', 't1'),
            ('/qos-specs/q1/associate', 't2'),
            ('/qos-specs/q1/disassociate', 't2')],
            [(c[1], c[3]['vol_type_id']) for c in cinder.calls
             if c[3] and 'vol_type_id' in c[3]])

    def test_aggregate_hosts_and_metadata_in_step(self):
        nova = self.stack.client('nova')
        props = {'name': 'agg', 'hosts': ['h1'], 'metadata': {'a': 1}}
        aggregate = self.make(nova_aggregate.HostAggregate, props)
        aggregate.handle_create()
        nova.objects['/os-aggregates/new-id'] = {'aggregate': {
            'id': 'new-id', 'hosts': ['h1'], 'metadata': {'a': '1'}}}
        aggregate = fakes.rebuilt(aggregate, dict(
            props, hosts=['h2'], metadata={'b': 2}))
        aggregate.handle_update(aggregate.properties, {
            'hosts': ['h2'], 'metadata': {'b': 2}})
        self.assertEqual([
            {'set_metadata': {'metadata': {'a': '1'}}},
            {'add_host': {'host': 'h1'}},
            {'set_metadata': {'metadata': {'a': None, 'b': '2'}}},
            {'remove_host': {'host': 'h1'}},
            {'add_host': {'host': 'h2'}}],
            [c[2] for c in nova.sent('POST', '/os-aggregates/new-id/'
                                             'action')])


class UpdateWaitConditionHandleTest(base.TestCase):

    def test_every_update_replaces_it(self):
        cls = wait_condition_handle.UpdateWaitConditionHandle

        class Row:
            type = 'OS::Heat::UpdateWaitConditionHandle'
            action, status = 'CREATE', 'COMPLETE'
            properties_data = {}
            rsrc_metadata = None
            physical_resource_id = 'h'
        change = update_plan.classify(
            Row, Row.type, {}, None, cls.properties_schema,
            cls.replace_failed, cls.replace_on_update)
        self.assertEqual(update_plan.REPLACE, change.kind)
        self.assertFalse(wait_condition_handle.CfnWaitConditionHandle
                         .replace_on_update)
