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

"""The CAMP 1.1 platform's descriptive resources, all read-only.

CAMP's type definitions require a platform to name its
``platform_endpoints_uri``, ``services_uri``, ``extensions_uri`` and
``type_definitions_uri`` (and, optionally, ``supported_formats_uri``),
and the ``plans`` and ``assemblies`` collections their
``parameter_definitions_uri``; ``platform_endpoints`` links to
``platform_endpoint`` resources, each naming its platform. This
platform offers no pre-existing services and no extensions, and serves
the definitions of the parameters its POSTs take.
"""

from oslo_config import cfg
import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay import camp_plans
from heat_vision.relay.controllers import camp_select
from heat_vision.relay.controllers import camp_shapes as shapes
from heat_vision import version
from heat_vision.web import util

CONF = cfg.CONF
PARAMETERS_PATH = 'parameter_definitions'
#: ``[api] auth_strategy`` -> the platform endpoint's ``auth_scheme``.
#: CAMP's platform_endpoint type makes the attribute optional and names
#: no values; without authentication (noauth) it is left out rather
#: than naming a scheme the endpoint does not ask for.
AUTH_SCHEMES = {'keystone': 'KEYSTONE-3.0'}
#: name -> (mime type, version, documentation)
FORMATS = {
    'JSON': ('application/json', 'RFC4627', 'https://www.ietf.org/rfc/'
             'rfc4627.txt'),
}
#: collection -> [(name, type, required, description)]
PARAMETERS = {
    'plans': [
        ('plan', 'String', False, 'A plan file (YAML) as the body, or in '
         'the "template" field of a multipart form.'),
        ('pdp', 'Binary', False, 'A Plan Deployment Package: a zip with '
         'camp.yaml at its root, as the body.'),
    ],
    'assemblies': [
        ('plan_uri', 'URI', True, 'The registered plan to instantiate.'),
        ('name', 'String', False, 'The assembly\'s (its stack\'s) name.'),
        ('environment', 'JSON', False, 'heat-vision extension: an '
         'environment laid over the translation\'s.'),
        ('files', 'JSON', False, 'heat-vision extension: files beside the '
         'translation\'s (name -> text).'),
    ],
}


def platform_endpoint():
    shape = shapes.resource('platform_endpoint', shapes.endpoint_uri(),
                            'heat-vision CAMP 1.1',
                            'The CAMP 1.1 endpoint of heat-vision.')
    shape.update({'platform_uri': shapes.uri('platform'),
                  'specification_version': camp_plans.SPEC_VERSION,
                  'implementation_version': version.version_string()})
    scheme = AUTH_SCHEMES.get(CONF.api.auth_strategy)
    if scheme:
        shape['auth_scheme'] = scheme
    return shape


def _collection(kind, links_key, links=()):
    shape = shapes.resource(kind, shapes.uri(kind), kind)
    shape[links_key] = list(links)
    return shape


def formats():
    return _collection('formats', 'format_links', [
        shapes.link(shapes.uri('formats', name), name) for name in FORMATS])


def format_resource(name):
    if name not in FORMATS:
        raise exception.NotFound(reason=_('No such format.'))
    mime_type, spec_version, documentation = FORMATS[name]
    shape = shapes.resource('format', shapes.uri('formats', name), name)
    shape.update({'mime_type': mime_type, 'version': spec_version,
                  'documentation': documentation})
    return shape


def parameter_definitions(collection):
    where = shapes.uri(collection, PARAMETERS_PATH)
    shape = shapes.resource('parameter_definitions', where,
                            '%s parameters' % collection)
    shape['parameter_definition_links'] = [
        dict(shapes.link('%s/%s' % (where, name), name), required=required)
        for name, _type, required, _desc in PARAMETERS[collection]]
    return shape


def parameter_definition(collection, name):
    for pname, ptype, required, description in PARAMETERS[collection]:
        if pname == name:
            shape = shapes.resource(
                'parameter_definition',
                shapes.uri(collection, PARAMETERS_PATH, name),
                name, description)
            shape['parameter_type'] = ptype
            return shape
    raise exception.NotFound(reason=_('No such parameter definition.'))


class Read:
    """A GET-only resource: ``shape(*args)`` under relay:camp:platform."""

    def __init__(self, tenant_id, shape, *args):
        self.tenant_id = tenant_id
        self.shape = shape
        self.args = args

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    @camp_select.selectable
    def index_get(self):
        util.authorize('relay:camp:platform', self.tenant_id)
        return self.shape(*self.args)


class CollectionController(Read):
    """A collection whose members are read by ``member(name)``."""

    def __init__(self, tenant_id, shape, member=None):
        super().__init__(tenant_id, shape)
        self.member = member

    @pecan.expose()
    def _lookup(self, name, *remainder):
        if self.member is None or remainder:
            raise exception.NotFound(reason=_('No such resource.'))
        return Read(self.tenant_id, self.member, name), ()


class ParameterDefinitionsController(CollectionController):

    def __init__(self, tenant_id, collection):
        super().__init__(
            tenant_id, lambda: parameter_definitions(collection),
            lambda name: parameter_definition(collection, name))


def controllers(tenant_id):
    """:returns: {path segment: controller} under ``/camp/v1_1``."""
    return {
        'services': CollectionController(tenant_id, lambda: _collection(
            'services', 'service_links')),
        'extensions': CollectionController(tenant_id, lambda: _collection(
            'extensions', 'extension_links')),
        'type_definitions': CollectionController(
            tenant_id, lambda: _collection('type_definitions',
                                           'type_definition_links')),
        'formats': CollectionController(tenant_id, formats,
                                        format_resource),
    }
