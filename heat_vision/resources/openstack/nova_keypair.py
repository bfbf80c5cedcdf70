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

"""OS::Nova::KeyPair."""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr


class KeyPair(base.OpenStackResource):
    """A Nova key pair: an imported public key, or a generated one.

    Its physical id is the key pair's name.
    """

    service = 'nova'
    path, key = '/os-keypairs', 'keypair'
    microversion = '2.10'
    name_property = None
    ready_statuses = ()

    PROPERTIES = (NAME, SAVE_PRIVATE_KEY, PUBLIC_KEY, TYPE, USER) = (
        'name', 'save_private_key', 'public_key', 'type', 'user')

    properties_schema = {
        NAME: prop(Schema.STRING, _('Name of the key pair.'),
                   required=True,
                   constraints=[constraints.Length(min=1, max=255)]),
        SAVE_PRIVATE_KEY: prop(Schema.BOOLEAN,
                               _('Keep the generated private key (the '
                                 'private_key attribute).'),
                               default=False),
        PUBLIC_KEY: prop(Schema.STRING,
                         _('The public key to import; Nova generates a '
                           'key pair if unset.'),
                         constraints=[constraints.Length(max=16384)]),
        TYPE: prop(Schema.STRING, _('Type of the key.'),
                   constraints=[constraints.AllowedValues(['ssh',
                                                           'x509'])]),
        USER: prop(Schema.STRING, _('User (id) owning the key pair '
                                    '(admin only).')),
    }

    attributes_schema = {
        'private_key': attr(_('The generated private key, if kept.'),
                            'String'),
        'public_key': attr(_('The public key.'), 'String'),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def handle_create(self):
        body = base.without_none({
            'name': self.properties[self.NAME],
            'public_key': self.properties[self.PUBLIC_KEY],
            'type': self.properties[self.TYPE],
            'user_id': self.properties[self.USER]})
        try:
            made = self.api('POST', self.path, body={self.key: body},
                            key=self.key)
        except exception.ServiceConflict:
            # Ours if a dead engine imported this same public key.
            shown = self._show(body['name'])
            if not body.get('public_key') or shown.get(
                    'public_key', '').strip() != body['public_key'].strip():
                raise
            made = shown
        self.resource_id = body['name']
        if self.properties[self.SAVE_PRIVATE_KEY] and made.get(
                'private_key'):
            self.data['private_key'] = made['private_key']

    def _show(self, name):
        return self.api('GET', self.object_path(name), key=self.key,
                        params=self._user_param())

    def _user_param(self):
        user = self.properties.get(self.USER)
        return {'user_id': user} if user else None

    def show_object(self):
        return self._show(self.resource_id)

    def handle_update(self, new_properties, changed):
        raise exception.UpdateReplace(self.name)

    def handle_delete(self):
        if self.resource_id:
            os_clients.ignoring_missing(
                self.api, 'DELETE', self.object_path(),
                params=self._user_param())

    def check_delete_complete(self, token):
        return True

    def get_attribute(self, name, *path):
        if name == 'private_key':
            return self.data.get('private_key')
        return super().get_attribute(name, *path)
