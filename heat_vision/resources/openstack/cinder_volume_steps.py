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

"""OS::Cinder::Volume's updates that wait: retype, and a larger size.

A larger size, attached or not, as Heat makes it.
Heat (``heat/engine/resources/openstack/cinder/volume.py``,
``handle_update`` and ``check_update_complete``) extends an attached
volume in place where Cinder offers microversion 3.42
(``MICROVERSION_EXTEND_INUSE``); on an older Cinder it detaches the
volume from its server, extends it and attaches it again at the same
device. Each is a step of the update: started once, then polled until
the volume (or the server's attachment) says it is done.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _

#: Cinder's microversion that extends in-use volumes.
EXTEND_IN_USE = '3.42'


def steps(plugin, shown, size):
    """The steps that take ``shown`` (the volume) to ``size`` GB."""
    if size < shown['size']:
        raise exception.Invalid(
            reason=_('A volume cannot shrink (%(old)s GB to %(new)s GB).')
            % {'old': shown['size'], 'new': size})
    if size == shown['size']:
        return []
    attachments = shown.get('attachments') or []
    if not attachments or plugin.client().supports_microversion(
            EXTEND_IN_USE):
        return [{'extend': size, 'in_use': bool(attachments)}]
    # One attachment: a volume that is not multi-attach (as Heat's
    # _detach_attach_progress assumes).
    where = {'server': attachments[0]['server_id'],
             'device': attachments[0].get('device')}
    return [{'detach': where}, {'extend': size, 'in_use': False},
            {'attach': where}]


def _attachment_path(plugin, server):
    return '/servers/%s/os-volume_attachments' % server


def start(plugin, step):
    """Start ``step``."""
    if 'retype' in step:
        plugin.api('POST', plugin.object_path() + '/action',
                   body={'os-retype': {'new_type': step['retype'],
                                       'migration_policy': 'never'}})
    elif 'extend' in step:
        plugin.api('POST', plugin.object_path() + '/action',
                   body={'os-extend': {'new_size': step['extend']}},
                   microversion=EXTEND_IN_USE if step['in_use'] else None)
    elif 'detach' in step:
        plugin.api('DELETE', '%s/%s' % (_attachment_path(
            plugin, step['detach']['server']), plugin.resource_id),
            service='nova')
    else:
        body = {'volumeId': plugin.resource_id}
        if step['attach'].get('device'):
            body['device'] = step['attach']['device']
        plugin.api('POST', _attachment_path(plugin,
                                            step['attach']['server']),
                   body={'volumeAttachment': body}, service='nova')


def done(plugin, step):
    """Whether ``step`` is over. :raises: ServiceObjectFailed."""
    shown = plugin.show_object()
    status = str(shown.get('status') or '').upper()
    if 'extend' in step:
        if status == 'EXTENDING':
            return False
        if status == 'ERROR_EXTENDING':
            raise exception.ServiceObjectFailed(
                service='Cinder', kind='volume', id=plugin.resource_id,
                status=status, reason=_(': the extend failed'))
        return shown['size'] >= step['extend']
    if 'retype' in step:
        return plugin.status_reached(shown, ('AVAILABLE', 'IN-USE'))
    if 'detach' in step:
        if status != 'AVAILABLE' or shown.get('attachments'):
            return False
        # Nova forgets its attachment last; until then it refuses to
        # attach the volume again.
        try:
            plugin.api('GET', '%s/%s' % (_attachment_path(
                plugin, step['detach']['server']), plugin.resource_id),
                service='nova')
        except exception.ServiceObjectNotFound:
            return True
        return False
    return plugin.status_reached(shown, ('IN-USE',))
