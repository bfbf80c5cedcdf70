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

"""Node templates -> HOT resources, by the base type they derive from."""

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators import sizing as mapping
from heat_vision.translators.tosca import loadbalancer
from heat_vision.translators.tosca import nested
from heat_vision.translators.tosca import software

ATTACHES_TO = 'tosca.relationships.AttachesTo'
IMAGE_ARTIFACT = 'tosca.artifacts.Deployment.Image'


def translate(b, name):
    """Add the resources of node ``name`` to the builder ``b``."""
    kind = b.kinds[name]
    if kind is None:
        raise base.fail(b.node_path(name, 'type'), _(
            'the node type "%s" has no OpenStack equivalent (it derives '
            'from none of the mapped TOSCA types).')
            % b.raw_nodes[name].get('type'))
    HANDLERS[kind](b, name)


def _props(b, name, table, *, capability=None, defaults=False):
    """Converted ``{hot name: value}`` and their sources for the TOSCA
    properties in ``table`` ({tosca name: hot name}) the node sets (or,
    with ``defaults``, its type gives a default).
    """
    raw = (b.capability_properties(name, capability) if capability
           else b.properties(name))
    if defaults:
        raw = dict(raw)
        for tosca_name in table:
            if raw.get(tosca_name) is None:
                raw[tosca_name] = b._default(name, capability, tosca_name)
    out, sources = {}, {}
    for tosca_name, hot_name in table.items():
        if tosca_name in raw and raw[tosca_name] is not None:
            where = (b.node_path(name, 'capabilities', capability,
                                 'properties', tosca_name) if capability
                     else b.node_path(name, 'properties', tosca_name))
            out[hot_name] = b.convert(raw[tosca_name], where, name)
            sources[hot_name] = where
    return out, sources


#: The properties of a Compute type (or of its defaults) that are
#: OS::Nova::Server's by name, as heat-translator passes them on
#: (translator/hot/tosca/tosca_compute.py ALLOWED_NOVA_SERVER_PROPS and
#: handle_properties; Tacker's VDU types have several: config_drive,
#: metadata, key_name, user_data...).
NOVA_SERVER_PROPERTIES = (
    'admin_pass', 'availability_zone', 'block_device_mapping',
    'block_device_mapping_v2', 'config_drive', 'diskConfig', 'flavor',
    'flavor_update_policy', 'image', 'image_update_policy', 'key_name',
    'metadata', 'name', 'networks', 'personality', 'reservation_id',
    'scheduler_hints', 'security_groups', 'software_config_transport',
    'user_data', 'user_data_format', 'user_data_update_policy')


def _server(b, name):
    props, sources = _props(b, name, {p: p for p in NOVA_SERVER_PROPERTIES},
                            defaults=True)
    if 'flavor' not in props:
        where = b.node_path(name, 'capabilities', 'host', 'properties')
        props['flavor'] = mapping.flavor(
            _literals(b, b.capability_properties(name, 'host'), where),
            where)
        sources['flavor'] = where
    if 'image' not in props:
        artifact = _image_artifact(b, name)
        if artifact is not None:
            props['image'], sources['image'] = artifact
        else:
            os_cap = b.capability_properties(name, 'os')
            where = b.node_path(name, 'capabilities', 'os', 'properties')
            if not os_cap:
                raise base.fail(b.node_path(name), _(
                    'a Compute node needs an "image" property, an image '
                    'artifact or the properties of its "os" capability.'))
            props['image'] = mapping.image(_literals(b, os_cap, where),
                                           where)
            sources['image'] = where
    if 'key_name' not in props and b.key_name_parameter():
        props['key_name'] = {'get_param': 'key_name'}
    # heat-translator's servers take their software configs from
    # os-collect-config (tosca_compute.py handle_properties).
    props.setdefault('user_data_format', 'SOFTWARE_CONFIG')
    ports = [{'port': {'get_resource': p}} for p in _bound_ports(b, name)]
    if ports:
        props['networks'] = ports
    b.add(name, {'type': 'OS::Nova::Server', 'properties': props},
          b.node_path(name), sources)
    for i, _req, target, (rtype, rprops) in b.requirements(name):
        if b.kinds.get(target) == 'volume':
            attach(b, name, target, i, rprops)
    from heat_vision.translators.tosca import software
    if software.operations(b, name):
        # A Compute type's own lifecycle runs on the server itself
        # (heat-translator's interface on a Compute).
        software.translate(b, name)


def _literals(b, spec, where):
    """A capability's properties, inputs resolved (see Builder.literal)."""
    return {k: b.literal(v, base.join(where, k)) for k, v in spec.items()}


def _image_artifact(b, name):
    for key, artifact in (b.raw_nodes[name].get('artifacts') or {}).items():
        if isinstance(artifact, dict) and str(
                artifact.get('type', '')).startswith(IMAGE_ARTIFACT):
            return artifact.get('file'), b.node_path(name, 'artifacts', key)
    return None


def _bound_ports(b, server):
    return sorted((p for p in b.raw_nodes if b.kinds.get(p) == 'port' and
                   _port_link(b, p, ('binding', 'virtualBinding')) ==
                   server),
                  key=lambda p: (b.properties(p).get('order', 0), p))


def _port_link(b, port, names):
    for _i, req, target, _rel in b.requirements(port):
        if req in names:
            return target
    return None


def attach(b, server, volume, index, rprops):
    """An OS::Cinder::VolumeAttachment of ``volume`` to ``server``."""
    where = b.node_path(server, 'requirements', index)
    props = {'instance_uuid': {'get_resource': server},
             'volume_id': {'get_resource': volume}}
    if rprops.get('location'):
        props['mountpoint'] = b.convert(rprops['location'], where, server)
    b.add('%s_%s_attachment' % (server, volume),
          {'type': 'OS::Cinder::VolumeAttachment', 'properties': props},
          where)


def _volume(b, name):
    props, sources = _props(b, name, {'volume_id': 'source_volid',
                                      'snapshot_id': 'snapshot_id'})
    size = b.properties(name).get('size')
    if size is not None:
        where = b.node_path(name, 'properties', 'size')
        if isinstance(size, dict):
            props['size'] = b.convert(size, where, name)
        else:
            props['size'] = mapping.size_in(size, 'GIB', where)
        sources['size'] = where
    b.add(name, {'type': 'OS::Cinder::Volume', 'properties': props},
          b.node_path(name), sources)
    for _i, req, target, (rtype, rprops) in b.requirements(name):
        if req == 'attachment' or (rtype or '').endswith('AttachesTo'):
            if b.kinds.get(target) == 'server':
                attach(b, target, name, _i, rprops)


def _network(b, name):
    raw = b.properties(name)
    net, sources = _props(b, name, {'network_name': 'name'})
    existing = raw.get('network_id') or (
        raw.get('network_name') if raw.get('cidr') is None else None)
    if existing is not None:
        # An existing network (by id, or by name when no cidr says to
        # make one): nothing to create, its ports name it (heat-translator
        # tosca_network_network.py handle_properties).
        key = 'network_id' if raw.get('network_id') else 'network_name'
        b.existing[name] = b.convert(
            existing, b.node_path(name, 'properties', key), name)
        return
    if raw.get('segmentation_id') is not None:
        where = b.node_path(name, 'properties', 'segmentation_id')
        net['value_specs'] = {
            'provider:network_type': 'vxlan',
            'provider:segmentation_id': b.convert(
                raw['segmentation_id'], where, name)}
        sources['value_specs'] = where
    b.add(name, {'type': 'OS::Neutron::Net', 'properties': net},
          b.node_path(name), sources)
    subnet, sources = _props(b, name, {
        'cidr': 'cidr', 'ip_version': 'ip_version',
        'gateway_ip': 'gateway_ip', 'dhcp_enabled': 'enable_dhcp'})
    if 'cidr' not in subnet:
        return
    # tosca.nodes.network.Network's ip_version defaults to 4 (TOSCA
    # Simple Profile 1.3, 7.5.1); heat-translator writes it too.
    subnet.setdefault('ip_version', 4)
    if raw.get('start_ip') and raw.get('end_ip'):
        subnet['allocation_pools'] = [{
            'start': b.convert(raw['start_ip'], '', name),
            'end': b.convert(raw['end_ip'], '', name)}]
    subnet['network'] = {'get_resource': name}
    b.add(name + '_subnet', {'type': 'OS::Neutron::Subnet',
                             'properties': subnet},
          b.node_path(name, 'properties', 'cidr'), sources)


def _port(b, name):
    # anti_spoofing_protection: Tacker's CP property, the port's
    # security as Tacker hands it to Heat (tacker/tosca/utils.py
    # convert_prop, before its legacy API was removed in f410d66e).
    props, sources = _props(b, name, {'port_name': 'name',
                                      'mac_address': 'mac_address',
                                      'anti_spoofing_protection':
                                          'port_security_enabled'})
    network = _port_link(b, name, ('link', 'virtualLink'))
    if network is None:
        raise base.fail(b.node_path(name, 'requirements'), _(
            'a port needs a link (or virtualLink) to a network.'))
    props['network'] = b.existing.get(network,
                                      {'get_resource': network})
    ip = b.properties(name).get('ip_address')
    if ip is not None:
        where = b.node_path(name, 'properties', 'ip_address')
        props['fixed_ips'] = [{'ip_address': b.convert(ip, where, name)}]
        sources['fixed_ips'] = where
    b.add(name, {'type': 'OS::Neutron::Port', 'properties': props},
          b.node_path(name), sources)


def _floating_ip(b, name):
    props, sources = _props(b, name, {'floating_network':
                                      'floating_network',
                                      'floating_ip_address':
                                      'floating_ip_address',
                                      'port_id': 'port_id'})
    port = _port_link(b, name, ('link', 'binding'))
    if port is not None:
        props['port_id'] = {'get_resource': port}
    b.add(name, {'type': 'OS::Neutron::FloatingIP', 'properties': props},
          b.node_path(name), sources)


def _container(b, name):
    props, sources = _props(b, name, {'name': 'name'})
    raw = b.properties(name)
    # The quota is maxsize, else size, in bytes (heat-translator
    # tosca_object_storage.py). Its public read ACL is not copied: a
    # container is private unless the document says otherwise.
    key = 'maxsize' if raw.get('maxsize') is not None else 'size'
    if raw.get(key) is not None:
        where = b.node_path(name, 'properties', key)
        quota = b.literal(raw[key], where)
        props['X-Container-Meta'] = {'Quota-Bytes': int(
            mapping.to_bytes(quota, where))}
        sources['X-Container-Meta'] = where
    b.add(name, {'type': 'OS::Swift::Container', 'properties': props},
          b.node_path(name), sources)


def _loadbalancer(b, name):
    loadbalancer.translate(b, name)


def _software(b, name):
    software.translate(b, name)


def _nested(b, name):
    nested.translate(b, name)


def _etsi_nfv(b, name):
    # Imported here: etsi_nfv builds on this module's handlers.
    from heat_vision.translators.tosca import etsi_nfv
    etsi_nfv.HANDLERS[b.kinds[name]](b, name)


HANDLERS = {'server': _server, 'volume': _volume, 'network': _network,
            'port': _port, 'floating_ip': _floating_ip,
            'container': _container, 'loadbalancer': _loadbalancer,
            'software': _software, 'nested': _nested,
            'vnf': _etsi_nfv, 'vdu': _etsi_nfv, 'vdu_storage': _etsi_nfv,
            'vdu_cp': _etsi_nfv,
            'ext_cp': _etsi_nfv, 'virtual_link': _etsi_nfv}
