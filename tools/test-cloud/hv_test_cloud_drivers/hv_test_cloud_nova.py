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

"""A Nova virt driver of the test cloud whose snapshots finish.

Nova's ``fake.FakeDriver`` snapshots by setting the task state only: the
image Nova made for the snapshot stays ``queued`` forever. A real
driver uploads the disk to it (the libvirt driver's ``snapshot`` calls
the image API's ``update`` with the data); this one uploads a small
stand-in disk the same way, so the image becomes ``active``.
"""

import io

from nova.image import glance
from nova.virt import fake

STANDIN_DISK = b'\0' * 4096


class SnapshottingFakeDriver(fake.FakeDriver):
    """FakeDriver whose snapshot uploads an image."""

    def snapshot(self, context, instance, image_id, update_task_state):
        super().snapshot(context, instance, image_id, update_task_state)
        images = glance.API()
        meta = images.get(context, image_id)
        update = {'disk_format': meta.get('disk_format') or 'raw',
                  'container_format': meta.get('container_format') or 'bare'}
        images.update(context, image_id, update, data=io.BytesIO(
            STANDIN_DISK), purge_props=False)
