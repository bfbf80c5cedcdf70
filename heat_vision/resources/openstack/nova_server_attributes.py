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

"""OS::Nova::Server's attributes in Heat's shapes.

``addresses`` as Heat's ``_get_server_addresses`` and
``_extend_networks`` (``heat/engine/resources/openstack/nova/
server.py``) build it from Neutron's ports of the server: keyed by
network name and by network id, each address with its ``port``, its
``subnets`` and ``network`` (as Neutron shows them), then the floating
IPs of the address (``port`` None). ``console_urls`` as Heat's
``get_console_urls`` (``heat/engine/clients/os/nova.py``): a URL per
console type, asked for when read; a type the cloud does not serve
gives the reason instead of a URL.
"""

import ipaddress

from heat_vision.common import exception
from heat_vision.common.i18n import _

#: Heat's console types -> Nova's remote console protocol.
CONSOLE_TYPES = {'novnc': 'vnc', 'xvpvnc': 'vnc', 'spice-html5': 'spice',
                 'rdp-html5': 'rdp', 'serial': 'serial', 'webmks': 'mks'}


def _version(address):
    try:
        return ipaddress.ip_address(address).version
    except ValueError:
        return None


def addresses(plugin):
    """:returns: the server's addresses by network name and id."""
    ports = plugin.api('GET', '/ports', key='ports', service='neutron',
                       params={'device_id': plugin.resource_id})
    networks, subnets, by_name = {}, {}, {}

    def network(net_id):
        if net_id not in networks:
            networks[net_id] = plugin.api('GET', '/networks/%s' % net_id,
                                          key='network', service='neutron')
        return networks[net_id]

    def subnet(subnet_id):
        if subnet_id not in subnets:
            subnets[subnet_id] = plugin.api(
                'GET', '/subnets/%s' % subnet_id, key='subnet',
                service='neutron')
        return subnets[subnet_id]

    for port in sorted(ports, key=lambda p: p['id']):
        net = network(port['network_id'])
        found = by_name.setdefault(net.get('name') or net['id'], [])
        for fixed in port.get('fixed_ips') or []:
            addr = fixed.get('ip_address')
            found.append({
                'addr': addr, 'version': _version(addr),
                'OS-EXT-IPS-MAC:mac_addr': port.get('mac_address'),
                'OS-EXT-IPS:type': 'fixed', 'port': port['id'],
                'subnets': [subnet(f['subnet_id'])
                            for f in port['fixed_ips']
                            if f.get('subnet_id')],
                'network': net})
            for fip in plugin.api('GET', '/floatingips', key='floatingips',
                                  service='neutron',
                                  params={'fixed_ip_address': addr,
                                          'port_id': port['id']}):
                found.append({
                    'addr': fip['floating_ip_address'],
                    'version': _version(fip['floating_ip_address']),
                    'OS-EXT-IPS-MAC:mac_addr': port.get('mac_address'),
                    'OS-EXT-IPS:type': 'floating', 'port': None})
    result = dict(by_name)
    names = {}
    for net in networks.values():
        names.setdefault(net.get('name') or net['id'], []).append(net['id'])
    for name, ids in names.items():
        if len(ids) == 1 and name in by_name:
            result[ids[0]] = by_name[name]
    return result


def console_url(plugin, console_type):
    """The URL of the server's ``console_type`` console, or why not."""
    protocol = CONSOLE_TYPES.get(console_type)
    if protocol is None:
        return _('Unsupported console_type "%s"') % console_type
    try:
        console = plugin.api('POST', plugin.object_path() +
                             '/remote-consoles', key='remote_console',
                             body={'remote_console': {
                                 'protocol': protocol,
                                 'type': console_type}})
    except exception.HeatVisionException as exc:
        return _('Cannot get console url: %s') % exc
    return console.get('url')


def console_urls(plugin, path):
    """``console_urls`` (then ``path``): one type's URL, or all."""
    if path:
        return console_url(plugin, path[0]), path[1:]
    return {kind: console_url(plugin, kind) for kind in CONSOLE_TYPES}, ()
