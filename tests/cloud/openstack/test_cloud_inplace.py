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

"""In-place updates, Snapshot deletion, attributes, constraints and
drift of the OpenStack types, against the real test cloud.

One stack (two networks, two security groups, a port, a server on it,
a volume attached to the server, both with ``deletion_policy:
Snapshot``) goes through:

* create: the server's ``addresses`` in Heat's shape (by network name
  and id, with ``port`` and ``subnets``) and one of its
  ``console_urls``; a wrong flavor name is a 400 naming it before
  anything is made;
* one update changing in place, as Heat does, the server's networks
  (an interface attached), flavor (resize, confirm), metadata and
  name, the volume's size while attached (Cinder's 3.42 extend), the
  port's fixed IP and security groups: every physical id unchanged;
* a second update detaching that interface again;
* a resize made behind heat-vision's back: ``stack check`` fails the
  server, naming its flavor, and passes again once it is undone;
* delete: the server is kept as an image, the volume as a backup
  (the test cloud's own Nova and Cinder drivers make both), then
  nothing of the stack is left.

The steps share one stack and one server: the cloud tier runs near its
time budget.
"""

import time

from openstack import exceptions as sdk_exceptions
from testtools import content

from tests.cloud.openstack import cloud_base

STACK = '''heat_template_version: 2021-04-16
parameters:
  prefix: {type: string}
  image: {type: string}
  flavor: {type: string}
  server_name: {type: string}
  role: {type: string}
  size: {type: number}
  ip: {type: string}
  port_groups: {type: comma_delimited_list}
  extra_networks: {type: json, default: []}
resources:
  net:
    type: OS::Neutron::Net
    properties: {name: {list_join: ['-', [{get_param: prefix}, net]]}}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.40.0.0/24}
  net2: {type: OS::Neutron::Net}
  subnet2:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net2}, cidr: 10.41.0.0/24}
  sg1:
    type: OS::Neutron::SecurityGroup
    properties: {name: {list_join: ['-', [{get_param: prefix}, sg1]]}}
  sg2:
    type: OS::Neutron::SecurityGroup
    properties: {name: {list_join: ['-', [{get_param: prefix}, sg2]]}}
  port:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: net}
      fixed_ips:
        - {subnet: {get_resource: subnet}, ip_address: {get_param: ip}}
      security_groups: {get_param: port_groups}
    depends_on: [sg1, sg2]
  server:
    type: OS::Nova::Server
    deletion_policy: Snapshot
    depends_on: [subnet2]
    properties:
      name: {get_param: server_name}
      image: {get_param: image}
      flavor: {get_param: flavor}
      metadata: {role: {get_param: role}}
      networks:
        list_concat:
          - [{port: {get_resource: port}}]
          - {get_param: extra_networks}
  volume:
    type: OS::Cinder::Volume
    deletion_policy: Snapshot
    properties: {size: {get_param: size}}
  attachment:
    type: OS::Cinder::VolumeAttachment
    properties:
      instance_uuid: {get_resource: server}
      volume_id: {get_resource: volume}
outputs:
  port_of_address:
    value: {get_attr: [server, addresses, {get_attr: [net, name]}, 0, port]}
  addresses: {value: {get_attr: [server, addresses]}}
  console: {value: {get_attr: [server, console_urls, novnc]}}
'''


class CloudInPlaceTest(cloud_base.CloudTestCase):

    def test_in_place_updates_snapshot_delete_attributes_and_drift(self):
        self.start_heat_vision()
        times = {}
        name = cloud_base.unique('inplace')
        compute, network = self.admin.compute, self.admin.network
        prefix = cloud_base.unique('ip')
        params = {'prefix': prefix, 'image': self.image.name,
                  'flavor': self.flavors[0].name,
                  'server_name': cloud_base.unique('vm'), 'role': 'web',
                  'size': 1, 'ip': '10.40.0.10',
                  'port_groups': prefix + '-sg1'}

        # A flavor that does not exist: a 400 naming it, nothing made.
        response = self.client.request('POST', '/stacks', json={
            'stack_name': name, 'template': STACK,
            'parameters': dict(params, flavor='no-such-flavor')})
        self.assertEqual(400, response.status_code, response.text)
        self.assertIn('resources.server.properties.flavor', response.text)
        self.assertIn('no-such-flavor', response.text)

        started = time.monotonic()
        stack_id = self.run_stack(name, STACK, params)
        times['create'] = time.monotonic() - started
        ids = self.physical_ids(name, stack_id)
        outputs = {key: self.output(name, stack_id, key) for key in (
            'port_of_address', 'addresses', 'console')}
        self.assertEqual(ids['port'], outputs['port_of_address'])
        addresses = outputs['addresses']
        self.assertEqual({prefix + '-net', ids['net']},
                         set(addresses))
        [address] = addresses[ids['net']]
        self.assertEqual(('10.40.0.10', ids['port']),
                         (address['addr'], address['port']))
        self.assertEqual([ids['subnet']],
                         [s['id'] for s in address['subnets']])
        # The test cloud serves no console: Heat's reason, not a URL.
        self.assertIn('console', outputs['console'].lower())

        self.assertEqual([ids['sg1']],
                         network.get_port(ids['port']).security_group_ids)

        # One update, all in place.
        changed = dict(params, flavor=self.flavors[1].name, role='db',
                       server_name=cloud_base.unique('vm'), size=2,
                       ip='10.40.0.11', port_groups=prefix + '-sg2',
                       extra_networks=[{'network': ids['net2']}])
        started = time.monotonic()
        self.run_stack(name, STACK, changed, stack_id)
        times['update in place'] = time.monotonic() - started
        self.assertEqual(ids, self.physical_ids(name, stack_id))
        server = compute.get_server(ids['server'])
        self.assertEqual((self.flavors[1].name, {'role': 'db'},
                          changed['server_name'], 'ACTIVE'),
                         (server.flavor.name, server.metadata, server.name,
                          server.status))
        interfaces = {i.net_id for i in compute.server_interfaces(server)}
        self.assertEqual({ids['net'], ids['net2']}, interfaces)
        volume = self.admin.block_storage.get_volume(ids['volume'])
        self.assertEqual((2, 'in-use', [server.id]), (
            volume.size, volume.status,
            [a['server_id'] for a in volume.attachments]))
        port = network.get_port(ids['port'])
        self.assertEqual(['10.40.0.11'],
                         [ip['ip_address'] for ip in port.fixed_ips])
        self.assertEqual([ids['sg2']], port.security_group_ids)

        # The interface attached goes again.
        self.run_stack(name, STACK, dict(changed, extra_networks=[]),
                       stack_id)
        self.assertEqual(ids, self.physical_ids(name, stack_id))
        self.assertEqual([ids['net']], [
            i.net_id for i in compute.server_interfaces(ids['server'])])

        # A resize behind heat-vision's back: check names it; once the
        # server is back on its template's flavor, check passes again
        # (and the server, CHECK_COMPLETE, is snapshotted at delete: a
        # failed one would not be, as in Heat).
        self.resize_outside(ids['server'], self.flavors[0].id)
        states = self.check(name, stack_id, 'CHECK_FAILED')
        self.assertEqual('CHECK_FAILED', states['server'][0])
        self.assertIn('flavor is %s' % self.flavors[0].name,
                      states['server'][1])
        # The others, read back, are as their templates say.
        self.assertEqual({'server'}, {
            resource for resource, (status, _why) in states.items()
            if status != 'CHECK_COMPLETE'}, states)
        self.resize_outside(ids['server'], self.flavors[1].id)
        self.check(name, stack_id, 'CHECK_COMPLETE')

        # Delete: an image of the server, a backup of the volume.
        started = time.monotonic()
        self.delete_stack(name, stack_id)
        times['delete with snapshots'] = time.monotonic() - started
        images = [i for i in self.admin.image.images(
            owner=self.demo.current_project_id)
            if i.id not in self.before['images']]
        for image in images:
            self.addCleanup(self.admin.image.delete_image, image,
                            ignore_missing=True)
        backups = [b for b in self.demo.block_storage.backups()
                   if b.volume_id == ids['volume']]
        for backup in backups:
            self.addCleanup(self.delete_backup, backup.id)
        self.assertEqual(['active'], [i.status for i in images])
        self.assertEqual(['available'], [b.status for b in backups])
        self.addDetail('seconds', content.text_content(repr(times)))
        for image in images:
            self.admin.image.delete_image(image)
        left = self.cloud_objects()
        self.assertEqual(self.before, left)

    def resize_outside(self, server, flavor):
        compute = self.admin.compute
        compute.resize_server(server, flavor)
        self.wait_for(lambda: compute.get_server(
            server).status == 'VERIFY_RESIZE')
        compute.confirm_server_resize(server)
        self.wait_for(lambda: compute.get_server(server).status == 'ACTIVE')

    def check(self, name, stack_id, expected):
        """``stack check``; :returns: each resource's (status, reason)."""
        response = self.client.request(
            'POST', '/stacks/%s/%s/actions' % (name, stack_id),
            json={'check': None})
        self.assertEqual(202, response.status_code, response.text)
        stack = self.wait_stack(name, stack_id, 300)
        self.assertEqual(expected, stack['stack_status'],
                         stack['stack_status_reason'])
        resources = self.client.request(
            'GET', '/stacks/%s/%s/resources' % (name, stack_id)).json()
        return {r['resource_name']: (r['resource_status'],
                                     r['resource_status_reason'])
                for r in resources['resources']}

    def output(self, name, stack_id, key):
        """One output, read on its own (each asks the cloud's services,
        and a busy cloud answers slowly).
        """
        response = self.client.request('GET', '/stacks/%s/%s/outputs/%s' % (
            name, stack_id, key))
        self.assertEqual(200, response.status_code, response.text)
        return response.json()['output']['output_value']

    def delete_backup(self, backup_id):
        storage = self.demo.block_storage
        storage.delete_backup(backup_id, ignore_missing=True)

        def gone():
            try:
                storage.get_backup(backup_id)
            except sdk_exceptions.NotFoundException:
                return True
            return False
        self.wait_for(gone)
