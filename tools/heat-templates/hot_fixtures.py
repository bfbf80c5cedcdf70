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
insist on) and guesses each parameter without a default from its name,
unless its parameter map (``parameters.yaml``) gives it. It works in a
project of its own, whose only network is the ``private`` the
templates' defaults name, and the templates that need an admin in
another project, whose user is one.
"""

import re
import uuid

#: ``$name`` or ``${name}`` in a value of the parameter map.
REFERENCE = re.compile(r'\$\{(\w+)\}|\$(\w+)')
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
    """The objects the templates' parameters name, in a project of the
    runner's own (``runner``: its user, role ``member``) and, for the
    templates that need more than a member may do, another one whose
    user is an admin (``admin_runner()``, made when first asked for).

    Each project's only network is ``private`` (a subnet
    ``private-subnet``, routed to the external network ``public``): a
    server without ``networks`` gets it, as on a DevStack, where Nova
    would otherwise find "Multiple possible networks". The image, the
    flavors and ``public`` are made as the admin; ``public`` is reused
    when the cloud has an external network of that name.
    """

    def __init__(self, cloud):
        self.cloud = cloud
        self.admin = admin = cloud.admin
        self.made = []
        self.tag = tag = uuid.uuid4().hex[:6]
        self.values = {'password': PASSWORD, 'user': 'hvuser',
                       'name': 'hv_%s' % tag, 'cidr': '10.99.0.0/24',
                       'gateway': '10.99.0.1', 'pool_start': '10.99.0.10',
                       'pool_end': '10.99.0.100',
                       'size': 1, 'count': 1, 'zone': 'nova',
                       'tag': tag, 'region': cloud.info['region_name']}
        self.values['image'] = self.image('hv-hot-cirros').name
        self.values['flavor'] = self.flavor('hv-hot-tiny').name
        public = admin.network.find_network('public')
        if public is None or not public.is_router_external:
            public = admin.network.create_network(
                name='public', is_router_external=True,
                provider_network_type='flat',
                provider_physical_network='public')
            self.made.append(lambda: admin.network.delete_network(public))
            admin.network.create_subnet(
                network_id=public.id, ip_version=4, name='public-subnet',
                cidr='172.24.64.0/24')
        self.values['public'] = public.id
        self.runner = self.project('hv-hot-%s' % tag, ('member',),
                                   '10.98.0.0/24')
        self._admin_runner = None
        self._server = None

    def admin_runner(self):
        """The connection of the admin project's user (roles ``admin``
        and ``member``), made when first asked for.
        """
        if self._admin_runner is None:
            self._admin_runner = self.project(
                'hv-hot-admin-%s' % self.tag, ('admin', 'member'),
                '10.97.0.0/24')
        return self._admin_runner

    def project(self, name, roles, cidr):
        """A project and its user (``roles``), with its network
        ``private``, removed at the end.

        :returns: the user's connection; its ``hot_values`` are the
            project's own values (network, subnet, key pair).
        """
        identity = self.admin.identity
        password = uuid.uuid4().hex
        project = identity.create_project(name=name, domain_id='default')
        self.made.append(lambda: identity.delete_project(project))
        user = identity.create_user(name=name, password=password,
                                    domain_id='default',
                                    default_project_id=project.id)
        self.made.append(lambda: identity.delete_user(user))
        for role in roles:
            identity.assign_project_role_to_user(project, user,
                                                 identity.find_role(role))
        conn = self.cloud.connect(dict(
            self.cloud.info['demo_auth'], username=name, password=password,
            project_name=name))
        conn.hot_values = self.private_network(conn, cidr)
        conn.hot_values['key_name'] = self.keypair(name, conn)
        conn.hot_values['project'] = project.id
        return conn

    def private_network(self, conn, cidr):
        """``conn``'s project's network ``private``, routed to
        ``public``. :returns: the values naming it.
        """
        net = conn.network
        private = net.create_network(name='private')
        self.made.append(lambda: net.delete_network(private))
        subnet = net.create_subnet(network_id=private.id, ip_version=4,
                                   name='private-subnet', cidr=cidr)
        # Routed to the public network, as the templates that put a
        # floating IP on the "existing" network assume.
        router = net.create_router(
            name='router1',
            external_gateway_info={'network_id': self.values['public']})
        net.add_interface_to_router(router, subnet_id=subnet.id)
        self.made.append(lambda: net.delete_router(router))
        self.made.append(lambda: net.remove_interface_from_router(
            router, subnet_id=subnet.id))
        return {'private_net': private.id, 'private_subnet': subnet.id}

    def keypair(self, name, conn=None):
        """``conn``'s user's key pair ``name`` (made when missing)."""
        compute = (conn or self.runner).compute
        if compute.find_keypair(name) is None:
            key = compute.create_keypair(name=name)
            self.made.append(lambda: compute.delete_keypair(key))
        return name

    def server(self):
        """A server of the runner's, made outside any stack (for the
        templates that name one: ``external_id``, an attachment), made
        when first asked for.
        """
        if self._server is None:
            compute = self.runner.compute
            server = compute.create_server(
                name='hv-hot-outside', image_id=self.image(
                    self.values['image']).id,
                flavor_id=self.flavor(self.values['flavor']).id,
                networks=[{'uuid': self.runner.hot_values['private_net']}])
            self.made.append(lambda: compute.wait_for_delete(
                compute.delete_server(server) or server, wait=300))
            self._server = compute.wait_for_server(server, wait=300)
        return self._server.id

    def compute_host(self):
        """The host name of the cloud's (fake) compute service."""
        return next(s.host for s in self.admin.compute.services()
                    if s.binary == 'nova-compute')

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

    def given(self, value, conn):
        """A value of the parameter map (``parameters.yaml``): ``$name``
        and ``${name}`` name a fixture's value (``$server``, ``$host``,
        ``$project``, a key of ``values``...).
        """
        if not isinstance(value, str):
            return value
        fixtures = {'server': self.server, 'host': self.compute_host}

        def one(match):
            key = match.group(1) or match.group(2)
            if key in fixtures:
                return str(fixtures[key]())
            return str(dict(self.values, **conn.hot_values)[key])
        return REFERENCE.sub(one, value)

    def parameters(self, declared, given=None, conn=None):
        """Values for the declared parameters without a default.

        :param given: the parameter map's values for the template,
            which win.
        :param conn: the connection the stack is made with (the runner's
            unless given): its project's network and key pair.
        :returns: (values, the names it could not guess).
        """
        conn = conn or self.runner
        mine = dict(self.values, **conn.hot_values)
        values, unknown = {}, []
        given = given or {}
        for name, spec in (declared or {}).items():
            if name in given:
                values[name] = self.given(given[name], conn)
                continue
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
            elif kind == 'key_name' and isinstance(
                    spec.get('default'), str) and re.search(
                    r'key(_?name|pair)?$', name, re.I):
                # A key pair the template names by default (test_key,
                # heat_key...), made to exist.
                self.keypair(spec['default'], conn)
            elif 'default' in spec:
                continue
            elif kind is not None:
                values[name] = mine[kind]
            else:
                unknown.append(name)
        return values, unknown

    def remove(self):
        for undo in reversed(self.made):
            try:
                undo()
            except Exception as exc:    # keep removing the others
                print('cleanup: %s' % exc)
