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

"""SOL 001 VnfVirtualLink -> OS::Neutron::Net, its subnets and QoS.

- an OS::Neutron::Subnet for each l3_protocol_data of its vl_profile
  (IP links only: ``connectivity_type.layer_protocols`` with ipv4/ipv6);
- a ``vl_profile.max_bitrate_requirements.leaf`` becomes the network's
  ``qos_policy``: an OS::Neutron::QoSPolicy ``<vl>_qospolicy`` with an
  OS::Neutron::QoSBandwidthLimitRule ``<vl>_bandwidth`` of ``max_kbps``
  the bitrate (bits/s) divided by 1024, as heat-translator's
  translator/hot/tosca/etsi_nfv/tosca_nfv_vnfvirtuallink.py does
  (``max_bps / MemoryUnit.UNIT_SIZE_DICT['KiB']``), rounded up. A root
  bitrate alone has no per-port equivalent and is not translated.
"""

from heat_vision.common.i18n import _
from heat_vision.translators import base

IP_VERSIONS = {'ipv4': 4, 'ipv6': 6}
KBIT = 1024
MAX_KBPS = 2 ** 31 - 1


def _raw(b, name, *parts):
    value = b.raw_nodes[name]
    for part in parts:
        value = value.get(part) if isinstance(value, dict) else None
    return value, b.node_path(name, *parts)


def virtual_link(b, name):
    props, sources = {}, {}
    policy = _qos(b, name)
    if policy is not None:
        props['qos_policy'] = {'get_resource': policy}
        sources['qos_policy'] = b.node_path(
            name, 'properties', 'vl_profile', 'max_bitrate_requirements')
    b.add(name, {'type': 'OS::Neutron::Net', 'properties': props},
          b.node_path(name), sources)
    layers, _w = _raw(b, name, 'properties', 'connectivity_type',
                      'layer_protocols')
    if not set(layers or ()) & set(IP_VERSIONS):
        return
    data, where = _raw(b, name, 'properties', 'vl_profile',
                       'virtual_link_protocol_data')
    subnets = [(i, d['l3_protocol_data']) for i, d in enumerate(data or [])
               if isinstance(d, dict) and
               isinstance(d.get('l3_protocol_data'), dict)]
    for n, (i, l3) in enumerate(subnets):
        path = base.join(where, i, 'l3_protocol_data')
        b.add('%s_subnet%s' % (name, '_%d' % n if n else ''),
              {'type': 'OS::Neutron::Subnet',
               'properties': _subnet(b, name, l3, path)}, path)


def _qos(b, name):
    """The name of the QoS policy made for link ``name``, or None."""
    leaf, where = _raw(b, name, 'properties', 'vl_profile',
                       'max_bitrate_requirements', 'leaf')
    if leaf is None:
        return None
    if isinstance(leaf, bool) or not isinstance(leaf, int) or not (
            0 < leaf <= MAX_KBPS * KBIT):
        raise base.fail(where, _(
            'a leaf bitrate is a whole number of bits per second between '
            '1 and %d.') % (MAX_KBPS * KBIT))
    policy = '%s_qospolicy' % name
    b.add(policy, {'type': 'OS::Neutron::QoSPolicy', 'properties': {}},
          where)
    b.add('%s_bandwidth' % name,
          {'type': 'OS::Neutron::QoSBandwidthLimitRule',
           'properties': {'policy': {'get_resource': policy},
                          'max_kbps': -(-leaf // KBIT)}},
          where)
    return policy


def _subnet(b, name, l3, path):
    props = {'network': {'get_resource': name},
             'ip_version': IP_VERSIONS.get(l3.get('ip_version'), 4)}
    for tosca_name, hot_name in (('name', 'name'), ('cidr', 'cidr'),
                                 ('gateway_ip', 'gateway_ip'),
                                 ('dhcp_enabled', 'enable_dhcp')):
        if l3.get(tosca_name) is not None:
            props[hot_name] = b.convert(
                l3[tosca_name], base.join(path, tosca_name), name)
    pools = l3.get('ip_allocation_pools') or []
    if pools:
        props['allocation_pools'] = [
            {'start': pool.get('start_ip_address'),
             'end': pool.get('end_ip_address')}
            for pool in pools if isinstance(pool, dict)]
    return props
