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

"""What a heat-templates template needs from the test cloud.

The templates of openstack/heat-templates' ``hot/`` ask for an image, a
flavor, a key pair, a public (external) network and a private network
and subnet by parameter. The runner makes them once in the test cloud
(the image and flavors with the names a parameter's ``allowed_values``
insist on) and guesses each parameter without a default from its name.
"""

import re
import uuid

# Within what the templates' constraints ask (6 to 8 letters and digits).
PASSWORD = 'Hvpass12'
#: parameter name pattern -> what it gets (a key of ``Fixtures.values``).
GUESSES = [
    (r'image', 'image'), (r'flavor|instance_type', 'flavor'),
    (r'key', 'key_name'), (r'pass', 'password'), (r'cidr', 'cidr'),
    (r'gateway', 'gateway'), (r'start', 'pool_start'),
    (r'end', 'pool_end'),
    (r'public|external|floating|ext_net', 'public'),
    (r'subnet', 'private_subnet'), (r'name', 'name'), (r'net', 'private_net'),
    (r'user', 'user'), (r'size', 'size'), (r'count|number', 'count'),
    (r'zone', 'zone'),
]


class Fixtures:
    """The objects the templates' parameters name, made as the admin
    (image, flavors, external network) and the demo user (the rest).
    """

    def __init__(self, admin, demo):
        self.admin, self.demo = admin, demo
        self.made = []
        tag = uuid.uuid4().hex[:6]
        self.values = {'password': PASSWORD, 'user': 'hvuser',
                       'name': 'hv-%s' % tag, 'cidr': '10.99.0.0/24',
                       'gateway': '10.99.0.1', 'pool_start': '10.99.0.10',
                       'pool_end': '10.99.0.100',
                       'size': 1, 'count': 1, 'zone': 'nova'}
        self.values['image'] = self.image('hv-hot-cirros').name
        self.values['flavor'] = self.flavor('hv-hot-tiny').name
        key = demo.compute.create_keypair(name='hv-hot-%s' % tag)
        self.made.append(lambda: demo.compute.delete_keypair(key))
        self.values['key_name'] = key.name
        public = admin.network.create_network(
            name='hv-hot-public-%s' % tag, is_router_external=True,
            provider_network_type='flat',
            provider_physical_network='public')
        self.made.append(lambda: admin.network.delete_network(public))
        admin.network.create_subnet(network_id=public.id, ip_version=4,
                                    cidr='172.24.64.0/24')
        self.values['public'] = public.id
        private = demo.network.create_network(name='hv-hot-private-%s' % tag)
        self.made.append(lambda: demo.network.delete_network(private))
        subnet = demo.network.create_subnet(network_id=private.id,
                                            ip_version=4,
                                            cidr='10.98.0.0/24')
        self.values['private_net'] = private.id
        self.values['private_subnet'] = subnet.id
        # Routed to the public network, as the templates that put a
        # floating IP on the "existing" network assume.
        router = demo.network.create_router(
            name='hv-hot-router-%s' % tag,
            external_gateway_info={'network_id': public.id})
        demo.network.add_interface_to_router(router, subnet_id=subnet.id)
        self.made.append(lambda: demo.network.delete_router(router))
        self.made.append(lambda: demo.network.remove_interface_from_router(
            router, subnet_id=subnet.id))

    def image(self, name):
        found = self.admin.image.find_image(name)
        if found is None:
            found = self.admin.image.create_image(
                name=name, data=b'\0' * 4096, disk_format='raw',
                container_format='bare', visibility='public')
            self.made.append(lambda: self.admin.image.delete_image(found))
        return found

    def flavor(self, name):
        found = self.admin.compute.find_flavor(name)
        if found is None:
            found = self.admin.compute.create_flavor(name=name, ram=128,
                                                     vcpus=1, disk=1)
            self.made.append(
                lambda: self.admin.compute.delete_flavor(found))
        return found

    def parameters(self, declared):
        """Values for the declared parameters without a default.

        :returns: (values, the names it could not guess).
        """
        values, unknown = {}, []
        for name, spec in (declared or {}).items():
            allowed = [v for c in spec.get('constraints') or []
                       for v in c.get('allowed_values') or []]
            kind = next((k for pattern, k in GUESSES
                         if re.search(pattern, name, re.I)), None)
            if kind in ('image', 'flavor') and (allowed or spec.get(
                    'default')):
                # The name the template insists on (or defaults to),
                # made to exist.
                maker = self.image if kind == 'image' else self.flavor
                values[name] = maker(str((allowed or [spec['default']])[0])
                                     ).name
            elif 'default' in spec:
                continue
            elif kind is not None:
                values[name] = self.values[kind]
            else:
                unknown.append(name)
        return values, unknown

    def remove(self):
        for undo in reversed(self.made):
            try:
                undo()
            except Exception as exc:    # keep removing the others
                print('cleanup: %s' % exc)
