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

"""Validation of OpenStack resources with the caller's context: the
custom constraints ask the service (a wrong name is a 400 naming the
property), and ``deletion_policy: Snapshot`` only where a copy can be
kept, as Heat's ``validate_deletion_policy``."""

from unittest import mock

from heat_vision import clients
from heat_vision.clients import constraints
from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.engine import model
from tests import base
from tests.unit.resources.openstack import fakes

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  flavor: {type: string}
resources:
  server:
    type: OS::Nova::Server
    deletion_policy: %(policy)s
    properties:
      flavor: {get_param: flavor}
      image: cirros
  none:
    type: OS::Heat::None
    deletion_policy: %(none_policy)s
'''


class ValidationContextTest(base.TestCase):

    def setUp(self):
        super().setUp()
        constraints.CACHE.clear()
        self.addCleanup(constraints.CACHE.clear)
        self.services = {name: fakes.ScriptedService(name)
                         for name in ('nova', 'glance')}
        self.services['nova'].objects['/flavors/m1.small'] = {
            'flavor': {'id': 'f1', 'name': 'm1.small'}}
        self.services['glance'].objects['/images/cirros'] = {'id': 'i1'}
        patcher = mock.patch.object(
            clients.Clients, 'client',
            lambda _self, name: self.services[name])
        patcher.start()
        self.addCleanup(patcher.stop)
        self.context = context.RequestContext(
            project_id='proj', user_id='me', roles=['member'],
            auth_token='tok')

    def validate(self, flavor, policy='Delete', none_policy='Delete',
                 ctx=True):
        tmpl, env = model.parse_request(
            TEMPLATE % {'policy': policy, 'none_policy': none_policy},
            None, {'flavor': flavor}, None, None)
        definition = model.build_definition(tmpl, env, {}, 's', 'sid',
                                            'proj')
        model.validate(definition,
                       context=self.context if ctx else None)

    def test_a_wrong_flavor_is_refused_naming_the_property(self):
        self.validate('m1.small')
        exc = self.assertRaises(exception.StackValidationFailed,
                                self.validate, 'm1.nonesuch')
        self.assertEqual(400, exc.code)
        self.assertIn('resources.server.properties.flavor', str(exc))
        self.assertIn('m1.nonesuch', str(exc))
        self.assertIn('nova.flavor', str(exc))

    def test_without_a_context_the_service_is_not_asked(self):
        self.validate('m1.nonesuch', ctx=False)
        self.assertEqual([], self.services['nova'].calls)

    def test_snapshot_only_for_a_type_that_keeps_a_copy(self):
        self.validate('m1.small', policy='Snapshot')
        exc = self.assertRaises(exception.StackValidationFailed,
                                self.validate, 'm1.small',
                                none_policy='Snapshot')
        self.assertIn('"Snapshot" deletion policy not supported', str(exc))
        self.assertIn('resources.none.deletion_policy', str(exc))
