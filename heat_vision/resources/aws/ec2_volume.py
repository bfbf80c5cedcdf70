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

"""AWS::EC2::Volume and AWS::EC2::VolumeAttachment on Cinder and Nova.

As Heat's heat/engine/resources/aws/ec2/volume.py: every property is
immutable; a volume's SnapshotId names a Cinder *backup* to restore (Heat's
``BACKUP_ID``) and its Tags become the volume's metadata; an attachment's
Device is ``/dev/vd[b-z]``. ``OS::Cinder::Volume`` and
``OS::Cinder::VolumeAttachment`` do the work (and a Snapshot deletion
policy backs the volume up, as the OS:: type does).
"""

from heat_vision.common.i18n import _
from heat_vision.resources.aws import delegate
from heat_vision.resources.openstack import cinder
from heat_vision.template import constraints

Schema = constraints.Schema


class Volume(delegate.OnOpenStack):
    """An EC2-style volume: a Cinder volume."""

    os_class = cinder.Volume

    PROPERTIES = (AVAILABILITY_ZONE, SIZE, BACKUP_ID, TAGS) = (
        'AvailabilityZone', 'Size', 'SnapshotId', 'Tags')

    properties_schema = {
        AVAILABILITY_ZONE: Schema(
            Schema.STRING, _('The availability zone in which the volume '
                             'will be created.'),
            required=True, immutable=True),
        SIZE: Schema(Schema.INTEGER, _('The size of the volume in GB.'),
                     immutable=True,
                     constraints=[constraints.Range(min=1, max=1048576)]),
        BACKUP_ID: Schema(Schema.STRING, _('If specified, the backup used '
                                           'as the source to create the '
                                           'volume.'),
                          immutable=True),
        TAGS: delegate.key_value_list(_('The list of tags to associate '
                                        'with the volume.'),
                                      immutable=True),
    }
    attributes_schema = {delegate.SHOW: delegate.SHOW_SCHEMA}

    def os_properties(self, properties):
        return {key: value for key, value in {
            'size': properties.get(self.SIZE),
            'availability_zone': properties.get(self.AVAILABILITY_ZONE),
            'backup_id': properties.get(self.BACKUP_ID),
            'metadata': delegate.tags(properties.get(self.TAGS)),
        }.items() if value}


class VolumeAttachment(delegate.OnOpenStack):
    """A volume attached to an instance (its physical id: the volume's)."""

    os_class = cinder.VolumeAttachment

    PROPERTIES = (INSTANCE_ID, VOLUME_ID, DEVICE) = (
        'InstanceId', 'VolumeId', 'Device')

    properties_schema = {
        INSTANCE_ID: Schema(Schema.STRING, _('The ID of the instance to '
                                             'which the volume attaches.'),
                            required=True, immutable=True),
        VOLUME_ID: Schema(Schema.STRING, _('The ID of the volume to be '
                                           'attached.'),
                          required=True, immutable=True,
                          constraints=[constraints.CustomConstraint(
                              'cinder.volume')]),
        DEVICE: Schema(Schema.STRING,
                       _('The device where the volume is exposed on the '
                         'instance. This assignment may not be honored '
                         'and it is advised that the path '
                         '/dev/disk/by-id/virtio-<VolumeId> be used '
                         'instead.'),
                       required=True, immutable=True,
                       constraints=[constraints.AllowedPattern(
                           '/dev/vd[b-z]')]),
    }
    attributes_schema = {delegate.SHOW: delegate.SHOW_SCHEMA}

    def os_properties(self, properties):
        return delegate.renamed('AWS::EC2::VolumeAttachment', properties)
