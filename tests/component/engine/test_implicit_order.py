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

"""Heat's implicit dependencies order a networking stack's create and
delete: the plugins run against an in-memory stand-in of Neutron, Nova
and Glance (the scripted service of the unit tests, keeping what is
made), so only the engine's order is under test.
"""

import itertools
import threading

import fixtures

from heat_vision.engine import facade
from tests.component.engine import stack_ops
from tests.unit.resources.openstack import fakes

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network_id: {get_resource: net}, cidr: 10.0.0.0/24}
  router:
    type: OS::Neutron::Router
    properties: {external_gateway_info: {network: public}}
  iface:
    type: OS::Neutron::RouterInterface
    properties: {router: {get_resource: router},
                 subnet: {get_resource: subnet}}
  port:
    type: OS::Neutron::Port
    properties: {network: {get_resource: net}}
  fip:
    type: OS::Neutron::FloatingIP
    properties: {floating_network: public,
                 port_id: {get_resource: port}}
  server:
    type: OS::Nova::Server
    properties:
      flavor: m1.tiny
      image: cirros
      user_data_format: RAW
      networks: [{network: {get_resource: net}}]
'''
# (first, then): what Heat's implicit dependencies order.
IMPLICIT = [('subnet', 'port'), ('subnet', 'server'), ('iface', 'fip'),
            ('router', 'fip')]
EXPLICIT = [('net', 'subnet'), ('subnet', 'iface'), ('router', 'iface'),
            ('port', 'fip')]


class MemoryService(fakes.ScriptedService):
    """Keeps what is POSTed (ACTIVE at once) and forgets what is
    DELETEd, like a service with nothing to wait for.
    """

    _ids = itertools.count(1)
    _lock = threading.Lock()

    def api(self, method, path, body=None, key=None, **kwargs):
        parts = path.strip('/').split('/')
        if method == 'POST' and len(parts) == 1 and body:
            with self._lock:
                [(kind, fields)] = [(k, v) for k, v in body.items()
                                    if isinstance(v, dict)][:1]
                made = dict(fields, id='%s-%d' % (kind, next(self._ids)),
                            status='ACTIVE')
                self.objects[path + '/' + made['id']] = {kind: made}
                self.calls.append((method, path, body, None))
            return made
        if method == 'DELETE' and len(parts) == 2:
            self.objects.pop(path, None)
        return super().api(method, path, body=body, key=key, **kwargs)


class ImplicitOrderTest(stack_ops.StackOpsTestCase):

    template = None

    def setUp(self):
        super().setUp()
        self.cloud = {}
        for name in ('neutron', 'nova', 'glance'):
            self.cloud[name] = MemoryService(name)
        self.cloud['neutron'].objects['/networks/public'] = {
            'network': {'id': 'public'}}
        self.cloud['nova'].objects['/flavors/m1.tiny'] = {
            'flavor': {'id': 'f1'}}
        self.cloud['glance'].objects['/images/cirros'] = {'id': 'img-1'}
        self.useFixture(fixtures.MockPatchObject(
            facade.StackFacade, 'client',
            lambda _facade, name: self.cloud[name]))
        self.stack_id = self.create('netstack', TEMPLATE)
        self.path = '/v1/demo/stacks/netstack/%s' % self.stack_id

    def position(self, events, name, state):
        return events.index((name, state))

    def test_create_follows_the_implicit_dependencies(self):
        events = self.events()
        for first, then in IMPLICIT + EXPLICIT:
            with self.subTest(first=first, then=then):
                self.assertLess(
                    self.position(events, first, 'CREATE_COMPLETE'),
                    self.position(events, then, 'CREATE_IN_PROGRESS'))

    def test_the_implicit_ones_are_stored_and_listed_as_such(self):
        rows = self.rows()
        self.assertEqual(['subnet'], rows['port'].implicit_requires)
        self.assertEqual(['iface', 'router'], rows['fip'].implicit_requires)
        self.assertIsNone(rows['iface'].implicit_requires)
        response = self.service.request('GET', self.path + '/resources')
        listed = {r['resource_name']: r
                  for r in response.json['resources']}
        self.assertEqual(['port', 'server'],
                         listed['subnet']['implicit_required_by'])
        self.assertEqual(['iface', 'port', 'server'],
                         listed['subnet']['required_by'])
        self.assertNotIn('implicit_required_by', listed['net'])

    def test_delete_undoes_them_in_reverse(self):
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'netstack').status_int)
        self.assertEqual([], [path for path in self.cloud['neutron'].objects
                              if path != '/networks/public'])
        events = self.events()
        for first, then in IMPLICIT + EXPLICIT:
            with self.subTest(first=first, then=then):
                self.assertLess(
                    self.position(events, then, 'DELETE_COMPLETE'),
                    self.position(events, first, 'DELETE_IN_PROGRESS'))
