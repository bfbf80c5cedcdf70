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


def _props(b, name, table, *, capability=None):
    """Converted ``{hot name: value}`` and their sources for the TOSCA
    properties in ``table`` ({tosca name: hot name}) the node sets.
    """
    raw = (b.capability_properties(name, capability) if capability
           else b.properties(name))
    out, sources = {}, {}
    for tosca_name, hot_name in table.items():
        if tosca_name in raw and raw[tosca_name] is not None:
            where = (b.node_path(name, 'capabilities', capability,
                                 'properties', tosca_name) if capability
                     else b.node_path(name, 'properties', tosca_name))
            out[hot_name] = b.convert(raw[tosca_name], where, name)
            sources[hot_name] = where
    return out, sources


def _server(b, name):
    props, sources = _props(b, name, {'flavor': 'flavor', 'image': 'image',
                                      'key_name': 'key_name',
                                      'user_data': 'user_data',
                                      'availability_zone':
                                          'availability_zone'})
    host = b.capability_properties(name, 'host')
    if 'flavor' not in props:
        where = b.node_path(name, 'capabilities', 'host', 'properties')
        spec = dict(host)
        if any(isinstance(v, dict) for v in spec.values()):
            raise base.fail(where, _('flavor selection needs literal '
                                     'values; set the "flavor" property '
                                     'to use an input.'))
        props['flavor'] = mapping.flavor(spec, where)
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
            if any(isinstance(v, dict) for v in os_cap.values()):
                raise base.fail(where, _('image selection needs literal '
                                         'values; set the "image" '
                                         'property to use an input.'))
            props['image'] = mapping.image(os_cap, where)
            sources['image'] = where
    ports = [{'port': {'get_resource': p}} for p in _bound_ports(b, name)]
    if ports:
        props['networks'] = ports
    b.add(name, {'type': 'OS::Nova::Server', 'properties': props},
          b.node_path(name), sources)
    for i, _req, target, (rtype, rprops) in b.requirements(name):
        if b.kinds.get(target) == 'volume':
            attach(b, name, target, i, rprops)


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
    if raw.get('network_id'):
        # An existing network: nothing to create, refer to it by id.
        where = b.node_path(name, 'properties', 'network_id')
        b.add(name, {'type': 'OS::Heat::Value', 'properties': {
            'value': b.convert(raw['network_id'], where, name)}}, where)
        return
    b.add(name, {'type': 'OS::Neutron::Net', 'properties': net},
          b.node_path(name), sources)
    subnet, sources = _props(b, name, {
        'cidr': 'cidr', 'ip_version': 'ip_version',
        'gateway_ip': 'gateway_ip', 'dhcp_enabled': 'enable_dhcp'})
    if 'cidr' not in subnet:
        return
    if raw.get('start_ip') and raw.get('end_ip'):
        subnet['allocation_pools'] = [{
            'start': b.convert(raw['start_ip'], '', name),
            'end': b.convert(raw['end_ip'], '', name)}]
    subnet['network'] = {'get_resource': name}
    b.add(name + '_subnet', {'type': 'OS::Neutron::Subnet',
                             'properties': subnet},
          b.node_path(name, 'properties', 'cidr'), sources)


def _port(b, name):
    props, sources = _props(b, name, {'port_name': 'name',
                                      'mac_address': 'mac_address'})
    network = _port_link(b, name, ('link', 'virtualLink'))
    if network is None:
        raise base.fail(b.node_path(name, 'requirements'), _(
            'a port needs a link (or virtualLink) to a network.'))
    props['network'] = {'get_resource': network}
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
            'vdu': _etsi_nfv, 'vdu_storage': _etsi_nfv, 'vdu_cp': _etsi_nfv,
            'ext_cp': _etsi_nfv, 'virtual_link': _etsi_nfv}
