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

"""What the SOL 001 VNF tests on the test cloud share: a VNFD POSTed
to the relay, the servers of a VDU found through the stack's nested
resources, an aspect's policy signalled, an external network made.

As the cloud's admin: making flavors (Nova) and QoS policies (Neutron)
is an admin action by default.
"""

import ipaddress
import json

from tests.cloud.openstack import cloud_base


class VnfCloudTestCase(cloud_base.CloudTestCase):

    def create_vnf(self, top_name, top, files, parameters):
        """POST a top VNFD with its files to ``relay/tosca/stacks``
        (``Definitions/`` as in a package) and wait for the stack.

        :returns: ``(stack name, stack id)`` of a CREATE_COMPLETE stack.
        """
        self.start_heat_vision()
        self.client = self.admin_client()
        name = cloud_base.unique('vnf')
        response = self.client.request(
            'POST', '/relay/tosca/stacks',
            headers={'Content-Type': None},
            files={'template': ('Definitions/' + top_name, top),
                   'stack_name': (None, name),
                   'files': (None, json.dumps(
                       {'Definitions/' + k: v for k, v in files.items()})),
                   'parameters': (None, json.dumps(parameters))})
        self.assertEqual(201, response.status_code, response.text)
        stack_id = response.json()['stack']['id']
        # As the admin, what a failed test leaves is not swept with the
        # test's project: its stack goes while heat-vision still runs.
        self.addCleanup(self.delete_if_left, name, stack_id)
        stack = self.wait_stack(name, stack_id, 900)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        return name, stack_id

    def delete_if_left(self, name, stack_id):
        stack = self.wait_stack(name, stack_id, 900)
        if stack['stack_status'] != 'DELETE_COMPLETE':
            self.client.request('DELETE', '/stacks/%s/%s' % (name,
                                                             stack_id))
            self.wait_stack(name, stack_id, 900)

    def resources(self, name, stack_id):
        """The resources of the stack and of its nested stacks."""
        response = self.client.request(
            'GET', '/stacks/%s/%s/resources' % (name, stack_id),
            params={'nested_depth': 3})
        self.assertEqual(200, response.status_code, response.text)
        return response.json()['resources']

    def ids(self, name, stack_id):
        """``{resource name: physical id}`` over the nested stacks (a
        name a member repeats keeps one of its ids).
        """
        return {r['resource_name']: r['physical_resource_id']
                for r in self.resources(name, stack_id)}

    def servers(self, name, stack_id, vdu):
        """``{server id: volume ids attached}`` of the VDU's servers."""
        # A member being made or removed has no server yet, or no more.
        servers = [r['physical_resource_id'] for r in
                   self.resources(name, stack_id)
                   if r['resource_type'] == 'OS::Nova::Server' and
                   r['resource_name'] == vdu and
                   r['physical_resource_id'] and
                   r['resource_status'].endswith('_COMPLETE') and
                   not r['resource_status'].startswith('DELETE')]
        compute = self.admin.compute
        return {s: {a.volume_id for a in compute.volume_attachments(
            compute.get_server(s))} for s in servers}

    def scale(self, name, stack_id, aspect, direction, vdu, count,
              volumes=True):
        """Signal the aspect's policy (in the flavour's nested stack)
        and wait for ``count`` servers of ``vdu`` (each with a volume
        when ``volumes``).
        """
        [policy] = [r for r in self.resources(name, stack_id)
                    if r['resource_name'] == '%s_scale_%s' % (aspect,
                                                              direction)]
        [stack_link] = [link['href'] for link in policy['links']
                        if link['rel'] == 'stack']
        response = self.client.request('POST', '/stacks/%s/resources/%s/'
                                       'signal' % (
                                           stack_link.split('/stacks/')[1],
                                           policy['resource_name']),
                                       json={})
        self.assertIn(response.status_code, (200, 202), response.text)
        found = self.wait_for(lambda: (
            lambda found: found if len(found) == count and (
                not volumes or all(found.values())) else None)(
                    self.servers(name, stack_id, vdu)),
            timeout=600)
        # The signal's resize runs in the group's nested stack, not the
        # top one: a member being removed is no server of the VDU any
        # more, while its server and ports are still being deleted.
        # The scale is done when no resource of the tree is in
        # progress (a stack delete begun before deleted the links'
        # subnets under the member's ports: 409, a network left).
        self.wait_for(lambda: not [
            r for r in self.resources(name, stack_id)
            if r['resource_status'].endswith('IN_PROGRESS')], timeout=600)
        stack = self.wait_stack(name, stack_id, 600)
        self.assertNotIn('FAILED', stack['stack_status'])
        return found

    def ports_of(self, server_id, networks, cidrs=None):
        """Check an ACTIVE server has a port on each of ``networks``
        (an address in ``cidrs[network]`` where given).

        :returns: ``{network id: port id}``.
        """
        server = self.admin.compute.get_server(server_id)
        self.assertEqual('ACTIVE', server.status)
        ports = {p.network_id: p for p in self.admin.network.ports(
            device_id=server_id)}
        self.assertEqual(set(networks), set(ports))
        for network, cidr in (cidrs or {}).items():
            [address] = [ip['ip_address'] for ip in ports[network].fixed_ips]
            self.assertIn(ipaddress.ip_address(address),
                          ipaddress.ip_network(cidr))
        return {network: port.id for network, port in ports.items()}

    def link(self, ids, vl, cidr, max_kbps):
        """Check a VnfVirtualLink's network, its subnet and its QoS.

        :returns: the network's id.
        """
        network = self.admin.network.get_network(ids[vl])
        self.assertEqual(ids[vl + '_qospolicy'], network.qos_policy_id)
        [rule] = self.admin.network.qos_bandwidth_limit_rules(
            ids[vl + '_qospolicy'])
        self.assertEqual(max_kbps, rule.max_kbps)
        subnet = self.admin.network.get_subnet(ids[vl + '_subnet'])
        self.assertEqual((cidr, network.id), (subnet.cidr,
                                              subnet.network_id))
        return network.id

    def external_network(self, cidr):
        """A network a VNF's external connection points join."""
        return self.network_with_subnet(self.admin, 'ext', cidr)[0]

    def assert_gone(self, servers=(), volumes=(), networks=(),
                    flavors=(), qos_policies=(), external=()):
        """Nothing the VNF made is left (after the stack's delete)."""
        admin = self.admin
        for server in servers:
            self.assertIsNone(admin.compute.find_server(server))
        for volume in volumes:
            self.assertIsNone(admin.block_storage.find_volume(volume))
        for network in networks:
            self.assertIsNone(admin.network.find_network(network))
        for policy in qos_policies:
            self.assertIsNone(admin.network.find_qos_policy(policy))
        for flavor in flavors:
            self.assertIsNone(admin.compute.find_flavor(flavor))
        for network in external:
            self.assertEqual([], [p.id for p in admin.network.ports(
                network_id=network) if p.device_owner != 'network:dhcp'])
