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

"""heat-templates' hot/autoscaling.yaml with its lb_server.yaml, as they
are (``heat_templates/``), on the test cloud with its Octavia.

The test gives only what the templates ask for: parameters (an image, a
key pair, two flavors, a private network and subnet routed to an
external network) and the nested template as a file. The stack - a
database server, an autoscaling group of servers each a member of an
Octavia pool, a load balancer with a listener, a pool and a health
monitor, a floating IP on the load balancer's VIP port, two scaling
policies and two Gnocchi alarms - is created, scaled up once through the
scale-up policy's URL (the ``scale_up_url`` output: a second server and a
second pool member), then deleted with nothing left in Octavia or
Neutron.

The two ``OS::Aodh::GnocchiAggregationByResourcesAlarm`` are made in
the cloud's real Aodh (its optional ``gnocchi`` and ``aodh``), which
checks their rule against Gnocchi: the test finds both in Aodh (type
``gnocchi_aggregation_by_resources_threshold``), and gone after the
delete. No environment is given.
"""

import hashlib
import os

import requests

from tests.cloud.openstack import cloud_base

HERE = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                    'heat_templates')
#: file -> its SHA-256 in openstack/heat-templates (heat_templates/README).
TEMPLATES = {
    'autoscaling.yaml':
        '29ae2ff122262b1b09bdd21b92e510b8b981ae09a3b5bb6e50908e9a12dd7cbc',
    'lb_server.yaml':
        'c7afaee99313ab9efed963a89fbc045fb499fec1e3126edce4cf0bfec702ed85',
}
#: Aodh's type of an OS::Aodh::GnocchiAggregationByResourcesAlarm.
ALARM_IN_AODH = 'gnocchi_aggregation_by_resources_threshold'


def template(name):
    with open(os.path.join(HERE, name), 'rb') as f:
        text = f.read()
    return text.decode(), hashlib.sha256(text).hexdigest()


class HeatTemplatesAutoscalingTest(cloud_base.CloudTestCase):

    OPTIONAL_SERVICES = ('octavia', 'gnocchi', 'aodh')

    def private_network(self, public):
        """A network of the demo user's, routed to ``public``."""
        network, subnet = self.network_with_subnet(
            self.demo, 'private', '10.61.0.0/24')
        router = self.demo.network.create_router(
            name=cloud_base.unique('router'),
            external_gateway_info={'network_id': public.id})
        self.addCleanup(self.demo.network.delete_router, router,
                        ignore_missing=True)
        self.demo.network.add_interface_to_router(router, subnet_id=subnet.id)
        self.addCleanup(self.demo.network.remove_interface_from_router,
                        router, subnet_id=subnet.id)
        return network, subnet

    def left(self):
        """The floating IPs and load balancers of the demo project."""
        return {'floating_ips': {f.id for f in self.demo.network.ips()},
                'load_balancers': {lb.id for lb in
                                   self.demo.load_balancer.load_balancers()}}

    def aodh_alarm(self, alarm_id):
        """Aodh's answer to a GET of the alarm (the test's user's)."""
        return requests.get(
            '%s/v2/alarms/%s' % (self.cloud.endpoints['alarming'], alarm_id),
            headers={'X-Auth-Token': self.demo.auth_token}, timeout=60)

    def members(self, pool_id):
        return sorted(m.address for m in self.demo.load_balancer.members(
            pool_id) if m.provisioning_status == 'ACTIVE')

    def test_autoscaling_yaml_runs_unchanged_and_scales_up(self):
        files = {}
        for name, digest in TEMPLATES.items():
            files[name], found = template(name)
            self.assertEqual(digest, found, '%s was changed' % name)
        public = self.public_network()
        network, subnet = self.private_network(public)
        key = self.demo.compute.create_keypair(name=cloud_base.unique('key'))
        self.addCleanup(self.demo.compute.delete_keypair, key,
                        ignore_missing=True)
        before = self.left()
        # The scale-up URL is signed, with no token: the stack acts with
        # its trust, as in Heat.
        self.start_heat_vision(keystone=True)
        name = cloud_base.unique('autoscaling')
        stack_id = self.client.create(
            name, files.pop('autoscaling.yaml'), files=files,
            parameters={
                'image': self.image.name, 'key': key.name,
                'flavor': self.flavors[0].name,
                'database_flavor': self.flavors[1].name,
                'network': network.id, 'subnet_id': subnet.id,
                'external_network_id': public.id})
        stack = self.wait_stack(name, stack_id, 900)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        ids = self.physical_ids(name, stack_id)
        lb = self.demo.load_balancer.get_load_balancer(ids['lb'])
        self.assertEqual('ACTIVE', lb.provisioning_status)
        floating = self.demo.network.get_ip(ids['lb_floating'])
        self.assertEqual(lb.vip_port_id, floating.port_id)
        outputs = self.outputs(name, stack_id)
        self.assertEqual(lb.vip_address, outputs['pool_ip_address'])
        self.assertEqual('http://%s/wordpress/' % floating.floating_ip_address,
                         outputs['website_url'])
        self.assertEqual(1, len(self.members(ids['pool'])))
        alarms = {ids['cpu_alarm_high'], ids['cpu_alarm_low']}
        self.assertEqual({ALARM_IN_AODH}, {
            self.aodh_alarm(alarm).json()['type'] for alarm in alarms})

        response = requests.post(outputs['scale_up_url'], timeout=60)
        self.assertIn(response.status_code, (200, 202, 204), response.text)
        self.wait_for(lambda: len(self.members(ids['pool'])) == 2,
                      timeout=600)
        servers = [s for s in self.admin.compute.servers(
            all_projects=True, project_id=self.demo.current_project_id)
            if s.metadata.get('metering.server_group') == stack_id]
        self.assertEqual(2, len(servers))
        addresses = sorted(address['addr'] for server in servers
                           for addresses in server.addresses.values()
                           for address in addresses)
        self.assertEqual(addresses, self.members(ids['pool']))

        self.delete_stack(name, stack_id)
        self.assertEqual(before, self.left())
        self.assertEqual({404}, {self.aodh_alarm(alarm).status_code
                                 for alarm in alarms})
        self.assertEqual([], [s.id for s in self.admin.compute.servers(
            all_projects=True, project_id=self.demo.current_project_id)
            if s.metadata.get('metering.server_group') == stack_id])
