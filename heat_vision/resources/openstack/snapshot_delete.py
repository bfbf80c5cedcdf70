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

"""``deletion_policy: Snapshot``: keep a copy, then delete.

As Heat does: a volume is backed up (Cinder backup) before it is
deleted (``heat/engine/resources/volume_base.py``
``handle_snapshot_delete`` and ``check_delete_complete``), a server is
saved as an image (``heat/engine/resources/openstack/nova/server.py``
``handle_snapshot_delete``, Nova's ``createImage``) and deleted once
the image is active. A resource whose last action failed is deleted
without a copy, as in Heat. The copy outlives the stack: it is the
user's.

For a resource whose deletion policy is Snapshot the engine calls
``handle_snapshot_delete(state)`` and polls
``check_snapshot_delete_complete(token)`` until the copy is made, then
deletes it as any other (``handle_delete``, ``check_delete_complete``).
A type without ``handle_snapshot_delete`` refuses the policy at
validation, as Heat's ``validate_deletion_policy``
(``heat/engine/resource.py``).
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _

FAILED = 'FAILED'


class VolumeBackupOnDelete:
    """A volume's Snapshot deletion policy: a backup first."""

    def handle_snapshot_delete(self, state):
        """Start the backup. :param state: (action, status) before the
        delete began. :returns: the backup's id, or None (no copy).
        """
        if not self.resource_id or state in (('CREATE', FAILED),
                                             ('UPDATE', FAILED)):
            return None
        try:
            made = self.api('POST', '/backups', key='backup', body={
                'backup': {'volume_id': self.resource_id,
                           'name': self.physical_resource_name()}})
        except exception.ServiceObjectNotFound:
            return None
        self.data['backup_id'] = made['id']
        return made['id']

    def check_snapshot_delete_complete(self, backup_id):
        """:returns: True once the backup is available."""
        if backup_id is None:
            return True
        backup = self.api('GET', '/backups/%s' % backup_id, key='backup')
        status = str(backup.get('status')).lower()
        if status == 'creating':
            return False
        if status != 'available':
            raise exception.ServiceObjectFailed(
                service='Cinder', kind='backup', id=backup_id,
                status=status.upper(), reason=': %s' % (
                    backup.get('fail_reason') or _('backup failed')))
        return True


class ServerImageOnDelete:
    """A server's Snapshot deletion policy: an image first."""

    def handle_snapshot_delete(self, state):
        """Start the image. :param state: (action, status) before the
        delete began. :returns: the image's id, or None (no copy).
        """
        if not self.resource_id or state[1] == FAILED:
            return None
        try:
            made = self.api('POST', self.object_path() + '/action', body={
                'createImage': {'name': self.physical_resource_name()}})
        except exception.ServiceObjectNotFound:
            return None
        self.data['image_id'] = made['image_id']
        return made['image_id']

    def check_snapshot_delete_complete(self, image_id):
        """:returns: True once the image is active."""
        if image_id is None:
            return True
        image = self.api('GET', '/images/%s' % image_id, service='glance')
        status = str(image.get('status')).lower()
        if status in ('killed', 'deleted', 'deactivated'):
            raise exception.ServiceObjectFailed(
                service='Glance', kind='image', id=image_id,
                status=status.upper(), reason='')
        return status == 'active'
