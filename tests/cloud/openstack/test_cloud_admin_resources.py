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

"""Heat's admin types of Neutron, Keystone, Nova and Cinder on the real
test cloud: one stack per service area, many resources in each.

The three stacks run side by side in one test (one heat-vision, one
wait for the slowest service: 113 s here, against 415 s for three tests
one after the other). Each is created as the cloud's admin (these types
are admins'), updated in place where Heat's schema allows (the same
physical ids, the services showing the new values) and deleted; the
services are read through openstacksdk after each step, and nothing
the stacks made is left after the deletes (other tests share the cloud
meanwhile, so only the stacks' own objects are looked for). The cloud's Neutron
loads the qos, trunk, segments, port_forwarding and metering plugins
(tools/test-cloud).
"""

from tests.cloud.openstack import cloud_base

NEUTRON = '''heat_template_version: 2021-04-16
parameters:
  public: {type: string}
  share_with: {type: string}
  label: {type: string}
  kbps: {type: number}
  vlan: {type: string}
  subport_vlan: {type: number}
  prefixes: {type: comma_delimited_list}
  routes_to: {type: string}
  external_port: {type: number}
resources:
  scope: {type: OS::Neutron::AddressScope, properties: {ip_version: 4}}
  pool:
    type: OS::Neutron::SubnetPool
    properties:
      address_scope: {get_resource: scope}
      prefixes: {get_param: prefixes}
      default_prefixlen: 24
  qos:
    type: OS::Neutron::QoSPolicy
    properties: {description: {get_param: label}}
  limit:
    type: OS::Neutron::QoSBandwidthLimitRule
    properties: {policy: {get_resource: qos}, max_kbps: {get_param: kbps}}
  dscp:
    type: OS::Neutron::QoSDscpMarkingRule
    properties: {policy: {get_resource: qos}, dscp_mark: 16}
  min_bw:
    type: OS::Neutron::QoSMinimumBandwidthRule
    properties: {policy: {get_resource: qos}, min_kbps: 100}
  min_pps:
    type: OS::Neutron::QoSMinimumPacketRateRule
    properties: {policy: {get_resource: qos}, min_kpps: 10,
                 direction: any}
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties:
      network: {get_resource: net}
      subnetpool: {get_resource: pool}
      prefixlen: 24
  share:
    type: OS::Neutron::RBACPolicy
    properties:
      object_type: network
      object_id: {get_resource: net}
      action: access_as_shared
      target_tenant: {get_param: share_with}
  provider:
    type: OS::Neutron::ProviderNet
    properties:
      name: {get_param: label}
      shared: false
      network_type: vlan
      physical_network: public
      segmentation_id: {get_param: vlan}
  seg_net: {type: OS::Neutron::Net}
  segment:
    type: OS::Neutron::Segment
    properties:
      network: {get_resource: seg_net}
      network_type: vlan
      physical_network: public
      segmentation_id: 3100
      description: {get_param: label}
  parent:
    type: OS::Neutron::Port
    properties: {network: {get_resource: net}}
  child:
    type: OS::Neutron::Port
    properties: {network: {get_resource: net}}
  trunk:
    type: OS::Neutron::Trunk
    properties:
      port: {get_resource: parent}
      description: {get_param: label}
      sub_ports:
        - port: {get_resource: child}
          segmentation_type: vlan
          segmentation_id: {get_param: subport_vlan}
  router:
    type: OS::Neutron::Router
    properties:
      external_gateway_info: {network: {get_param: public}}
  iface:
    type: OS::Neutron::RouterInterface
    properties: {router: {get_resource: router},
                 subnet: {get_resource: subnet}}
  inside:
    type: OS::Neutron::Port
    properties:
      network: {get_resource: net}
      fixed_ips: [{subnet: {get_resource: subnet}}]
  routes:
    type: OS::Neutron::ExtraRouteSet
    properties:
      router: {get_resource: router}
      routes:
        - destination: {get_param: routes_to}
          nexthop: {get_attr: [inside, fixed_ips, 0, ip_address]}
  fip:
    type: OS::Neutron::FloatingIP
    properties: {floating_network: {get_param: public}}
  forward:
    type: OS::Neutron::FloatingIPPortForward
    properties:
      floating_ip: {get_resource: fip}
      internal_port: {get_resource: inside}
      internal_ip_address: {get_attr: [inside, fixed_ips, 0, ip_address]}
      internal_port_number: 22
      external_port: {get_param: external_port}
      protocol: tcp
  meter_label:
    type: OS::Neutron::MeteringLabel
    properties: {description: {get_param: label}}
  meter:
    type: OS::Neutron::MeteringRule
    properties:
      metering_label_id: {get_resource: meter_label}
      remote_ip_prefix: {get_param: routes_to}
outputs:
  rules: {value: {get_attr: [qos, rules]}}
  trunk_port: {value: {get_attr: [trunk, port_id]}}
'''

KEYSTONE = '''heat_template_version: 2021-04-16
parameters:
  label: {type: string}
  url: {type: string}
  service_type: {type: string}
  user_scope: {type: string, constraints: [allowed_values: [project,
                                                            domain]]}
conditions:
  on_domain: {equals: [{get_param: user_scope}, domain]}
resources:
  domain:
    type: OS::Keystone::Domain
    properties: {description: {get_param: label}}
  project: {type: OS::Keystone::Project}
  role: {type: OS::Keystone::Role}
  group:
    type: OS::Keystone::Group
    properties:
      description: {get_param: label}
      roles: [{role: {get_resource: role},
               project: {get_resource: project}}]
  user:
    type: OS::Keystone::User
    properties: {password: hv-secret-2}
  user_roles:
    type: OS::Keystone::UserRoleAssignment
    properties:
      user: {get_resource: user}
      roles:
        if:
          - on_domain
          - [{role: {get_resource: role}, domain: {get_resource: domain}}]
          - [{role: {get_resource: role},
              project: {get_resource: project}}]
  group_roles:
    type: OS::Keystone::GroupRoleAssignment
    properties:
      group: {get_resource: group}
      roles: [{role: {get_resource: role},
               domain: {get_resource: domain}}]
  region:
    type: OS::Keystone::Region
    properties: {description: {get_param: label}}
  service:
    type: OS::Keystone::Service
    properties: {type: {get_param: service_type},
                 description: {get_param: label}}
  endpoint:
    type: OS::Keystone::Endpoint
    properties:
      service: {get_resource: service}
      region: {get_resource: region}
      interface: internal
      url: {get_param: url}
'''

COMPUTE_VOLUME = '''heat_template_version: 2021-04-16
parameters:
  limit: {type: number}
  label: {type: string}
  aggregate: {type: string}
  host: {type: string}
  host_meta: {type: json}
  type_specs: {type: json}
  key_size: {type: number}
  qos_specs: {type: json}
resources:
  project: {type: OS::Keystone::Project}
  nova_quota:
    type: OS::Nova::Quota
    properties: {project: {get_resource: project},
                 cores: {get_param: limit}, ram: 51200}
  cinder_quota:
    type: OS::Cinder::Quota
    properties: {project: {get_resource: project},
                 volumes: {get_param: limit}, gigabytes: 100}
  neutron_quota:
    type: OS::Neutron::Quota
    properties: {project: {get_resource: project},
                 network: {get_param: limit}, port: 60}
  aggregate:
    type: OS::Nova::HostAggregate
    properties:
      name: {get_param: aggregate}
      hosts: [{get_param: host}]
      metadata: {get_param: host_meta}
  vtype:
    type: OS::Cinder::VolumeType
    properties:
      name: {get_param: aggregate}
      description: {get_param: label}
      is_public: false
      projects: [{get_resource: project}]
      metadata: {get_param: type_specs}
  encryption:
    type: OS::Cinder::EncryptedVolumeType
    properties:
      volume_type: {get_resource: vtype}
      provider: luks
      cipher: aes-xts-plain64
      key_size: {get_param: key_size}
  qos:
    type: OS::Cinder::QoSSpecs
    properties: {specs: {get_param: qos_specs}}
  qos_types:
    type: OS::Cinder::QoSAssociation
    properties:
      qos_specs: {get_resource: qos}
      volume_types: [{get_resource: vtype}]
'''


class CloudAdminResourcesTest(cloud_base.CloudTestCase):

    def setUp(self):
        super().setUp()
        self.start_heat_vision()
        self.client = self.admin_client()

    def test_admin_types(self):
        """The three stacks at once: each waits on its own services."""
        self.run_together(self.neutron_steps(), self.keystone_steps(),
                          self.volume_steps())

    def run_together(self, *steps):
        """Run stack steps side by side.

        Each of ``steps`` is a generator yielding ``(action, template,
        parameters)`` for ``create``, ``update`` (a PATCH of the
        parameters) and ``delete``; the actions of one round are sent
        together, then each is waited for, and the generator is sent the
        stack's physical ids (None after a delete).
        """
        self.stacks = {}
        self.made = set()
        pending = {gen: next(gen) for gen in steps}
        while pending:
            for gen, (action, template, parameters) in pending.items():
                self.start(gen, action, template, parameters)
            following = {}
            for gen, (action, _template, _parameters) in pending.items():
                name, stack_id = self.stack_of(gen)
                stack = self.wait_stack(name, stack_id, 900)
                expected = {'create': 'CREATE_COMPLETE',
                            'update': 'UPDATE_COMPLETE',
                            'delete': 'DELETE_COMPLETE'}[action]
                self.assertEqual(expected, stack['stack_status'],
                                 stack.get('stack_status_reason'))
                ids = (None if action == 'delete' else
                       self.physical_ids(name, stack_id))
                self.made.update(value for value in (ids or {}).values()
                                 if value)
                try:
                    following[gen] = gen.send(ids)
                except StopIteration:
                    pass
            pending = following

    def assert_nothing_left(self, before, after):
        """None of the objects the stacks made (their physical ids) is
        among those that appeared since ``before``.
        """
        self.assertEqual({kind: [] for kind in after}, {
            kind: sorted((after[kind] - before[kind]) & self.made)
            for kind in after})

    def stack_of(self, gen):
        """(name, id) of the stack of ``gen`` (or of its name)."""
        return self.stacks[getattr(gen, '__name__', gen)]

    def start(self, gen, action, template, parameters):
        if action == 'create':
            name = cloud_base.unique(gen.__name__.replace('_steps', ''))
            # A failed test's stack goes too: the admin's objects would
            # hold its VLANs and names for the next test of the cloud.
            self.addCleanup(self.delete_quietly, name)
            self.stacks[gen.__name__] = (name, self.client.create(
                name, template, parameters=parameters))
            return
        name, stack_id = self.stack_of(gen)
        path = '/stacks/%s/%s' % (name, stack_id)
        if action == 'update':
            response = self.client.request('PATCH', path,
                                           json={'parameters': parameters})
            self.assertEqual(202, response.status_code, response.text)
        else:
            response = self.client.request('DELETE', path)
            self.assertEqual(204, response.status_code, response.text)

    def delete_quietly(self, name):
        response = self.client.request('GET', '/stacks/%s' % name,
                                       allow_redirects=True)
        if response.status_code != 200:
            return
        stack_id = response.json()['stack']['id']
        self.client.request('DELETE', '/stacks/%s/%s' % (name, stack_id))
        self.wait_stack(name, stack_id, 900)

    def neutron_objects(self):
        """The admin project's Neutron objects of every kind used."""
        network = self.admin.network
        project = self.admin.current_project_id
        mine = {'project_id': project}
        return {
            'networks': {n.id for n in network.networks(**mine)},
            'subnets': {s.id for s in network.subnets(**mine)},
            'ports': {p.id for p in network.ports(**mine)},
            'routers': {r.id for r in network.routers(**mine)},
            'floating_ips': {f.id for f in network.ips(**mine)},
            'qos_policies': {q.id for q in network.qos_policies()},
            'address_scopes': {a.id for a in network.address_scopes()},
            'subnet_pools': {p.id for p in network.subnet_pools()},
            'rbac_policies': {r.id for r in network.rbac_policies()},
            'segments': {s.id for s in network.segments()},
            'trunks': {t.id for t in network.trunks()},
            'metering_labels': {m.id for m in network.metering_labels()},
        }

    def neutron_steps(self):
        public = self.public_network()
        before = self.neutron_objects()
        params = {'public': public.id,
                  'share_with': self.demo.current_project_id,
                  'label': 'first', 'kbps': 1000, 'vlan': '3001',
                  'subport_vlan': 101, 'prefixes': '10.60.0.0/16',
                  'routes_to': '10.99.1.0/24', 'external_port': 2022}
        ids = yield 'create', NEUTRON, params
        network = self.admin.network
        policy = network.get_qos_policy(ids['qos'])
        self.assertEqual('first', policy.description)
        self.assertEqual({'bandwidth_limit', 'dscp_marking',
                          'minimum_bandwidth', 'minimum_packet_rate'},
                         {r['type'] for r in policy.rules})
        outputs = self.outputs(*self.stack_of('neutron_steps'))
        self.assertEqual(len(policy.rules), len(outputs['rules']))
        pool = network.get_subnet_pool(ids['pool'])
        self.assertEqual(ids['scope'], pool.address_scope_id)
        self.assertEqual(ids['pool'],
                         network.get_subnet(ids['subnet']).subnet_pool_id)
        share = network.get_rbac_policy(ids['share'])
        self.assertEqual((ids['net'], self.demo.current_project_id),
                         (share.object_id, share.target_project_id))
        provider = network.get_network(ids['provider'])
        # Not shared: ProviderNet's default is shared (Heat's
        # provider_net.py SHARED, default=True), and a network every
        # project sees makes Nova's choice ambiguous for the tests running
        # beside this one ("Multiple possible networks found").
        self.assertEqual(('vlan', 'public', 3001, 'first', False), (
            provider.provider_network_type,
            provider.provider_physical_network,
            provider.provider_segmentation_id, provider.name,
            provider.is_shared))
        segment = network.get_segment(ids['segment'])
        self.assertEqual((ids['seg_net'], 3100, 'first'), (
            segment.network_id, segment.segmentation_id,
            segment.description))
        trunk = network.get_trunk(ids['trunk'])
        self.assertEqual(ids['parent'], trunk.port_id)
        self.assertEqual([(ids['child'], 101)], [
            (s['port_id'], s['segmentation_id']) for s in trunk.sub_ports])
        self.assertEqual(ids['parent'], outputs['trunk_port'])
        inside = network.get_port(ids['inside']).fixed_ips[0]['ip_address']
        self.assertEqual([{'destination': '10.99.1.0/24',
                           'nexthop': inside}],
                         network.get_router(ids['router']).routes)
        label = network.get_metering_label(ids['meter_label'])
        rule = network.get_metering_label_rule(ids['meter'])
        self.assertEqual(('first', ids['meter_label'], '10.99.1.0/24'), (
            label.description, rule.metering_label_id,
            rule.remote_ip_prefix))
        [forward] = network.floating_ip_port_forwardings(ids['fip'])
        self.assertEqual((ids['forward'], ids['inside'], inside, 22, 2022),
                         (forward.id, forward.internal_port_id,
                          forward.internal_ip_address, forward.internal_port,
                          forward.external_port))

        # Everything Heat updates in place changes in place. The network
        # is shared with one other project, not '*': a network every
        # project sees makes Nova's choice ambiguous for the tests running
        # beside this one ("Multiple possible networks found").
        other = self.admin.identity.create_project(
            name=cloud_base.unique('rbac'), domain_id='default')
        self.addCleanup(self.admin.identity.delete_project, other,
                        ignore_missing=True)
        params.update(label='second', kbps=2000, subport_vlan=102,
                      prefixes='10.60.0.0/16,10.62.0.0/16',
                      routes_to='10.99.2.0/24', external_port=2023,
                      share_with=other.id)
        replaced = yield 'update', None, params
        # A metering label and rule change by replacement, as in Heat.
        self.assertEqual('10.99.2.0/24', network.get_metering_label_rule(
            replaced['meter']).remote_ip_prefix)
        for kind in ('meter_label', 'meter'):
            self.assertNotEqual(ids.pop(kind), replaced.pop(kind))
        self.assertEqual(ids, replaced)
        self.assertEqual('second',
                         network.get_qos_policy(ids['qos']).description)
        [limit] = network.qos_bandwidth_limit_rules(ids['qos'])
        self.assertEqual(2000, limit.max_kbps)
        self.assertEqual(['10.60.0.0/16', '10.62.0.0/16'], sorted(
            network.get_subnet_pool(ids['pool']).prefixes))
        self.assertEqual(other.id, network.get_rbac_policy(
            ids['share']).target_project_id)
        self.assertEqual('second', network.get_network(
            ids['provider']).name)
        self.assertEqual('second', network.get_segment(
            ids['segment']).description)
        trunk = network.get_trunk(ids['trunk'])
        self.assertEqual(('second', [(ids['child'], 102)]), (
            trunk.description,
            [(s['port_id'], s['segmentation_id'])
             for s in trunk.sub_ports]))
        self.assertEqual(['10.99.2.0/24'], [
            r['destination'] for r in network.get_router(
                ids['router']).routes])
        self.assertEqual([2023], [f.external_port for f in
                                  network.floating_ip_port_forwardings(
                                      ids['fip'])])

        yield 'delete', None, None
        self.assert_nothing_left(before, self.neutron_objects())

    def keystone_objects(self):
        identity = self.admin.identity
        return {kind: {o.id for o in getattr(identity, kind)()}
                for kind in ('domains', 'projects', 'roles', 'groups',
                             'users', 'regions', 'services', 'endpoints')}

    def assignments(self, **query):
        return {(a.role['id'], tuple(sorted(a.scope)),
                 list(a.scope.values())[0]['id'])
                for a in self.admin.identity.role_assignments(**query)}

    def keystone_steps(self):
        before = self.keystone_objects()
        service_type = cloud_base.unique('type')
        params = {'label': 'first', 'url': 'http://127.0.0.1:9/v1',
                  'service_type': service_type, 'user_scope': 'project'}
        ids = yield 'create', KEYSTONE, params
        identity = self.admin.identity
        domain = identity.get_domain(ids['domain'])
        self.assertEqual(('first', True), (domain.description,
                                           domain.is_enabled))
        self.assertEqual('first', identity.get_group(ids['group'])
                         .description)
        self.assertEqual({(ids['role'], ('project',), ids['project']),
                          (ids['role'], ('domain',), ids['domain'])},
                         self.assignments(group_id=ids['group']))
        self.assertEqual({(ids['role'], ('project',), ids['project'])},
                         self.assignments(user_id=ids['user']))
        self.assertEqual('first', identity.get_region(ids['region'])
                         .description)
        service = identity.get_service(ids['service'])
        self.assertEqual((service_type, 'first'),
                         (service.type, service.description))
        endpoint = identity.get_endpoint(ids['endpoint'])
        self.assertEqual((ids['service'], ids['region'], 'internal',
                          'http://127.0.0.1:9/v1'), (
            endpoint.service_id, endpoint.region_id, endpoint.interface,
            endpoint.url))

        params.update(label='second', url='http://127.0.0.1:9/v2',
                      user_scope='domain')
        self.assertEqual(ids, (yield 'update', None, params))
        self.assertEqual(['second'] * 4, [
            identity.get_domain(ids['domain']).description,
            identity.get_group(ids['group']).description,
            identity.get_region(ids['region']).description,
            identity.get_service(ids['service']).description])
        self.assertEqual('http://127.0.0.1:9/v2',
                         identity.get_endpoint(ids['endpoint']).url)
        self.assertEqual({(ids['role'], ('domain',), ids['domain'])},
                         self.assignments(user_id=ids['user']))

        yield 'delete', None, None
        self.assert_nothing_left(before, self.keystone_objects())

    def volume_objects(self):
        storage = self.admin.block_storage
        return {
            'aggregates': {a.id for a in self.admin.compute.aggregates()},
            'types': {t.id for t in storage.types(is_public=None)},
            'qos_specs': {q['id'] for q in storage.get(
                '/qos-specs').json()['qos_specs']},
            'projects': {p.id for p in self.admin.identity.projects()},
        }

    def volume_steps(self):
        before = self.volume_objects()
        aggregate = cloud_base.unique('aggregate')
        params = {'limit': 7, 'label': 'first', 'aggregate': aggregate,
                  'host': self.cloud.info['compute_host'],
                  'host_meta': {'ssd': 'true'},
                  'type_specs': {'volume_backend_name': 'fake'},
                  'key_size': 256, 'qos_specs': {'total_iops_sec': '100'}}
        ids = yield 'create', COMPUTE_VOLUME, params
        project = ids['project']
        quotas = self.quotas(project)
        self.assertEqual((7, 51200, 7, 100, 7, 60), quotas)
        compute = self.admin.compute
        found = compute.get_aggregate(ids['aggregate'])
        self.assertEqual((aggregate, [params['host']], 'true'), (
            found.name, found.hosts, found.metadata['ssd']))
        storage = self.admin.block_storage
        vtype = storage.get_type(ids['vtype'])
        self.assertEqual((False, {'volume_backend_name': 'fake'}, 'first'),
                         (vtype.is_public, vtype.extra_specs,
                          vtype.description))
        self.assertEqual([project], self.type_access(ids['vtype']))
        self.assertEqual(('luks', 256), self.encryption(ids['vtype']))
        self.assertEqual({'total_iops_sec': '100'},
                         self.qos(ids['qos'])['specs'])
        self.assertEqual([ids['vtype']], self.qos_types(ids['qos']))

        params.update(limit=9, label='second', host_meta={'hdd': 'true'},
                      type_specs={'multiattach': '<is> True'},
                      key_size=512, qos_specs={'read_iops_sec': '50'})
        self.assertEqual(ids, (yield 'update', None, params))
        self.assertEqual((9, 51200, 9, 100, 9, 60), self.quotas(project))
        self.assertEqual({'hdd': 'true'}, {
            k: v for k, v in compute.get_aggregate(
                ids['aggregate']).metadata.items()
            if k != 'availability_zone'})
        vtype = storage.get_type(ids['vtype'])
        self.assertEqual(({'multiattach': '<is> True'}, 'second'),
                         (vtype.extra_specs, vtype.description))
        self.assertEqual(('luks', 512), self.encryption(ids['vtype']))
        self.assertEqual({'read_iops_sec': '50'},
                         self.qos(ids['qos'])['specs'])

        yield 'delete', None, None
        self.assert_nothing_left(before, self.volume_objects())

    # Reading what the services hold -----------------------------------

    def quotas(self, project):
        """cores, ram (Nova), volumes, gigabytes (Cinder), networks,
        ports (Neutron) of ``project``.
        """
        nova = self.admin.compute.get(
            '/os-quota-sets/%s' % project).json()['quota_set']
        cinder = self.admin.block_storage.get(
            '/os-quota-sets/%s' % project).json()['quota_set']
        neutron = self.admin.network.get(
            '/quotas/%s' % project).json()['quota']
        return (nova['cores'], nova['ram'], cinder['volumes'],
                cinder['gigabytes'], neutron['network'], neutron['port'])

    def type_access(self, type_id):
        return [a['project_id'] for a in self.admin.block_storage.get(
            '/types/%s/os-volume-type-access' % type_id).json()[
                'volume_type_access']]

    def encryption(self, type_id):
        shown = self.admin.block_storage.get(
            '/types/%s/encryption' % type_id).json()
        return shown['provider'], shown['key_size']

    def qos(self, specs_id):
        return self.admin.block_storage.get(
            '/qos-specs/%s' % specs_id).json()['qos_specs']

    def qos_types(self, specs_id):
        return [a['id'] for a in self.admin.block_storage.get(
            '/qos-specs/%s/associations' % specs_id).json()[
                'qos_associations']]
