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

"""ETSI NFV SOL 001 VNFD nodes -> HOT.

- Vdu.Compute: OS::Nova::Server with an OS::Nova::Flavor made to the
  measure of its virtual_compute capability (vCPUs, memory, local disk,
  compute_requirements as extra specs; making a flavor is an admin
  action in Nova). Its image is sw_image_data's name (a Glance image of
  that name), or it boots from the VirtualBlockStorage that carries one.
- Vdu.VirtualBlockStorage: OS::Cinder::Volume (of sw_image_data's image
  when it has one), attached to the VDUs that require it.
- sw_image_data: the image a VNFM onboarded for the node replaces its
  name when the deployer gives it as the input ``<node>_image``, as
  Tacker's own HOT reads ``nfv.VDU.<node>.image`` (its sample
  samples/tests/etc/samples/etsi/nfv/functional/BaseHOT/simple/
  helloworld3.yaml), a parameter passed down like a connection
  point's network.
- VduCp: OS::Neutron::Port on its virtual_link, or on a network given as
  the parameter ``<cp>_network`` when it has none (an external link the
  deployer chooses); the VDU's ports in ``order``.
- VnfExtCp: OS::Neutron::Port on its internal_virtual_link.
- VNF: no resource (it describes the VNF to its VNFM, as in
  heat-translator's tosca_nfv_vnf.py).
- VnfVirtualLink: see nfv_link.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import parser
from heat_vision.translators import base
from heat_vision.translators import sizing
from heat_vision.translators.tosca import nfv_link
from heat_vision.translators.tosca import nodes


def _value(b, name, path_parts, convert=True):
    """``(value, path)`` of a nested property of node ``name``."""
    value = b.raw_nodes[name]
    for part in path_parts:
        value = value.get(part) if isinstance(value, dict) else None
    where = b.node_path(name, *path_parts)
    if value is None or not convert:
        return value, where
    return b.convert(value, where, name), where


def vdu(b, name):
    props, sources = {}, {}
    own, where = _value(b, name, ('properties', 'name'))
    if own is not None:
        props['name'], sources['name'] = own, where
    props['flavor'] = {'get_resource': _flavor(b, name)}
    sources['flavor'] = b.node_path(name, 'capabilities', 'virtual_compute')
    image, where = _image(b, name)
    storages = [(i, target) for i, req, target, _rel in b.requirements(name)
                if req == 'virtual_storage' and
                b.kinds.get(target) == 'vdu_storage']
    boot = None
    if image is None:
        boot = next((t for _i, t in storages if _storage_image(b, t)), None)
    if image is not None:
        props['image'], sources['image'] = image, where
    elif boot is None:
        # No image named: the deployer chooses it (heat-translator leaves
        # a placeholder, tosca_nfv_vdu_compute.py).
        param = '%s_image' % name
        b.extra_parameters[param] = {
            'type': 'string', 'description': 'image of VDU %s' % name}
        props['image'] = {'get_param': param}
        sources['image'] = b.node_path(name, 'properties')
    else:
        props['block_device_mapping_v2'] = [{
            'volume_id': {'get_resource': boot}, 'boot_index': 0}]
        sources['block_device_mapping_v2'] = b.node_path(name,
                                                         'requirements')
    ports = _bound_cps(b, name)
    if ports:
        props['networks'] = [{'port': {'get_resource': p}} for p in ports]
    b.add(name, {'type': 'OS::Nova::Server', 'properties': props},
          b.node_path(name), sources)
    for i, target in storages:
        if target != boot:
            nodes.attach(b, name, target, i, {})


def _flavor(b, name):
    cap = ('capabilities', 'virtual_compute', 'properties')
    where = b.node_path(name, *cap)
    cpus, _w = _value(b, name, cap + ('virtual_cpu', 'num_virtual_cpu'),
                      convert=False)
    memory, mem_where = _value(b, name, cap + ('virtual_memory',
                                               'virtual_mem_size'),
                               convert=False)
    if cpus is None or memory is None:
        raise base.fail(where, _(
            'a Vdu.Compute needs virtual_cpu.num_virtual_cpu and '
            'virtual_memory.virtual_mem_size.'))
    if isinstance(cpus, dict) or isinstance(memory, dict):
        raise base.fail(where, _('the flavor of a VDU is made from '
                                 'literal sizes, not functions.'))
    flavor = {'vcpus': cpus, 'ram': sizing.size_in(memory, 'MIB',
                                                   mem_where)}
    storage, disk_where = _value(b, name, cap + ('virtual_local_storage',),
                                 convert=False)
    if isinstance(storage, list) and storage and isinstance(
            storage[0], dict) and storage[0].get('size_of_storage'):
        flavor['disk'] = sizing.size_in(storage[0]['size_of_storage'],
                                        'GIB', disk_where + '.0')
    specs, specs_where = _value(b, name, cap + ('compute_requirements',))
    if isinstance(specs, dict) and 'nova_extra_specs' in specs:
        specs = _nova_extra_specs(b, specs['nova_extra_specs'],
                                  base.join(specs_where, 'nova_extra_specs'))
    if specs:
        flavor['extra_specs'] = specs
    flavor_name = '%s_flavor' % name
    b.add(flavor_name, {'type': 'OS::Nova::Flavor', 'properties': flavor},
          where)
    return flavor_name


def _nova_extra_specs(b, text, path):
    """Tacker's ``nova_extra_specs``: the flavor's extra specs as a
    YAML/JSON map in a string (heat-translator
    tosca_nfv_vdu_compute.py); one that is not a map is left out, and
    noted.
    """
    try:
        specs = parser.parse_text(text, what='nova_extra_specs') \
            if isinstance(text, str) else text
    except exception.InvalidTemplate:
        specs = None
    if not isinstance(specs, dict):
        b.context.notes.append((path, _(
            'not a map of extra specs: the flavor has none.')))
        return None
    return {str(k): str(v) for k, v in specs.items()}


def _image(b, name):
    """``(image, path)`` of a node's sw_image_data: its name, or the
    parameter ``<node>_image`` when the deployer gives that input.
    """
    image, where = _value(b, name, ('properties', 'sw_image_data', 'name'))
    param = '%s_image' % name
    given = b.context.inputs.get(param)
    if image is None or given is None:
        return image, where
    if not isinstance(given, str) or not 0 < len(given) <= 255:
        raise base.fail(base.join('inputs', param), _(
            'the image of a node is a Glance image name or id '
            '(1 to 255 characters).'))
    # The given value as the default, as for the document's own inputs:
    # the relay sends the defaults of the inputs it was given.
    b.extra_parameters[param] = {
        'type': 'string', 'default': given,
        'description': 'image of %s (its sw_image_data names %s)' % (
            name, str(image)[:255])}
    return {'get_param': param}, where


def _storage_image(b, name):
    return (((b.raw_nodes[name].get('properties') or {}).get(
        'sw_image_data') or {}).get('name'))


def _bound_cps(b, vdu_name):
    found = [cp for cp in b.raw_nodes if b.kinds.get(cp) == 'vdu_cp' and
             b.requirement_target(cp, 'virtual_binding') == vdu_name]
    return sorted(found, key=lambda cp: (
        (b.properties(cp).get('order') or 0), cp))


def vdu_storage(b, name):
    props, sources = {}, {}
    size, where = _value(b, name, ('properties', 'virtual_block_storage_data',
                                   'size_of_storage'), convert=False)
    if size is None or isinstance(size, dict):
        raise base.fail(where, _('a VirtualBlockStorage needs a literal '
                                 'size_of_storage.'))
    props['size'], sources['size'] = sizing.size_in(size, 'GIB',
                                                    where), where
    image, where = _image(b, name)
    if image is not None:
        props['image'], sources['image'] = image, where
    b.add(name, {'type': 'OS::Cinder::Volume', 'properties': props},
          b.node_path(name), sources)


def vdu_cp(b, name):
    _port(b, name, 'virtual_link')


def ext_cp(b, name):
    if b.requirement_target(name, 'internal_virtual_link') is None:
        raise base.fail(b.node_path(name, 'requirements'), _(
            'a VnfExtCp needs its internal_virtual_link (a VnfVirtualLink '
            'of this template).'))
    _port(b, name, 'internal_virtual_link')


def _port(b, name, link):
    props, sources = {}, {}
    network = b.requirement_target(name, link)
    if network is not None and b.kinds.get(network) == 'virtual_link':
        props['network'] = {'get_resource': network}
    else:
        # No link of this VNF: the deployer names the network.
        param = '%s_network' % name
        b.extra_parameters[param] = {
            'type': 'string',
            'description': 'network of connection point %s' % name}
        props['network'] = {'get_param': param}
    vnic, where = _value(b, name, ('properties', 'vnic_type'))
    if vnic is not None:
        props['binding:vnic_type'], sources['binding:vnic_type'] = (
            vnic, where)
    b.add(name, {'type': 'OS::Neutron::Port', 'properties': props},
          b.node_path(name), sources)


def vnf(b, name):
    """A VNF node describes; it makes nothing."""


HANDLERS = {'vnf': vnf, 'vdu': vdu, 'vdu_storage': vdu_storage,
            'vdu_cp': vdu_cp,
            'ext_cp': ext_cp, 'virtual_link': nfv_link.virtual_link}
