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

"""OS::Zaqar::Queue and OS::Zaqar::SignedQueueURL.

As Heat's (heat/engine/resources/openstack/zaqar/queue.py): a queue is
named by its ``name`` or the resource's physical name (reduced to 64
characters as Heat does); its physical id is that name; ``metadata``
changes in place; ``href`` is its URL and the hidden ``queue_id`` its
name. Unlike Heat, whose client leaves a queue without metadata
unmade until a message arrives, the create always ``PUT``\\ s the queue,
so it exists (and is listed) from the start.

A signed URL is made once by Zaqar's ``share`` call and kept: Zaqar
has nothing to delete, and its attributes are the answer (``paths``
and ``methods`` as lists, ``query_str`` the fragment Aodh's
``zaqar://?`` action URLs take).
"""

import datetime
from urllib import parse

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import zaqar_base
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr
LIST = base.attributes.Schema.LIST

#: Zaqar's reserved metadata (its defaults, shown with the queue).
RESERVED_PREFIX = '_'
#: A signed URL's validity when none is given: a day, as Zaqar's.
DEFAULT_URL_TTL = 86400


class Queue(zaqar_base.ZaqarResource):
    """A Zaqar message queue."""

    live_keys = {'metadata': 'metadata'}

    properties_schema = {
        'name': prop(Schema.STRING, _('Name of the queue instance to '
                                      'create.'),
                     constraints=[constraints.Length(
                         max=zaqar_base.QUEUE_NAME_LIMIT),
                         constraints.CustomConstraint('zaqar.queue')]),
        'metadata': prop(Schema.MAP, _('Arbitrary key/value metadata to '
                                       'store contextual information '
                                       'about this queue.'),
                         update_allowed=True,
                         constraints=[constraints.Length(max=256)]),
    }
    attributes_schema = {
        'queue_id': attr(_('ID of the queue (hidden: use get_resource).'),
                         hidden=True),
        'href': attr(_('The resource href of the queue.')),
        base.SHOW: base.SHOW_SCHEMA,
    }

    def physical_resource_name(self):
        return self.properties.get('name') or zaqar_base.reduced_name(
            super().physical_resource_name())

    def object_path(self, object_id=None):
        return self.queue_path(object_id or self.resource_id)

    def handle_create(self):
        name = self.physical_resource_name()
        # A PUT of a queue that exists answers 204: a take-over's second
        # create is harmless.
        self.api('PUT', self.queue_path(name),
                 body=self.properties.get('metadata') or {})
        self.resource_id = name
        self.data['metadata'] = dict(self.properties.get('metadata') or {})
        return None

    def handle_update(self, new_properties, changed):
        if 'metadata' not in changed or not self.resource_id:
            return None
        old = self.data.get('metadata') or {}
        new = changed['metadata'] or {}
        patch = [{'op': 'remove', 'path': '/metadata/%s' % key}
                 for key in old if key not in new]
        patch += [{'op': 'replace' if key in old else 'add',
                   'path': '/metadata/%s' % key, 'value': value}
                  for key, value in new.items()
                  if key not in old or old[key] != value]
        if patch:
            self.api('PATCH', self.object_path(), body=patch,
                     headers={'Content-Type': zaqar_base.JSON_PATCH})
        self.data['metadata'] = dict(new)
        return None

    def check_delete_complete(self, token):
        return True     # Zaqar deletes a queue at once

    def show_object(self):
        return {'name': self.resource_id,
                'metadata': self.api('GET', self.object_path())}

    def live_value(self, prop, shown):
        # Only the keys the template sets: Zaqar adds its defaults.
        wanted = self.properties.get(prop) or {}
        return {key: shown['metadata'].get(key) for key in wanted}

    def handle_check(self):
        super().handle_check()
        if not self.queue_exists(self.resource_id):
            raise exception.ServiceObjectNotFound(
                service='Zaqar', status=404,
                reason=_('no queue named %s') % self.resource_id)

    def get_attribute(self, name, *path):
        if not self.resource_id:
            return None
        if name == 'queue_id':
            return self.resource_id
        if name == 'href':
            return self.queue_href(self.resource_id)
        return super().get_attribute(name, *path)


class SignedQueueURL(zaqar_base.ZaqarResource):
    """A signed URL giving access to some paths of a queue."""

    creates_external = False
    ATTRIBUTES = ('signature', 'expires', 'paths', 'methods', 'project',
                  'query_str')

    properties_schema = {
        'queue': prop(Schema.STRING, _('Name of the queue instance to '
                                       'create a URL for.'),
                      required=True,
                      constraints=[constraints.CustomConstraint(
                          'zaqar.queue')]),
        'paths': prop(Schema.LIST, _('List of allowed paths to be '
                                     'accessed. Default to allow queue '
                                     'messages URL.'),
                      constraints=[constraints.Length(max=16)]),
        'ttl': prop(Schema.INTEGER, _('Time validity of the URL, in '
                                      'seconds. Default to one day.'),
                    constraints=[constraints.Range(min=1, max=2 ** 31)]),
        'methods': prop(Schema.LIST, _('List of allowed HTTP methods to '
                                       'be used. Default to allow GET.'),
                        constraints=[constraints.Length(max=5)],
                        schema=prop(Schema.STRING, _('An HTTP method.'),
                                    constraints=[constraints.AllowedValues(
                                        ['GET', 'DELETE', 'PATCH', 'POST',
                                         'PUT'])])),
    }
    attributes_schema = {
        'signature': attr(_('Signature of the URL built by Zaqar.')),
        'expires': attr(_('Expiration date of the URL.')),
        'paths': attr(_('Comma-delimited list of paths for convenience.'),
                      LIST),
        'methods': attr(_('Comma-delimited list of methods for '
                          'convenience.'), LIST),
        'project': attr(_('The ID of the Keystone project containing the '
                          'queue.')),
        'query_str': attr(_('An HTTP URI query fragment.')),
        base.SHOW: attr(_('Zaqar\'s answer when it signed the URL.'),
                        base.attributes.Schema.MAP),
    }

    def handle_create(self):
        props = self.properties
        ttl = props.get('ttl') or DEFAULT_URL_TTL
        expires = datetime.datetime.now(datetime.timezone.utc) + \
            datetime.timedelta(seconds=ttl)
        body = {'expires': expires.strftime('%Y-%m-%dT%H:%M:%S')}
        if props.get('paths'):
            body['paths'] = props['paths']
        if props.get('methods'):
            body['methods'] = props['methods']
        signed = self.api('POST', self.queue_path(props['queue'])
                          + '/share', body=body)
        self.data.update({key: signed[key] for key in (
            'signature', 'expires', 'paths', 'methods', 'project')})
        self.resource_id = self.physical_resource_name()
        return None

    def handle_update(self, new_properties, changed):
        return None

    def handle_delete(self):
        return None     # Zaqar cannot revoke a signed URL

    def check_delete_complete(self, token):
        return True

    def handle_check(self):
        return None

    def get_attribute(self, name, *path):
        if not self.resource_id or name not in self.ATTRIBUTES + (
                base.SHOW,):
            return None
        if name == base.SHOW:
            return {key: self.data.get(key) for key in self.ATTRIBUTES
                    if key != 'query_str'}
        if name == 'query_str':
            return parse.urlencode({
                'signature': self.data['signature'],
                'expires': self.data['expires'],
                'paths': ','.join(self.data['paths']),
                'methods': ','.join(self.data['methods']),
                'project_id': self.data['project'],
                'queue_name': self.properties['queue']})
        value = self.data.get(name)
        for key in path:
            value = value[key]
        return value
