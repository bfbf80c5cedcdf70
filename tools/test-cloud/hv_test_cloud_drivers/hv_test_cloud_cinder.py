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

"""A Cinder volume driver of the test cloud that can extend and back up.

Cinder's ``FakeLoggingVolumeDriver`` (``cinder.tests.fake_driver``) keeps
nothing and cannot extend (``FakeBrickLVM`` has no ``extend_volume``).
This one keeps each volume as a small file under ``[<backend>]
hv_volumes_dir`` and hands it out through os-brick's ``local``
connector, so cinder-backup's real posix driver can read it: extend,
backup and restore run Cinder's own code paths end to end. Nova's fake
virt driver never opens the file. A volume of an image is "cloned" from
it (the stand-in file, nothing read), as an RBD backend clones in place.

The file holds the volume's first ``STANDIN_BYTES`` only (the size the
API shows is Cinder's record): a test cloud on a shared machine must not
write gigabytes to back up an empty volume.
"""

import os

from cinder.tests import fake_driver
from oslo_config import cfg

STANDIN_BYTES = 1024 * 1024

OPTS = [cfg.StrOpt('hv_volumes_dir',
                   help='Where the volumes\' stand-in files are kept.')]


class FileVolumeDriver(fake_driver.FakeLoggingVolumeDriver):
    """Volumes as small files; extend, backup and restore work."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.configuration.append_config_values(OPTS)
        self.protocol = 'local'

    def _file(self, volume):
        directory = self.configuration.hv_volumes_dir
        os.makedirs(directory, exist_ok=True)
        return os.path.join(directory, volume['id'])

    def _make_file(self, volume):
        with open(self._file(volume), 'wb') as f:
            f.truncate(STANDIN_BYTES)

    def create_volume(self, volume):
        update = super().create_volume(volume)
        self._make_file(volume)
        return update

    def create_cloned_volume(self, volume, src_vref):
        self._make_file(volume)

    def create_volume_from_snapshot(self, volume, snapshot):
        self._make_file(volume)

    def clone_image(self, context, volume, image_location, image_meta,
                    image_service):
        # As a backend that clones images in place (RBD does): Cinder
        # then neither downloads the image nor runs qemu-img on it
        # through privsep (sudo), and still records the image's
        # metadata on the volume (volume_image_metadata, bootable).
        self._make_file(volume)
        return None, True

    def delete_volume(self, volume):
        try:
            os.unlink(self._file(volume))
        except FileNotFoundError:
            pass

    def extend_volume(self, volume, new_size):
        # Nothing to grow: the stand-in keeps its size; Cinder records
        # the new one once this returns.
        if not os.path.exists(self._file(volume)):
            self._make_file(volume)

    def validate_connector(self, connector):
        # Any host may connect: the local connector needs no iSCSI
        # initiator name (the LVM driver's target asks for one).
        return None

    def initialize_connection(self, volume, connector):
        info = super().initialize_connection(volume, connector)
        if not os.path.exists(self._file(volume)):
            self._make_file(volume)     # made before this driver
        info['driver_volume_type'] = 'local'
        info['data']['device_path'] = self._file(volume)
        return info

    def _update_volume_stats(self):
        super()._update_volume_stats()
        self._stats['storage_protocol'] = self.protocol
        for pool in self._stats['pools']:
            # The scheduler then lets an attached volume be extended.
            pool['online_extend_support'] = True
