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

"""Routes of a VPC -> the external gateway of Neutron routers.

AWS sends a subnet's traffic to the internet through a route table
whose default route (``0.0.0.0/0``) goes to an internet gateway
attached to the VPC, or to a NAT gateway (then translated to its
address: what a Neutron router's SNAT does). A route table is a Neutron
router (as Heat's heat/engine/resources/aws/ec2/route_table.py), so
such a route is that router's external gateway, as Heat's
VPCGatewayAttachment sets it (heat/engine/resources/aws/ec2/
internet_gateway.py); the route itself is left as an ``OS::Heat::None``
that keeps its dependencies.
"""

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators.cfn import types

ROUTE = 'AWS::EC2::Route'
GATEWAYS = {'GatewayId': 'AWS::EC2::InternetGateway',
            'NatGatewayId': 'AWS::EC2::NatGateway'}
TABLE = 'AWS::EC2::RouteTable'


def _ref(value):
    if isinstance(value, dict) and len(value) == 1:
        return value.get('Ref')
    return None


def apply(resources, kinds, hot_resources, missing):
    """Give the route tables their external gateway.

    :param resources: the template's Resources.
    :param kinds: ``{resource: Mapping or None}``, as mapped.
    :param hot_resources: the HOT resources, changed in place.
    :param missing: the list of no-counterpart items.
    :returns: whether a router got the external network.
    """
    found = False
    for name, resource in resources.items():
        if resource['Type'] != ROUTE or kinds.get(name) is None:
            continue
        props = resource.get('Properties') or {}
        gateways = [(_ref(props[key]), rtype) for key, rtype in
                    GATEWAYS.items() if key in props]
        table = _ref(props.get('RouteTableId'))
        if (len(gateways) != 1 or
                resources.get(gateways[0][0], {}).get('Type') !=
                gateways[0][1] or
                resources.get(table, {}).get('Type') != TABLE or
                kinds.get(table) is None):
            missing.append((base.join('Resources', name, 'Type'), _(
                '%s other than a default route to an internet or NAT '
                'gateway of the template') % ROUTE))
            continue
        props = hot_resources[table].setdefault('properties', {})
        props['external_gateway_info'] = {
            'network': {'get_param': types.EXTERNAL_NETWORK[0]}}
        found = True
    return found
