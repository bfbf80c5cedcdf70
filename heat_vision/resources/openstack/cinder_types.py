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

"""OS::Cinder::VolumeType, EncryptedVolumeType, QoSSpecs and
QoSAssociation: what an admin offers volumes (Cinder v3).

After Heat's cinder/volume_type.py, encrypted_volume_type.py and
qos_specs.py: the same properties. Extra specs, project access and QoS
keys change in place by their own calls; a QoS specs is disassociated
from every type before its delete.
"""

from heat_vision.clients import openstack as os_clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop

_TEXT = [constraints.Length(max=255)]
_SPECS = [constraints.Length(max=256)]


class CinderResource(base.OpenStackResource):
    """A Cinder object without a status."""

    service = 'cinder'
    ready_statuses = ()

    def type_id(self, value):
        return self.find_id('cinder', '/types', 'volume_type', value)

    def project_id(self, value):
        return self.find_id('keystone', '/projects', 'project', value)


class VolumeType(CinderResource):
    """A volume type, its extra specs and the projects it is shared
    with when private.
    """

    path, key = '/types', 'volume_type'
    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the volume type.'),
                     required=True, update_allowed=True,
                     constraints=_TEXT),
        'metadata': prop(Schema.MAP, _('Its extra specs.'),
                         update_allowed=True, constraints=_SPECS),
        'is_public': prop(Schema.BOOLEAN, _('Whether every project may '
                                            'use it.'),
                          default=True, update_allowed=True),
        'description': prop(Schema.STRING, _('Description.'),
                            update_allowed=True, constraints=_TEXT),
        'projects': prop(Schema.LIST, _('Projects (names or ids) that may '
                                        'use it when it is private.'),
                         default=[], update_allowed=True,
                         constraints=[constraints.Length(max=256)],
                         schema=prop(Schema.STRING, _('A project.'))),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        body = base.without_none({
            'description': properties.get('description'),
            'os-volume-type-access:is_public': properties.get('is_public')})
        if properties.get('metadata'):
            body['extra_specs'] = {k: str(v) for k, v in
                                   properties['metadata'].items()}
        return body

    def handle_create(self):
        super().handle_create()
        self._grant(self.properties['projects'] or [])

    def _grant(self, projects, action='addProjectAccess'):
        for project in projects:
            self.api('POST', self.object_path() + '/action',
                     body={action: {'project': self.project_id(project)}})

    def update_body(self, new_properties, changed):
        body = base.without_none({
            k: changed.get(k) for k in ('description', 'is_public')})
        return body

    def handle_update(self, new_properties, changed):
        super().handle_update(new_properties, changed)
        if 'metadata' in changed:
            specs = self.object_path() + '/extra_specs'
            old = self.api('GET', specs, key='extra_specs') or {}
            new = {k: str(v) for k, v in (changed['metadata'] or {}).items()}
            for gone in set(old) - set(new):
                os_clients.ignoring_missing(self.api, 'DELETE',
                                            '%s/%s' % (specs, gone))
            if new:
                self.api('POST', specs, body={'extra_specs': new})
        if 'projects' in changed and not new_properties['is_public']:
            had = {item['project_id'] for item in self.api(
                'GET', self.object_path() + '/os-volume-type-access',
                key='volume_type_access')}
            wanted = {self.project_id(p) for p in changed['projects'] or []}
            self._grant(sorted(had - wanted), 'removeProjectAccess')
            self._grant(sorted(wanted - had))

    @classmethod
    def validate_properties(cls, properties, path):
        try:
            projects, public = (properties.get('projects'),
                                properties.get('is_public'))
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if projects and public:
            raise exception.StackValidationFailed(
                _('Can not specify property "projects" if the volume type '
                  'is public.'), path=list(path) + ['projects'])


class EncryptedVolumeType(CinderResource):
    """The encryption of a volume type; its physical id is the type's."""

    key = 'encryption'
    name_property = None
    FIELDS = ('provider', 'control_location', 'cipher', 'key_size')
    properties_schema = {
        'provider': prop(Schema.STRING, _('The encryption provider (luks, '
                                          'plain).'),
                         required=True, update_allowed=True,
                         constraints=_TEXT),
        'control_location': prop(Schema.STRING,
                                 _('Where encryption happens.'),
                                 default='front-end', update_allowed=True,
                                 constraints=[constraints.AllowedValues(
                                     ['front-end', 'back-end'])]),
        'cipher': prop(Schema.STRING, _('The encryption algorithm.'),
                       update_allowed=True,
                       constraints=[constraints.AllowedValues(
                           ['aes-xts-plain64', 'aes-cbc-essiv'])]),
        'key_size': prop(Schema.INTEGER, _('Key size in bits.'),
                         update_allowed=True,
                         constraints=[constraints.Range(min=1, max=8192)]),
        'volume_type': prop(Schema.STRING,
                            _('The volume type (name or id).'),
                            required=True),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    @property
    def path(self):
        return '/types/%s/encryption' % self.resource_id

    def create_body(self, properties):
        return {k: properties[k] for k in self.FIELDS
                if properties.get(k) is not None}

    def handle_create(self):
        self.resource_id = self.type_id(self.properties['volume_type'])
        self.api('POST', self.path,
                 body={self.key: self.create_body(self.properties)})

    def show_object(self):
        shown = self.api('GET', self.path)
        if not shown:
            raise exception.ServiceObjectNotFound(
                service='cinder', status=404,
                reason=_('volume type %s is not encrypted') %
                self.resource_id)
        return shown

    def check_delete_complete(self, token):
        return True


class QoSSpecs(CinderResource):
    """QoS specs of Cinder (keys a backend reads)."""

    path, key = '/qos-specs', 'qos_specs'
    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the QoS specs.'),
                     constraints=_TEXT),
        'specs': prop(Schema.MAP, _('The specs (key: value).'),
                      required=True, update_allowed=True,
                      constraints=_SPECS),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def create_body(self, properties):
        return {k: str(v) for k, v in (properties['specs'] or {}).items()}

    def handle_update(self, new_properties, changed):
        if 'specs' not in changed:
            return
        old = self.show_object().get('specs') or {}
        new = self.create_body(new_properties)
        gone = sorted(set(old) - set(new))
        if gone:
            self.api('PUT', self.object_path() + '/delete_keys',
                     body={'keys': gone})
        if new:
            self.api('PUT', self.object_path(), body={self.key: new})

    def handle_delete(self):
        if self.resource_id:
            os_clients.ignoring_missing(
                self.api, 'GET', self.object_path() + '/disassociate_all')
        return super().handle_delete()


class QoSAssociation(CinderResource):
    """QoS specs associated with volume types."""

    name_property = None
    properties_schema = {
        'qos_specs': prop(Schema.STRING, _('The QoS specs (name or id).'),
                          required=True),
        'volume_types': prop(Schema.LIST, _('Volume types (names or '
                                            'ids).'),
                             required=True, update_allowed=True,
                             constraints=[constraints.Length(max=256)],
                             schema=prop(Schema.STRING,
                                         _('A volume type.'))),
    }
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}

    def show_object(self):
        """The QoS specs and the volume types it associated."""
        return {'qos_specs': self.data['specs_path'].rsplit('/', 1)[1],
                'volume_types': self.data.get('types') or []}

    def _specs_path(self, properties):
        return '/qos-specs/%s' % self.find_id(
            'cinder', '/qos-specs', 'qos_specs', properties['qos_specs'])

    def sync(self, properties):
        """Associate exactly ``properties``' types; keep what is done."""
        path = self.data.get('specs_path') or self._specs_path(properties)
        was = set(self.data.get('types') or [])
        wanted = {self.type_id(t) for t in properties['volume_types'] or []}
        for vtype in sorted(was - wanted):
            os_clients.ignoring_missing(
                self.api, 'GET', path + '/disassociate',
                params={'vol_type_id': vtype})
        for vtype in sorted(wanted - was):
            self.api('GET', path + '/associate',
                     params={'vol_type_id': vtype})
        self.data.update(specs_path=path, types=sorted(wanted))

    def handle_create(self):
        self.resource_id = self.physical_resource_name()
        self.sync(self.properties)

    def handle_update(self, new_properties, changed):
        self.sync(new_properties)

    def handle_delete(self):
        if self.data.get('specs_path'):
            self.sync({'volume_types': []})

    def check_delete_complete(self, token):
        return True
