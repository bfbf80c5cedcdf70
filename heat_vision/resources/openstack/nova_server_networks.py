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

"""OS::Nova::Server: a change of ``networks`` made in place.

As Heat does (``heat/engine/resources/openstack/nova/server.py``
``_update_networks`` and ``server_network_mixin.py``
``calculate_networks``): the entries found in both the old and the new
list keep their interfaces; each old entry left out has its interface
detached (a port Heat made for it is deleted), each new entry is
attached (a port is made for it first when it names a subnet or port
properties). A list changed from or to ``auto``/``none`` (or empty)
detaches every interface, then attaches the new ones.

Nova attaches synchronously and detaches asynchronously: each detach
is a step of the update that waits until Nova no longer lists the
interface, nor its address in the server's network info cache (a
resize started before Nova forgot the port there fails with
``PortNotFound``; Heat's ``check_interface_detach`` looks at the
interface list only).
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _

#: the keys of a ``networks`` entry that say what it connects.
_KEYS = ('network', 'port', 'subnet', 'fixed_ip', 'port_extra_properties',
         'floating_ip', 'tag', 'allocate_network')


def _normal(entry):
    return {k: entry.get(k) for k in _KEYS if entry.get(k) not in
            (None, '', {})}


def _is_listed(networks):
    """Whether ``networks`` lists entries (not auto, none or empty)."""
    return bool(networks) and not any(
        n.get('allocate_network') for n in networks)


class ServerNetworks:
    """What OS::Nova::Server adds to update its networks in place."""

    def interfaces(self):
        """:returns: Nova's interfaces of the server (port_id, net_id,
        fixed_ips).
        """
        return self.api('GET', self.object_path() + '/os-interface',
                        key='interfaceAttachments')

    def network_steps(self, old, new):
        """The update's steps from networks ``old`` to ``new``.

        :returns: a list of ``{'detach': port}`` and ``{'attach':
            networks entry}`` steps, detaches first.
        """
        old = [_normal(n) for n in old or []]
        new = [_normal(n) for n in new or []]
        interfaces = self.interfaces()
        if not (_is_listed(old) and _is_listed(new)):
            if not _is_listed(old) and not _is_listed(new):
                return []   # auto and none alike: Nova's choice stands
            detach = [i['port_id'] for i in interfaces]
            attach = new if _is_listed(new) else []
            return ([{'detach': p} for p in detach] +
                    [{'attach': n} for n in attach])
        kept = [n for n in new if n in old]
        gone = list(old)
        for entry in kept:
            gone.remove(entry)
        added = list(new)
        for entry in kept:
            added.remove(entry)
        spare = list(interfaces)
        # The kept entries hold on to their interfaces first.
        for entry in kept:
            match = self._interface_of(entry, spare)
            if match is not None:
                spare.remove(match)
        detach = []
        for entry in gone:
            match = self._interface_of(entry, spare)
            if match is not None:
                spare.remove(match)
                detach.append(match['port_id'])
        return ([{'detach': p} for p in detach] +
                [{'attach': n} for n in added])

    def _interface_of(self, entry, interfaces):
        """The interface of ``interfaces`` that ``entry`` made."""
        if entry.get('port'):
            port = self._neutron('/ports', 'port', entry['port'])
            return next((i for i in interfaces if i['port_id'] == port),
                        None)
        network = entry.get('network') and self._neutron(
            '/networks', 'network', entry['network'])
        subnet = entry.get('subnet') and self._neutron(
            '/subnets', 'subnet', entry['subnet'])
        for iface in interfaces:
            ips = iface.get('fixed_ips') or []
            if network and iface.get('net_id') != network:
                continue
            if subnet and subnet not in [ip.get('subnet_id') for ip in ips]:
                continue
            if entry.get('fixed_ip') and entry['fixed_ip'] not in [
                    ip.get('ip_address') for ip in ips]:
                continue
            return iface
        return None

    def start_interface_step(self, step):
        """Detach or attach one interface (a step of the update)."""
        if 'detach' in step:
            port = os_clients.ignoring_missing(
                self.api, 'GET', '/ports/%s' % step['detach'], key='port',
                service='neutron')
            step['mac'] = port and port.get('mac_address')
            os_clients.ignoring_missing(
                self.api, 'DELETE', '%s/os-interface/%s' % (
                    self.object_path(), step['detach']))
            return
        entry = step['attach']
        body = {}
        if entry.get('port'):
            body['port_id'] = self._neutron('/ports', 'port', entry['port'])
        elif entry.get('subnet') or entry.get('port_extra_properties'):
            body['port_id'] = self._internal_port(entry)
        else:
            body['net_id'] = self._neutron('/networks', 'network',
                                           entry.get('network'))
            if entry.get('fixed_ip'):
                body['fixed_ips'] = [{'ip_address': entry['fixed_ip']}]
        if entry.get('tag'):
            body['tag'] = entry['tag']
        made = self.api('POST', self.object_path() + '/os-interface',
                        body={'interfaceAttachment': body},
                        key='interfaceAttachment')
        step['port'] = made['port_id']

    def _still_cached(self, mac):
        """Whether Nova's view of the server (its network info cache,
        which a resize or migration works from) still has the address
        of MAC ``mac``: Nova updates it last when it detaches.
        """
        if not mac:
            return False
        shown = self.show_object()
        return any(a.get('OS-EXT-IPS-MAC:mac_addr') == mac
                   for addrs in (shown.get('addresses') or {}).values()
                   for a in addrs)

    def interface_step_done(self, step):
        """Whether the step's interface is attached (or gone)."""
        ports = [i['port_id'] for i in self.interfaces()]
        if 'attach' in step:
            if step['port'] not in ports:
                raise exception.ServiceObjectFailed(
                    service='Nova', kind='server', id=self.resource_id,
                    status='ACTIVE', reason=_(
                        ': port %s was not attached') % step['port'])
            return True
        if step['detach'] in ports or self._still_cached(step.get('mac')):
            return False
        made_here = self.data.get('ports', [])
        if step['detach'] in made_here:
            # Heat deletes the port it made for the entry at once.
            os_clients.ignoring_missing(self.api, 'DELETE',
                                        '/ports/%s' % step['detach'],
                                        service='neutron')
            self.data['ports'] = [p for p in made_here
                                  if p != step['detach']]
        return True
