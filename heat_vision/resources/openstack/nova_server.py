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

"""OS::Nova::Server.

Created through Nova's API at microversion 2.52, with a tag made of the
resource's short id: an engine re-running a dead engine's create finds
the server by that tag and keeps it instead of booting a second one.
A flavor change resizes (``flavor_update_policy`` RESIZE: resize, wait
for VERIFY_RESIZE, confirm, wait for ACTIVE), an image change rebuilds,
each step one poll of ``check_update_complete``; a change of networks
detaches and attaches interfaces (``nova_server_networks``); what Nova
cannot change in place (user_data by default, block devices, key pair,
security groups: not ``update_allowed`` in Heat either) replaces it.
"""

import base64
from email.mime import multipart
from email.mime import text as mime_text
import json

from oslo_utils import uuidutils

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.heat import poll_heat
from heat_vision.resources.heat import server_transport
from heat_vision.resources import implicit
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import nova_server_attributes as \
    server_attributes
from heat_vision.resources.openstack import nova_server_networks
from heat_vision.resources.openstack import nova_server_schema as schema
from heat_vision.resources.openstack import snapshot_delete

MICROVERSION = '2.52'
TASK_STATE = 'OS-EXT-STS:task_state'
#: properties whose change Nova cannot make in place.
_REPLACING = ('block_device_mapping_v2', 'key_name')


class Server(snapshot_delete.ServerImageOnDelete,
             nova_server_networks.ServerNetworks, base.OpenStackResource):
    """A Nova server (virtual machine)."""

    service = 'nova'
    takes_deployments = True
    path, key = '/servers', 'server'
    microversion = MICROVERSION
    failed_statuses = ('ERROR',)
    implicit = implicit.Declared(implicit.SERVER,
                                 networks=('networks', '*', 'network'))

    properties_schema = schema.PROPERTIES
    attributes_schema = schema.ATTRIBUTES
    live_keys = {'flavor': 'flavor', 'metadata': 'metadata'}

    # Finding things by name or id ----------------------------------------

    def marker_tag(self):
        """The tag that names this resource's server (take-over)."""
        return 'heat-vision-%s' % self.stack.short_id(self.name)

    def own_tags(self):
        """The tags heat-vision puts on the server: the resource's and
        the stack's (a replacement finds its predecessor's ports by it).
        """
        return [self.marker_tag(), 'heat-vision-stack-%s' % self.stack.id]

    def image_id(self, value):
        return value and self.find_id('glance', '/images', 'image',
                                      value)

    def flavor_id(self, value):
        return self.find_id('nova', '/flavors', 'flavor', value)

    def _neutron(self, path, key, value):
        return self.find_id('neutron', path, key, value)

    # The create body ---------------------------------------------------

    def user_data(self, properties):
        """The user data Nova is given (base64), as the format says."""
        data = properties.get('user_data') or ''
        fmt = properties.get('user_data_format') or schema.HEAT_CFNTOOLS
        if fmt != schema.HEAT_CFNTOOLS and uuidutils.is_uuid_like(data):
            config = self.stack.software_config_text(data)
            if config is not None:
                data = config
        if fmt == schema.HEAT_CFNTOOLS:
            data = self._multipart(data)
        elif fmt == schema.SOFTWARE_CONFIG and self._keeps_collect_config():
            # Heat's build_userdata: the metadata the transport made.
            data = self._multipart(data, json.dumps(self.metadata))
        elif fmt == schema.SOFTWARE_CONFIG and self.data.get('user_id'):
            # Heat's build_userdata: the server's metadata (its
            # os-collect-config credentials) as the cfn-init-data part.
            data = self._multipart(data, poll_heat.boot_metadata(self))
        if not data:
            return None
        return base64.b64encode(data.encode('utf-8')).decode('ascii')

    @staticmethod
    def _multipart(data, init_data=None):
        if data.startswith('Content-Type: multipart') and not init_data:
            return data
        subtype = 'x-cfninitdata'
        if data.startswith('#cloud-config'):
            subtype = 'cloud-config'
        elif data.startswith('#!'):
            subtype = 'x-shellscript'
        message = multipart.MIMEMultipart()
        parts = ([(data, subtype, 'cfn-userdata')]
                 if data or not init_data else [])
        if init_data:
            parts.append((init_data, 'x-cfninitdata', 'cfn-init-data'))
        for content, subtype, filename in parts:
            part = mime_text.MIMEText(content, subtype, 'utf-8')
            part.add_header('Content-Disposition', 'attachment',
                            filename=filename)
            message.attach(part)
        return message.as_string()

    def network_entries(self, networks):
        """Nova's ``networks`` for Heat's, making the ports Heat makes
        (for a subnet or port_extra_properties).
        """
        if not networks:
            return 'auto'
        out = []
        for net in networks:
            if net.get('allocate_network'):
                return net['allocate_network']
            entry = {}
            if net.get('port'):
                entry['port'] = self._neutron('/ports', 'port', net['port'])
            elif net.get('subnet') or net.get('port_extra_properties'):
                entry['port'] = self._internal_port(net)
            else:
                entry['uuid'] = self._neutron('/networks', 'network',
                                              net.get('network'))
                if net.get('fixed_ip'):
                    entry['fixed_ip'] = net['fixed_ip']
            if net.get('tag'):
                entry['tag'] = net['tag']
            out.append(entry)
        return out

    def _internal_port(self, net):
        body = dict(net.get('port_extra_properties') or {})
        body.update(body.pop('value_specs', None) or {})
        qos = body.pop('qos_policy', None)
        if qos:
            body['qos_policy_id'] = self._neutron('/qos/policies',
                                                  'policy', qos)
        if body.pop('no_fixed_ips', False):
            body['fixed_ips'] = []
        subnet = net.get('subnet') and self._neutron('/subnets', 'subnet',
                                                     net['subnet'])
        network = net.get('network')
        body['network_id'] = (self._neutron('/networks', 'network',
                                            network) if network else
                              self.api('GET', '/subnets/%s' % subnet,
                                       key='subnet', service='neutron')
                              ['network_id'])
        if subnet and 'fixed_ips' not in body:
            fixed = {'subnet_id': subnet}
            if net.get('fixed_ip'):
                fixed['ip_address'] = net['fixed_ip']
            body['fixed_ips'] = [fixed]
        name = body['name'] = '%s-port-%d' % (
            self.physical_resource_name(), len(self.data.get('ports', [])))
        # After a lost answer, the port that POST made is found by its
        # name rather than a second one made (and leaked: it would keep
        # its network from being deleted).
        port = self.post_adopting(
            {'port': base.without_none(body)}, path='/ports', key='port',
            service='neutron', find=lambda: self._port_named(name))
        self.data.setdefault('ports', []).append(port['id'])
        return port['id']

    def _port_named(self, name):
        found = [port for port in self.api(
            'GET', '/ports', key='ports', params={'name': name},
            service='neutron') if port.get('name') == name]
        return found[0] if found else None

    def block_devices(self, properties):
        out = []
        for bdm in properties.get('block_device_mapping_v2') or []:
            out.append(self._bdm_v2(bdm))
        for bdm in properties.get('block_device_mapping') or []:
            source = 'snapshot' if bdm.get('snapshot_id') else 'volume'
            out.append(base.without_none({
                'device_name': bdm['device_name'],
                'source_type': source, 'destination_type': 'volume',
                'uuid': bdm.get('volume_id') or bdm.get('snapshot_id'),
                'volume_size': bdm.get('volume_size'),
                'delete_on_termination': bdm.get('delete_on_termination'),
                'boot_index': 0 if bdm['device_name'] in ('vda', 'sda')
                else -1}))
        return out

    def _bdm_v2(self, bdm):
        out = {k: bdm.get(k) for k in ('device_name', 'device_type',
                                       'disk_bus', 'boot_index',
                                       'volume_size', 'volume_type',
                                       'delete_on_termination')}
        image = bdm.get('image')
        if bdm.get('volume_id'):
            out.update(source_type='volume', destination_type='volume',
                       uuid=self.find_id('cinder', '/volumes', 'volume',
                                         bdm['volume_id']))
        elif bdm.get('snapshot_id'):
            out.update(source_type='snapshot', destination_type='volume',
                       uuid=bdm['snapshot_id'])
        elif image:
            out.update(source_type='image', uuid=self.image_id(image),
                       destination_type='volume' if bdm.get('volume_size')
                       else 'local')
        elif bdm.get('swap_size'):
            out.update(source_type='blank', destination_type='local',
                       guest_format='swap', volume_size=bdm['swap_size'])
        elif bdm.get('ephemeral_size'):
            out.update(source_type='blank', destination_type='local',
                       guest_format=bdm.get('ephemeral_format'),
                       volume_size=bdm['ephemeral_size'])
        if out.get('boot_index') is None and out.get(
                'source_type') in ('volume', 'snapshot', 'image') and \
                out['destination_type'] == 'volume':
            out['boot_index'] = 0 if not self.properties.get('image') \
                else -1
        return base.without_none(out)

    def create_body(self, properties):
        body = {
            'flavorRef': self.flavor_id(properties['flavor']),
            'networks': self.network_entries(properties.get('networks')),
            'tags': self.own_tags() + list(
                properties.get('tags') or []),
        }
        image = self.image_id(properties.get('image'))
        if image:
            body['imageRef'] = image
        devices = self.block_devices(properties)
        if devices:
            body['block_device_mapping_v2'] = devices
        optional = {'key_name': 'key_name', 'admin_pass': 'adminPass',
                    'availability_zone': 'availability_zone',
                    'config_drive': 'config_drive',
                    'diskConfig': 'OS-DCF:diskConfig',
                    'reservation_id': 'reservation_id'}
        for name, key in optional.items():
            if properties.get(name) is not None:
                body[key] = properties[name]
        metadata = {k: str(v) for k, v in
                    (properties.get('metadata') or {}).items()}
        if metadata:
            body['metadata'] = metadata
        user_data = self.user_data(properties)
        if user_data:
            body['user_data'] = user_data
        if properties.get('security_groups'):
            body['security_groups'] = [
                {'name': g} for g in properties['security_groups']]
        if properties.get('personality'):
            body['personality'] = [
                {'path': path, 'contents': base64.b64encode(
                    str(content).encode('utf-8')).decode('ascii')}
                for path, content in properties['personality'].items()]
        return body

    # Create, with take-over ----------------------------------------------

    def adoptable(self):
        found = self.api('GET', '/servers/detail', key='servers',
                         params={'tags': self.marker_tag()})
        # A filter the service ignores must not adopt someone else's.
        return next((s for s in found
                     if self.marker_tag() in (s.get('tags') or [])), None)

    def _keeps_collect_config(self):
        """Whether the transport is one that keeps its os-collect-config
        in the metadata (all but POLL_SERVER_HEAT, whose section is made
        when read).
        """
        return (self.properties.get('software_config_transport') not in
                (schema.POLL_SERVER_HEAT, schema.NO_SIGNAL) and
                server_transport.OCC_KEY in (self.metadata or {}))

    def _set_up_transport(self, properties):
        """Heat's ``_create_transport_credentials`` and
        ``_populate_deployments_metadata``, for a server that takes
        software configs (user_data_format SOFTWARE_CONFIG) and polls
        other than POLL_SERVER_HEAT.
        """
        transport = properties.get('software_config_transport')
        if (properties.get('user_data_format') != schema.SOFTWARE_CONFIG
                or transport not in (schema.POLL_SERVER_CFN,
                                     schema.POLL_TEMP_URL,
                                     schema.ZAQAR_MESSAGE)):
            return
        metadata = self.metadata
        if metadata is None:
            metadata = self.stack.definition.resource_definition(
                self.name).resolved_metadata(self.stack)
        server_transport.create_credentials(self, transport)
        self.metadata = server_transport.populate(
            self, metadata, transport, default_collectors=('ec2',),
            swift_data=properties.get('deployment_swift_data'))

    @classmethod
    def validate_properties(cls, properties, path):
        super().validate_properties(properties, path)
        try:
            takes_configs = (properties.get('user_data_format') ==
                             schema.SOFTWARE_CONFIG)
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if takes_configs:
            # Only such a server gets a transport, as in Heat.
            server_transport.refuse_without_domain(
                properties, path, 'software_config_transport')

    def handle_create(self):
        if (self.properties.get('software_config_transport') ==
                schema.POLL_SERVER_HEAT):
            poll_heat.create_credentials(self)
        self._set_up_transport(self.properties)
        existing = self.adoptable()
        if existing is not None:
            self.resource_id = existing['id']
            return None
        body = self.create_body(self.properties)
        body['name'] = self.object_name(self.properties)
        hints = self.properties.get('scheduler_hints')
        request = {self.key: body}
        if hints:
            request['os:scheduler_hints'] = hints
        taken = self._take_ports(body['networks'])
        if taken:
            return {'boot': request, 'ports': taken}
        self._boot(request)
        return None

    def _boot(self, request):
        # Not sent again blindly after a lost answer: a second server
        # would be booted. ``adoptable`` finds the first by its tag.
        made = self.post_adopting(request)
        self.resource_id = made['id']

    def _take_ports(self, networks):
        """Detach the template's ports from the servers of this stack
        that hold them (the server this one replaces, as Heat does);
        :returns: the ports being detached.
        """
        taken = []
        made_here = self.data.get('ports', [])
        for entry in networks if isinstance(networks, list) else []:
            if entry.get('port') in made_here:
                continue
            port = entry.get('port') and self.api(
                'GET', '/ports/%s' % entry['port'], key='port',
                service='neutron')
            holder = port and port.get('device_id')
            if not holder or not str(port.get('device_owner')).startswith(
                    'compute:'):
                continue
            try:
                server = self.api('GET', self.object_path(holder),
                                  key=self.key)
            except exception.ServiceObjectNotFound:
                continue
            if self.own_tags()[1] not in (server.get('tags') or []):
                continue    # Someone else's: Nova will say it is in use.
            os_clients.ignoring_missing(
                self.api, 'DELETE', '%s/os-interface/%s' % (
                    self.object_path(holder), port['id']))
            taken.append(port['id'])
        return taken

    def _ports_free(self, ports):
        return not any(self.api('GET', '/ports/%s' % port, key='port',
                                service='neutron').get('device_id')
                       for port in ports)

    # Update: resize, rebuild, metadata, name, tags -----------------------

    def handle_update(self, new_properties, changed):
        if any(name in changed for name in _REPLACING):
            raise exception.UpdateReplace(self.name)
        if 'user_data' in changed and new_properties.get(
                'user_data_update_policy') == 'REPLACE':
            raise exception.UpdateReplace(self.name)
        if 'flavor' in changed and new_properties.get(
                'flavor_update_policy') == 'REPLACE':
            raise exception.UpdateReplace(self.name)
        if 'image' in changed and new_properties.get(
                'image_update_policy') == 'REPLACE':
            raise exception.UpdateReplace(self.name)
        if 'name' in changed:
            self.api('PUT', self.object_path(), body={'server': {
                'name': self.object_name(new_properties)}})
        if 'metadata' in changed:
            self.api('PUT', self.object_path() + '/metadata', body={
                'metadata': {k: str(v) for k, v in
                             (new_properties['metadata'] or {}).items()}})
        if 'software_config_transport' in changed:
            # As Heat's _update_software_config_transport.
            server_transport.delete_delivery(self)
            self._set_up_transport(new_properties)
        if 'tags' in changed:
            self.api('PUT', self.object_path() + '/tags', body={
                'tags': self.own_tags() + list(
                    new_properties.get('tags') or [])})
        if 'admin_pass' in changed and new_properties.get('admin_pass'):
            self._action({'changePassword': {
                'adminPass': new_properties['admin_pass']}})
        steps = []
        if 'networks' in changed:
            steps.extend(self.network_steps(
                (self.old_properties or {}).get('networks'),
                new_properties.get('networks')))
        if 'image' in changed:
            preserve = new_properties.get('image_update_policy') == \
                'REBUILD_PRESERVE_EPHEMERAL'
            rebuild = {'imageRef': self.image_id(new_properties['image'])}
            if preserve:
                rebuild['preserve_ephemeral'] = True
            steps.append({'action': {'rebuild': rebuild},
                          'wait': 'ACTIVE'})
        if 'flavor' in changed:
            steps.append({'action': {'resize': {
                'flavorRef': self.flavor_id(new_properties['flavor'])}},
                'wait': 'VERIFY_RESIZE'})
            steps.append({'action': {'confirmResize': None},
                          'wait': 'ACTIVE'})
        return {'steps': steps, 'started': False}

    def _action(self, body):
        self.api('POST', self.object_path() + '/action', body=body)

    def check_update_complete(self, token):
        """One step per call: start the next action, or see whether the
        one started has reached the status it waits for.
        """
        if not token or not token['steps']:
            return True
        step = token['steps'][0]
        interface = 'action' not in step
        if not token['started']:
            if interface:
                self.start_interface_step(step)
            else:
                self._action(step['action'])
            token['started'] = True
            return False
        if interface:
            done = self.interface_step_done(step)
            if done:
                token['steps'].pop(0)
                token['started'] = False
            return done and not token['steps']
        shown = self.show_object()
        if self.settled(shown, step['wait']):
            token['steps'].pop(0)
            token['started'] = False
            return not token['steps']
        if step['wait'] != 'ACTIVE' and self.settled(shown, 'ACTIVE'):
            # Nova set a task state before answering the action: back
            # to ACTIVE with none means it gave the action up.
            raise exception.ServiceObjectFailed(
                service='Nova', kind='server', id=self.resource_id,
                status='ACTIVE', reason=': %s' % self._last_action_error(
                    list(step['action'])[0]))
        return False

    def _last_action_error(self, action):
        """What Nova's instance actions say of the last ``action``."""
        try:
            actions = self.api('GET', self.object_path() +
                               '/os-instance-actions',
                               key='instanceActions')
        except exception.ServiceError:
            actions = []
        for item in actions:
            if item.get('action') == action:
                return _('the %(action)s was not done (%(message)s)') % {
                    'action': action, 'message': item.get('message')}
        return _('the %s was not done') % action

    def settled(self, shown, status):
        """Whether ``shown`` is in ``status`` with no task under way."""
        return (self.status_reached(shown, (status,)) and
                shown.get(TASK_STATE) is None)

    def check_create_complete(self, token):
        if token and token.get('ports'):
            if not self._ports_free(token['ports']):
                return False
            token['ports'] = []
            self._boot(token['boot'])
            self.stack.save_resource_id(self.name, self.resource_id)
            return False
        return self.settled(self.show_object(), 'ACTIVE')

    # Delete: the server, then the ports made for it ----------------------

    def check_delete_complete(self, token):
        if self.resource_id:
            try:
                shown = self.show_object()
            except exception.ServiceObjectNotFound:
                shown = None
            # Until Nova answers 404: a DELETED server is still listed
            # while Nova finishes with it.
            if shown is not None:
                status = shown.get('status')
                if status == 'SOFT_DELETED':
                    os_clients.ignoring_missing(
                        self.api, 'POST', self.object_path() + '/action',
                        body={'forceDelete': None})
                elif status == 'ERROR' and not shown.get(TASK_STATE):
                    os_clients.ignoring_missing(self.api, 'DELETE',
                                                self.object_path())
                return False
        for port in self.data.get('ports', []):
            os_clients.ignoring_missing(self.api, 'DELETE',
                                        '/ports/%s' % port,
                                        service='neutron')
        server_transport.delete(self)
        return True

    # Suspend, resume, check ------------------------------------------

    def handle_suspend(self):
        if self.resource_id:
            self._action({'suspend': None})

    def check_suspend_complete(self, token):
        return self.settled(self.show_object(), 'SUSPENDED')

    def handle_resume(self):
        if self.resource_id:
            self._action({'resume': None})

    def check_resume_complete(self, token):
        return self.settled(self.show_object(), 'ACTIVE')

    def handle_check(self):
        super().handle_check()
        shown = self.show_object()
        if shown.get('status') not in ('ACTIVE', 'SUSPENDED', 'SHUTOFF'):
            raise exception.Invalid(
                reason=_('server %(id)s is %(status)s') % {
                    'id': self.resource_id, 'status': shown.get('status')})

    # Live state (drift) ------------------------------------------------

    def live_value(self, prop, shown):
        if prop == 'flavor':
            # Nova shows the flavor it booted with by name (2.47+).
            return (shown.get('flavor') or {}).get('original_name')
        return super().live_value(prop, shown)

    def live_differs(self, prop, wanted, live):
        if prop == 'metadata':
            return {k: str(v) for k, v in wanted.items()} != (live or {})
        if prop == 'flavor' and wanted != live:
            try:
                return self.flavor_id(wanted) != self.flavor_id(live)
            except exception.ServiceObjectNotFound:
                return True
        return super().live_differs(prop, wanted, live)

    # Attributes --------------------------------------------------------

    def get_attribute(self, name, *path):
        if not self.resource_id:
            return None
        if name == 'os_collect_config':
            value = self._collect_config()
        elif name == 'addresses':
            value = server_attributes.addresses(self)
        elif name == 'console_urls':
            value, path = server_attributes.console_urls(self, path)
        elif name in ('networks', 'instance_name', 'tags', 'first_address'):
            try:
                shown = self.shown_for_attributes()
            except exception.ServiceObjectNotFound:
                return None
            value = self._derived(name, shown)
        else:
            return super().get_attribute(name, *path)
        for key in path:
            value = value[key]
        return value

    def _derived(self, name, shown):
        if name == 'instance_name':
            return shown.get('OS-EXT-SRV-ATTR:instance_name')
        if name == 'tags':
            return [t for t in shown.get('tags') or []
                    if t not in self.own_tags()]
        if name == 'first_address':
            # As Heat's server_to_ipaddress (heat/engine/clients/os/nova.py)
            addresses = shown.get('addresses') or {}
            for net_name in sorted(addresses, reverse=True):
                if addresses[net_name]:
                    return addresses[net_name][0]['addr']
            return ''
        networks = {}
        for net_name, addresses in (shown.get('addresses') or {}).items():
            ips = [a['addr'] for a in addresses]
            networks[net_name] = ips
            found = self.api('GET', '/networks', key='networks',
                             params={'name': net_name}, service='neutron')
            if len(found) == 1:
                networks[found[0]['id']] = ips
        return networks

    def _collect_config(self):
        transport = self.properties.get('software_config_transport')
        if transport == schema.POLL_SERVER_HEAT:
            return {'heat': poll_heat.collector(self)}
        return (self.metadata or {}).get(server_transport.OCC_KEY, {})
