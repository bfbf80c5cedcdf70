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

"""AWS::EC2::VPC, Subnet, InternetGateway, VPCGatewayAttachment,
RouteTable and SubnetRouteTableAssociation on Neutron.

As Heat's heat/engine/resources/aws/ec2/ vpc.py, subnet.py,
internet_gateway.py and route_table.py: a VPC is a network and a router
of the same name (the VPC's default router); a subnet (IPv4, CidrBlock)
joins that router; an internet gateway has no object of its own, and
attaching it gives the routers the one ``router:external`` network as
gateway; a route table is a router of its own, which takes the gateway
of the VPC's router when it has one; associating a subnet moves its
interface from the VPC's router to the route table's, and back when the
association goes.

Heat orders a gateway attachment after the route tables of its VPC
(``add_dependencies``); heat-vision adds no such edge: a route table of
a VPC that the stack attaches a gateway to takes the external network
as its gateway when it is made, and the attachment gives it to the
route tables already made, so the end is Heat's whichever comes first.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.aws import delegate
from heat_vision.resources import base as resource_base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import attributes
from heat_vision.template import constraints
from heat_vision.template import function

Schema = constraints.Schema
ROUTE_TABLE = 'AWS::EC2::RouteTable'
ATTACHMENT = 'AWS::EC2::VPCGatewayAttachment'


def external_network_id(plugin):
    """The one external network (Heat's
    ``InternetGateway.get_external_network_id``).
    """
    found = plugin.api('GET', '/networks', key='networks',
                       params={'router:external': True},
                       service='neutron')
    if len(found) != 1:
        raise exception.Invalid(reason=_(
            'Expected 1 external network, found %d') % len(found))
    return found[0]['id']


def router_for_vpc(plugin, network_id):
    """The VPC's router: the one named as its network (None if none)."""
    net = plugin.api('GET', '/networks/%s' % network_id, key='network',
                     service='neutron')
    routers = [r for r in plugin.api(
        'GET', '/routers', key='routers', params={'name': net['name']},
        service='neutron') if r.get('name') == net['name']]
    if len(routers) > 1:
        raise exception.Invalid(reason=_(
            'Multiple routers found with name %s') % net['name'])
    return routers[0] if routers else None


def interface(plugin, router_id, subnet_id, add):
    """Add or remove (a missing one is fine) a router's subnet."""
    path = '/routers/%s/%s_router_interface' % (
        router_id, 'add' if add else 'remove')
    if add:
        plugin.api('PUT', path, body={'subnet_id': subnet_id},
                   service='neutron')
    else:
        os_clients.ignoring_missing(plugin.api, 'PUT', path,
                                    body={'subnet_id': subnet_id},
                                    service='neutron')


def set_gateway(plugin, router_id, network_id):
    plugin.api('PUT', '/routers/%s' % router_id, service='neutron',
               body={'router': {'external_gateway_info': (
                   {'network_id': network_id} if network_id else {})}})


def on_vpc(stack, resource_type, vpc):
    """The names of the stack's ``resource_type`` resources whose VpcId
    is ``vpc`` (read from the definition: a resource not made yet is
    found too, and no plugin is built for it).
    """
    found = []
    for name, rsrc_def in stack.definition.resource_definitions().items():
        if rsrc_def.resource_type != resource_type:
            continue
        try:
            value = function.resolve(rsrc_def.properties.get('VpcId'),
                                     stack)
        except exception.HeatVisionException:
            continue
        if value == vpc:
            found.append(name)
    return found


class _Neutron(neutron_base.NeutronResource):
    """Heat's AWS networking types: no name of the template's, no
    tags sent (Heat's are ``implemented=False``).
    """

    TAGS = None
    ready_statuses = ()
    attributes_schema = {delegate.SHOW: delegate.SHOW_SCHEMA}

    def create_body(self, properties):
        return {}

    def set_tags(self, tags):
        pass


class VPC(_Neutron):
    """A network and its default router."""

    path, key = '/networks', 'network'
    ready_statuses = ('ACTIVE',)
    PROPERTIES = (CIDR_BLOCK, INSTANCE_TENANCY, TAGS) = (
        'CidrBlock', 'InstanceTenancy', 'Tags')

    properties_schema = {
        CIDR_BLOCK: Schema(Schema.STRING, _('CIDR block to apply to the '
                                            'VPC.')),
        INSTANCE_TENANCY: delegate.not_implemented(
            default='default', constraints=[constraints.AllowedValues(
                ['default', 'dedicated'])]),
        TAGS: delegate.key_value_list(_('Not implemented (as in Heat).')),
    }

    def check_create_complete(self, token):
        if not super().check_create_complete(token):
            return False
        router = router_for_vpc(self, self.resource_id)
        if router is None:
            router = self.api('POST', '/routers', key='router', body={
                'router': {'name': self.physical_resource_name()}})
        return self.status_reached(router, ('ACTIVE',))

    def handle_delete(self):
        if not self.resource_id:
            return None
        try:
            router = router_for_vpc(self, self.resource_id)
        except exception.ServiceObjectNotFound:
            router = None
        if router:
            os_clients.ignoring_missing(self.api, 'DELETE',
                                        '/routers/%s' % router['id'])
        return super().handle_delete()


class Subnet(_Neutron):
    """An IPv4 subnet of the VPC, on its router."""

    path, key = '/subnets', 'subnet'
    PROPERTIES = (AVAILABILITY_ZONE, CIDR_BLOCK, VPC_ID, TAGS) = (
        'AvailabilityZone', 'CidrBlock', 'VpcId', 'Tags')
    ATTRIBUTES = (AVAILABILITY_ZONE_ATTR,) = ('AvailabilityZone',)

    properties_schema = {
        AVAILABILITY_ZONE: Schema(Schema.STRING, _('Availability zone in '
                                                   'which you want the '
                                                   'subnet.')),
        CIDR_BLOCK: Schema(Schema.STRING, _('CIDR block to apply to '
                                            'subnet.'), required=True,
                           constraints=[constraints.CustomConstraint(
                               'cidr')]),
        VPC_ID: Schema(Schema.STRING, _('Ref structure that contains the '
                                        'ID of the VPC on which you want '
                                        'to create the subnet.'),
                       required=True),
        TAGS: delegate.key_value_list(_('Not implemented (as in Heat).')),
    }
    attributes_schema = {
        AVAILABILITY_ZONE_ATTR: attributes.Schema(
            _('Availability Zone of the subnet.'),
            type=attributes.Schema.STRING),
        delegate.SHOW: delegate.SHOW_SCHEMA,
    }

    def create_body(self, properties):
        return {'network_id': properties[self.VPC_ID],
                'cidr': properties[self.CIDR_BLOCK], 'ip_version': 4}

    def check_create_complete(self, token):
        if not self.data.get('joined'):
            router = router_for_vpc(self, self.properties[self.VPC_ID])
            if router:
                interface(self, router['id'], self.resource_id, True)
            self.data['joined'] = True
        return True

    def handle_delete(self):
        if not self.resource_id:
            return None
        try:
            router = router_for_vpc(self, self.properties[self.VPC_ID])
        except exception.ServiceObjectNotFound:
            router = None
        if router:
            interface(self, router['id'], self.resource_id, False)
        return super().handle_delete()

    def get_attribute(self, name, *path):
        if name == self.AVAILABILITY_ZONE_ATTR:
            return self.properties.get(self.AVAILABILITY_ZONE)
        return super().get_attribute(name, *path)


class InternetGateway(resource_base.Resource):
    """The external network, seen from a VPC: nothing of its own."""

    creates_external = False
    runs_in_walk = True
    properties_schema = {
        'Tags': delegate.key_value_list(_('Not implemented (as in Heat).')),
    }
    attributes_schema = {delegate.SHOW: delegate.SHOW_SCHEMA}

    def get_attribute(self, name, *path):
        return None

    def handle_create(self):
        self.resource_id = self.physical_resource_name()


class Association(_Neutron):
    """A link between objects: made at once, nothing of its own to
    check or show.
    """

    name_property = None

    def check_create_complete(self, token):
        return True

    def check_delete_complete(self, token):
        return True

    def handle_check(self):
        pass

    def get_attribute(self, name, *path):
        return None


class VPCGatewayAttachment(Association):
    """The external network as the gateway of the VPC's route tables."""

    path, key = '/routers', 'router'
    PROPERTIES = (VPC_ID, INTERNET_GATEWAY_ID, VPN_GATEWAY_ID) = (
        'VpcId', 'InternetGatewayId', 'VpnGatewayId')

    properties_schema = {
        VPC_ID: Schema(Schema.STRING, _('VPC ID for this gateway '
                                        'association.'), required=True),
        INTERNET_GATEWAY_ID: Schema(Schema.STRING,
                                    _('ID of the InternetGateway.')),
        VPN_GATEWAY_ID: delegate.not_implemented(),
    }

    def _routers(self):
        """The routers of its VPC's route tables made so far."""
        found = []
        for name in on_vpc(self.stack, ROUTE_TABLE,
                           self.properties[self.VPC_ID]):
            if name not in self.stack.resource_names():
                continue
            action, status = self.stack.resource_state(name)
            if status == 'COMPLETE' and action not in ('INIT', 'DELETE'):
                found.append(self.stack.plugin(name).resource_id)
        return [router for router in found if router]

    def handle_create(self):
        network = external_network_id(self)
        for router in self._routers():
            set_gateway(self, router, network)
        self.resource_id = '%s-%s' % (self.properties[self.VPC_ID],
                                      network)

    def handle_delete(self):
        if not self.resource_id:
            return None
        try:
            routers = self._routers()
        except exception.ServiceObjectNotFound:
            routers = []
        for router in routers:
            os_clients.ignoring_missing(set_gateway, self, router, None)
        return None


class RouteTable(_Neutron):
    """A router of its own, with the VPC's gateway."""

    path, key = '/routers', 'router'
    ready_statuses = ('ACTIVE',)
    PROPERTIES = (VPC_ID, TAGS) = ('VpcId', 'Tags')

    properties_schema = {
        VPC_ID: Schema(Schema.STRING, _('VPC ID for where the route table '
                                        'is created.'), required=True),
        TAGS: delegate.key_value_list(_('Not implemented (as in Heat).')),
    }

    def check_create_complete(self, token):
        if not super().check_create_complete(token):
            return False
        vpc = self.properties[self.VPC_ID]
        default = router_for_vpc(self, vpc)
        network = ((default or {}).get('external_gateway_info') or
                   {}).get('network_id')
        if not network and on_vpc(self.stack, ATTACHMENT, vpc):
            network = external_network_id(self)
        if network:
            set_gateway(self, self.resource_id, network)
        return True

    def handle_delete(self):
        if self.resource_id:
            os_clients.ignoring_missing(set_gateway, self,
                                        self.resource_id, None)
        return super().handle_delete()


class SubnetRouteTableAssociation(Association):
    """A subnet moved from the VPC's router to a route table's."""

    path, key = '/routers', 'router'
    PROPERTIES = (ROUTE_TABLE_ID, SUBNET_ID) = ('RouteTableId', 'SubnetId')

    properties_schema = {
        ROUTE_TABLE_ID: Schema(Schema.STRING, _('Route table ID.'),
                               required=True),
        SUBNET_ID: Schema(Schema.STRING, _('Subnet ID.'), required=True,
                          constraints=[constraints.CustomConstraint(
                              'neutron.subnet')]),
    }

    def _default_router(self):
        subnet = self.api('GET', '/subnets/%s' %
                          self.properties[self.SUBNET_ID], key='subnet')
        return router_for_vpc(self, subnet['network_id'])

    def handle_create(self):
        subnet = self.properties[self.SUBNET_ID]
        try:
            previous = self._default_router()
        except exception.ServiceObjectNotFound:
            previous = None
        if previous and previous['id'] != self.properties[
                self.ROUTE_TABLE_ID]:
            interface(self, previous['id'], subnet, False)
        try:
            interface(self, self.properties[self.ROUTE_TABLE_ID], subnet,
                      True)
        except exception.ServiceConflict:
            pass    # a dead engine's create added it already
        self.resource_id = '%s-%s' % (self.properties[self.ROUTE_TABLE_ID],
                                      subnet)

    def handle_delete(self):
        if not self.resource_id:
            return None
        subnet = self.properties[self.SUBNET_ID]
        interface(self, self.properties[self.ROUTE_TABLE_ID], subnet, False)
        try:
            default = self._default_router()
        except exception.ServiceObjectNotFound:
            return None
        if default:
            try:
                interface(self, default['id'], subnet, True)
            except (exception.ServiceConflict,
                    exception.ServiceObjectNotFound):
                pass
        return None
