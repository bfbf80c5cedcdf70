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

"""CAMP services -> servers (or values, for existing services)."""

import re

from heat_vision.common.i18n import _
from heat_vision.translators import base
from heat_vision.translators import sizing as mapping

SERVICE_KEYS = ('id', 'name', 'description', 'tags', 'href',
                'characteristics')
_UNSAFE = re.compile(r'[^A-Za-z0-9_.-]+')


def resource_name(text):
    return _UNSAFE.sub('_', str(text)).strip('_') or 'unnamed'


class Services:
    """The services of a plan, declared up front or inline."""

    def __init__(self, run):
        self.run = run
        self.by_id = {}
        self.kinds = {}

    def declare(self, spec, path, default_name=None):
        """Add a service; :returns: its resource name (from its id or
        name, else ``default_name``, else its path).
        """
        if not isinstance(spec, dict):
            raise base.fail(path, _('a service is a map.'))
        for key in spec:
            if key not in SERVICE_KEYS:
                raise base.fail(base.join(path, key), _(
                    'not a key of a service.'))
        for key in ('id', 'name', 'href'):
            if key in spec and not isinstance(spec[key], (str, int)):
                raise base.fail(base.join(path, key), _(
                    'must be a string.'))
        name = resource_name(spec.get('id') or spec.get('name') or
                             default_name or
                             'service_%s' % path.replace('.', '_'))
        if spec.get('id') is not None:
            if spec['id'] in self.by_id:
                raise base.fail(base.join(path, 'id'), _(
                    'two services have the id "%s".') % spec['id'])
            self.by_id[spec['id']] = name
        if spec.get('href'):
            self.kinds[name] = 'existing'
            self.run.add(name, {'type': 'OS::Heat::Value', 'properties': {
                'value': str(spec['href'])}}, path)
            return name
        self.kinds[name] = 'server'
        props = self._server(spec, path)
        self.run.add(name, {'type': 'OS::Nova::Server',
                            'properties': props}, path)
        self.run.outputs['%s_address' % name] = {
            'value': {'get_attr': [name, 'first_address']}}
        return name

    def _server(self, spec, path):
        host, os_cap, props = {}, {}, {}
        chars = spec.get('characteristics') or []
        if not isinstance(chars, list):
            raise base.fail(base.join(path, 'characteristics'),
                            _('must be a list.'))
        for i, char in enumerate(chars):
            cpath = base.join(path, 'characteristics', i)
            if not isinstance(char, dict) or not isinstance(
                    char.get('characteristic_type'), str):
                raise base.fail(cpath, _('a characteristic needs a '
                                         'characteristic_type.'))
            for key in ('flavor', 'image', 'key_name'):
                if key in char:
                    props[key] = char[key]
            for key in ('num_cpus', 'mem_size', 'disk_size'):
                if key in char:
                    host[key] = char[key]
            for key in ('architecture', 'type', 'distribution',
                        'version'):
                if key in char:
                    os_cap[key] = char[key]
        where = base.join(path, 'characteristics')
        if 'flavor' not in props:
            props['flavor'] = mapping.flavor(host, where)
        if 'image' not in props:
            props['image'] = mapping.image(os_cap, where)
        return props

    def fulfil(self, fulfillment, path, default_name=None):
        """The service a requirement's fulfillment names or declares
        (an inline one without id or name is ``default_name``).
        """
        if isinstance(fulfillment, str):
            key = fulfillment[3:] if fulfillment.startswith('id:') \
                else fulfillment
            if key not in self.by_id:
                raise base.fail(path, _('no service has the id "%s".')
                                % key)
            return self.by_id[key]
        if isinstance(fulfillment, dict):
            return self.declare(fulfillment, path, default_name)
        raise base.fail(path, _('a fulfillment is "id:<service id>" or a '
                                'service.'))

    def is_server(self, name):
        return self.kinds.get(name) == 'server'

    def address(self, name):
        if self.is_server(name):
            return {'get_attr': [name, 'first_address']}
        return {'get_attr': [name, 'value']}

    def finish(self):
        if not self.run.resources:
            raise base.fail('services', _('the plan declares nothing to '
                                          'deploy.'))
