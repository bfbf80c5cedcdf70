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

"""OS::Glance::WebImage: an image Glance imports from a URL.

Made with Glance's interoperable import (``web-download``): the image
record first, then the import; ``check_create_complete`` waits for
``active``. The fields Glance lets change are patched in place
(JSON-patch), ``active`` deactivates and reactivates.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop

PATCH = {'Content-Type': 'application/openstack-images-v2.1-json-patch'}
#: property -> image field, for the fields patched in place.
PATCHED = {'architecture': 'architecture', 'kernel_id': 'kernel_id',
           'os_distro': 'os_distro', 'os_version': 'os_version',
           'owner': 'owner', 'protected': 'protected',
           'ramdisk_id': 'ramdisk_id', 'visibility': 'visibility',
           'tags': 'tags'}


class WebImage(base.OpenStackResource):
    """A Glance image imported from a URL."""

    service = 'glance'
    path, key = '/images', 'image'
    ready_statuses = ('ACTIVE',)
    failed_statuses = ('KILLED',)

    _TEXT = [constraints.Length(max=255)]
    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the image.')),
        'id': prop(Schema.STRING, _('Id to give the image.')),
        'location': prop(Schema.STRING, _('URL Glance downloads the image '
                                          'from.'), required=True,
                         constraints=[constraints.Length(max=2048)]),
        'container_format': prop(Schema.STRING, _('Container format.'),
                                 required=True,
                                 constraints=[constraints.AllowedValues(
                                     ['ami', 'ari', 'aki', 'bare', 'ova',
                                      'ovf', 'docker', 'compressed'])]),
        'disk_format': prop(Schema.STRING, _('Disk format.'),
                            required=True,
                            constraints=[constraints.AllowedValues(
                                ['ami', 'ari', 'aki', 'vhd', 'vhdx',
                                 'vmdk', 'raw', 'qcow2', 'vdi', 'iso',
                                 'ploop'])]),
        'min_disk': prop(Schema.INTEGER, _('Minimum disk (GB).'),
                         default=0,
                         constraints=[constraints.Range(min=0,
                                                        max=2 ** 31)]),
        'min_ram': prop(Schema.INTEGER, _('Minimum memory (MB).'),
                        default=0,
                        constraints=[constraints.Range(min=0,
                                                       max=2 ** 31)]),
        'protected': prop(Schema.BOOLEAN, _('Whether it may be deleted.'),
                          default=False, update_allowed=True),
        'visibility': prop(Schema.STRING, _('Who sees the image.'),
                           default='private', update_allowed=True,
                           constraints=[constraints.AllowedValues(
                               ['public', 'private', 'community',
                                'shared'])]),
        'tags': prop(Schema.LIST, _('Tags of the image.'), default=[],
                     update_allowed=True,
                     constraints=[constraints.Length(max=128)]),
        'architecture': prop(Schema.STRING, _('CPU architecture.'),
                             update_allowed=True, constraints=_TEXT),
        'kernel_id': prop(Schema.STRING, _('Kernel image (id).'),
                          update_allowed=True, constraints=_TEXT),
        'ramdisk_id': prop(Schema.STRING, _('Ramdisk image (id).'),
                           update_allowed=True, constraints=_TEXT),
        'os_distro': prop(Schema.STRING, _('Operating system.'),
                          update_allowed=True, constraints=_TEXT),
        'os_version': prop(Schema.STRING, _('Operating system version.'),
                           update_allowed=True, constraints=_TEXT),
        'owner': prop(Schema.STRING, _('Owning project (admin only).'),
                      update_allowed=True, constraints=_TEXT),
        'extra_properties': prop(Schema.MAP, _('More image properties.'),
                                 default={}, update_allowed=True,
                                 constraints=[constraints.Length(
                                     max=128)]),
        'active': prop(Schema.BOOLEAN, _('False deactivates the image '
                                         '(admin only).'),
                       default=True, update_allowed=True),
        'members': prop(Schema.LIST, _('Projects it is shared with.'),
                        update_allowed=True,
                        schema=prop(Schema.STRING, _('A project id.'))),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def show_object(self):
        return self.api('GET', self.object_path())

    def adoptable(self):
        if self.properties['name'] or self.properties['id']:
            if not self.properties['id']:
                return None
            try:
                return self.api('GET', self.object_path(
                    self.properties['id']))
            except exception.ServiceObjectNotFound:
                return None
        name = self.physical_resource_name()
        found = self.api('GET', self.path, key='images',
                         params={'name': name})
        return next((i for i in found if i.get('name') == name), None)

    def handle_create(self):
        image = self.adoptable()
        props = self.properties
        if image is None:
            body = {name: props[name] for name in (
                'container_format', 'disk_format', 'min_disk', 'min_ram',
                'protected', 'visibility', 'tags')}
            body.update({PATCHED[name]: props[name] for name in PATCHED
                         if props[name] is not None and name != 'tags'})
            body.update({k: str(v) for k, v in
                         props['extra_properties'].items()})
            body['name'] = self.object_name(props)
            if props['id']:
                body['id'] = props['id']
            image = self.api('POST', self.path, body=body)
        self.resource_id = image['id']
        if image.get('status') == 'queued':
            self.api('POST', self.object_path() + '/import', body={
                'method': {'name': 'web-download',
                           'uri': props['location']}})
        return None

    def check_create_complete(self, token):
        image = self.show_object()
        failed = image.get('os_glance_failed_import')
        if failed and image.get('status') == 'queued':
            raise exception.ServiceObjectFailed(
                service='Glance', kind='image', id=self.resource_id,
                status='queued', reason=': the import failed (%s)' % failed)
        if not self.status_reached(image, self.ready_statuses):
            return False
        self._members([], self.properties['members'] or [])
        self.data['members'] = list(self.properties['members'] or [])
        self.data['extra_properties'] = dict(
            self.properties['extra_properties'] or {})
        if not self.properties['active']:
            self.api('POST', self.object_path() + '/actions/deactivate')
        return True

    def _members(self, old, new):
        for member in set(old) - set(new):
            os_clients.ignoring_missing(self.api, 'DELETE', '%s/members/%s'
                                        % (self.object_path(), member))
        for member in [m for m in new if m not in old]:
            self.api('POST', self.object_path() + '/members',
                     body={'member': member})

    def handle_update(self, new_properties, changed):
        patch = [{'op': 'replace', 'path': '/' + PATCHED[name],
                  'value': changed[name]} for name in PATCHED
                 if name in changed]
        old_extra = self.data.get('extra_properties') or {}
        new_extra = new_properties['extra_properties'] or {}
        patch += [{'op': 'remove', 'path': '/' + key}
                  for key in old_extra if key not in new_extra]
        patch += [{'op': 'add', 'path': '/' + key, 'value': str(value)}
                  for key, value in new_extra.items()
                  if old_extra.get(key) != value]
        if patch:
            self.api('PATCH', self.object_path(), body=patch,
                     headers=PATCH)
        if 'members' in changed:
            self._members(self.data.get('members') or [],
                          changed['members'] or [])
            self.data['members'] = list(changed['members'] or [])
        self.data['extra_properties'] = dict(new_extra)
        if 'active' in changed:
            self.api('POST', '%s/actions/%s' % (
                self.object_path(),
                'reactivate' if changed['active'] else 'deactivate'))
