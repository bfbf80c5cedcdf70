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

"""AWS::EC2::EIP and AWS::EC2::EIPAssociation: Neutron floating IPs.

As Heat's heat/engine/resources/aws/ec2/eip.py: an EIP is a floating IP
of the one external network (``InternetGateway.get_external_network_id``),
associated with InstanceId's first port when given (Nova client's
``associate_floatingip``); its Ref is the address, AllocationId its id.
An association takes the address (EIP, with InstanceId) or the floating
IP's id (AllocationId) to the port NetworkInterfaceId or InstanceId's
first port, giving the VPC's router of that port's network the floating
IP's network as gateway first (``_neutron_add_gateway_router``); its Ref
is its physical name. A change moves the association in place.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.aws import ec2_vpc
from heat_vision.resources.openstack import base as os_base
from heat_vision.resources.openstack import neutron_base
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema


def first_port(plugin, server):
    """The port of ``server`` an address goes to (its first)."""
    ports = plugin.api('GET', '/ports', key='ports',
                       params={'device_id': server}, service='neutron')
    if not ports:
        raise exception.Invalid(reason=_(
            'The instance %s has no port') % server)
    return ports[0]


def associate(plugin, floating_ip_id, port_id):
    plugin.api('PUT', '/floatingips/%s' % floating_ip_id,
               service='neutron',
               body={'floatingip': {'port_id': port_id}})


class ElasticIp(neutron_base.NeutronResource):
    """A floating IP of the external network."""

    path, key = '/floatingips', 'floatingip'
    name_property = None
    TAGS = None

    PROPERTIES = (DOMAIN, INSTANCE_ID) = ('Domain', 'InstanceId')
    ATTRIBUTES = (ALLOCATION_ID,) = ('AllocationId',)

    properties_schema = {
        DOMAIN: Schema(Schema.STRING, _('Set to "vpc" to have IP address '
                                        'allocation associated to your '
                                        'VPC (deprecated: the only one).'),
                       constraints=[constraints.AllowedValues(['vpc'])]),
        INSTANCE_ID: Schema(Schema.STRING, _('Instance ID to associate '
                                             'with EIP.'),
                            update_allowed=True),
    }
    attributes_schema = {
        ALLOCATION_ID: attributes.Schema(
            _('ID that AWS assigns to represent the allocation of the '
              'address for use with Amazon VPC.'),
            type=attributes.Schema.STRING),
        os_base.SHOW: os_base.SHOW_SCHEMA,
    }

    def set_tags(self, tags):
        pass

    def create_body(self, properties):
        return {'floating_network_id': ec2_vpc.external_network_id(self)}

    def adoptable(self):
        return None

    def check_create_complete(self, token):
        if 'address' not in self.data:
            self.data['address'] = self.show_object()['floating_ip_address']
        server = self.properties.get(self.INSTANCE_ID)
        if server and not self.data.get('associated'):
            associate(self, self.resource_id,
                      first_port(self, server)['id'])
            self.data['associated'] = True
        return True

    def handle_update(self, new_properties, changed):
        if self.INSTANCE_ID in changed:
            server = changed[self.INSTANCE_ID]
            associate(self, self.resource_id,
                      first_port(self, server)['id'] if server else None)
        return None

    def get_reference_id(self):
        return self.data.get('address') or self.name

    def get_attribute(self, name, *path):
        if name == self.ALLOCATION_ID:
            return self.resource_id
        return super().get_attribute(name, *path)


class ElasticIpAssociation(ec2_vpc.Association):
    """A floating IP taken to an instance's or an interface's port."""

    path, key = '/floatingips', 'floatingip'

    PROPERTIES = (INSTANCE_ID, EIP, ALLOCATION_ID, NETWORK_INTERFACE_ID) = (
        'InstanceId', 'EIP', 'AllocationId', 'NetworkInterfaceId')

    properties_schema = {
        INSTANCE_ID: Schema(Schema.STRING, _('Instance ID to associate '
                                             'with EIP specified by EIP '
                                             'property.'),
                            update_allowed=True),
        EIP: Schema(Schema.STRING, _('EIP address to associate with '
                                     'instance.'), update_allowed=True,
                    constraints=[constraints.CustomConstraint('ip_addr')]),
        ALLOCATION_ID: Schema(Schema.STRING, _('Allocation ID for VPC EIP '
                                               'address.'),
                              update_allowed=True),
        NETWORK_INTERFACE_ID: Schema(Schema.STRING, _('Network interface '
                                                      'ID to associate '
                                                      'with EIP.'),
                                     update_allowed=True),
    }

    @classmethod
    def validate_properties(cls, properties, path):
        """As Heat's ``ElasticIpAssociation.validate`` (once the values
        are known).
        """
        try:
            eip, allocation, server, interface = [
                properties.get(key) for key in (
                    cls.EIP, cls.ALLOCATION_ID, cls.INSTANCE_ID,
                    cls.NETWORK_INTERFACE_ID)]
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if bool(eip) == bool(allocation):
            message = _("Either 'EIP' or 'AllocationId' must be provided.")
        elif eip and not server:
            message = _("Must specify 'InstanceId' if you specify 'EIP'.")
        elif not server and not interface:
            message = _('At least one of the following properties must be '
                        'specified: InstanceId, NetworkInterfaceId.')
        else:
            return
        raise exception.StackValidationFailed(message, path=path)

    def _floating_ip(self, properties):
        if properties.get(self.ALLOCATION_ID):
            return properties[self.ALLOCATION_ID]
        found = self.api('GET', self.path, key='floatingips', params={
            'floating_ip_address': properties[self.EIP]})
        if not found:
            raise exception.Invalid(reason=_(
                'No floating IP has the address %s') % properties[self.EIP])
        return found[0]['id']

    def _port(self, properties):
        interface = properties.get(self.NETWORK_INTERFACE_ID)
        if interface:
            return self.api('GET', '/ports/%s' % interface, key='port')
        return first_port(self, properties[self.INSTANCE_ID])

    def _associate(self, properties):
        floating_ip = self._floating_ip(properties)
        port = self._port(properties)
        if properties.get(self.ALLOCATION_ID):
            router = ec2_vpc.router_for_vpc(self, port['network_id'])
            if router is not None:
                shown = self.api('GET', '/floatingips/%s' % floating_ip,
                                 key='floatingip')
                ec2_vpc.set_gateway(self, router['id'],
                                    shown['floating_network_id'])
        associate(self, floating_ip, port['id'])
        self.data['floating_ip'] = floating_ip
        self.resource_id = properties.get(self.EIP) or floating_ip

    def handle_create(self):
        self._associate(self.properties)

    def handle_update(self, new_properties, changed):
        self.handle_delete()
        self._associate(new_properties)

    def handle_delete(self):
        if self.data.get('floating_ip'):
            os_clients.ignoring_missing(associate, self,
                                        self.data['floating_ip'], None)

    def get_reference_id(self):
        return self.physical_resource_name() if self.resource_id \
            else self.name
