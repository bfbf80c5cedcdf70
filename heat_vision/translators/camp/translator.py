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

"""The ``camp`` translator: a CAMP 1.1 Plan (or a PDP zip) -> HOT.

A Plan names artifacts and the services they need. Each service becomes
a server (its characteristics choose flavor and image, as a TOSCA
Compute's capabilities do) or, when it names an existing service
(``href``), a value; each artifact becomes a SoftwareConfig, deployed on
the service that fulfils its ``deploy_on``/``hosted_on`` requirement,
with the other fulfilled services' addresses as inputs.
"""

import posixpath
import re

from heat_vision.common.i18n import _
from heat_vision.translators import archive
from heat_vision.translators import base
from heat_vision.translators.camp import manifest
from heat_vision.translators.camp import services as camp_services

PLAN_FILE = 'camp.yaml'
#: The plan versions understood: 1.1 is the first OASIS CAMP
#: specification (the relay's platform says so too).
VERSIONS = ('CAMP 1.1',)
PLAN_KEYS = ('camp_version', 'name', 'description', 'tags', 'origin',
             'artifacts', 'services', 'representation_skew')
ARTIFACT_KEYS = ('name', 'description', 'tags', 'artifact_type',
                 'content', 'requirements')
#: Requirement types (their last segment) that place the artifact on the
#: fulfilling service: CAMP 1.1's examples use ``HostOn``, ``Install``
#: and ``ExecuteAt``; ``deploy_on``/``hosted_on`` are kept.
HOSTING = re.compile(r'(^|[_.-])(deploy|host|install|execute|run)(ed)?_?'
                     r'(on|to|at|in)?$', re.IGNORECASE)


class CampTranslator(base.Translator):
    """CAMP 1.1 plans (YAML) and Plan Deployment Packages (zip)."""

    name = 'camp'

    def translate(self, document, files=None, filename=None):
        if archive.is_zip(document):
            files = archive.read(document, 'PDP')
            manifest.check(files)
            if PLAN_FILE not in files:
                raise base.fail('', _('a PDP holds its plan in camp.yaml '
                                      'at its root.'))
            document = files.pop(PLAN_FILE)
        else:
            files = base.check_files(files)
        plan = base.parse_mapping(base.as_text(document, ''), 'plan')
        return _Run(plan, files).run()


class _Run:

    def __init__(self, plan, files):
        self.plan = plan
        self.files = files
        self.hot_files = {}
        self.source_map = {}
        self.resources = {}
        self.outputs = {}

    def add(self, name, resource, path):
        if name in self.resources:
            raise base.fail(path, _('two resources would be named "%s".')
                            % name)
        self.resources[name] = resource
        self.source_map[base.join('resources', name)] = path

    def run(self):
        plan = self.plan
        for key in plan:
            if key not in PLAN_KEYS:
                raise base.fail(key, _('not a key of a CAMP plan.'))
        if plan.get('camp_version') not in VERSIONS:
            raise base.fail('camp_version', _('a plan starts with '
                                              'camp_version: CAMP 1.1.'))
        artifacts = _list(plan, 'artifacts')
        services = _list(plan, 'services')
        base.check_count(artifacts + services, '')
        self.services = camp_services.Services(self)
        for i, service in enumerate(services):
            self.services.declare(service, base.join('services', i))
        for i, artifact in enumerate(artifacts):
            self._artifact(artifact, base.join('artifacts', i))
        self.services.finish()
        hot = {'heat_template_version': base.HOT_VERSION}
        description = plan.get('description') or plan.get('name')
        if description:
            hot['description'] = str(description)
        hot['resources'] = self.resources
        if self.outputs:
            hot['outputs'] = self.outputs
        return base.Translation(hot, files=self.hot_files,
                                source_map=self.source_map)

    def _artifact(self, artifact, path):
        if not isinstance(artifact, dict):
            raise base.fail(path, _('an artifact is a map.'))
        for key in artifact:
            if key not in ARTIFACT_KEYS:
                raise base.fail(base.join(path, key), _(
                    'not a key of an artifact.'))
        name = camp_services.resource_name(
            artifact.get('name') or 'artifact_%s' % path.rsplit('.')[-1])
        if not isinstance(artifact.get('artifact_type'), str) or \
                not artifact['artifact_type']:
            raise base.fail(base.join(path, 'artifact_type'), _(
                'an artifact names its artifact_type (CAMP requires it).'))
        config = {'group': _group(artifact.get('artifact_type')),
                  'config': self._content(artifact.get('content'),
                                          base.join(path, 'content'))}
        host, inputs, after = None, {}, []
        for j, req in enumerate(_list(artifact, 'requirements', path)):
            rpath = base.join(path, 'requirements', j)
            if not isinstance(req, dict) or \
                    not isinstance(req.get('requirement_type'), str):
                raise base.fail(rpath, _('a requirement needs a '
                                         'requirement_type.'))
            hosting = HOSTING.search(req['requirement_type'].split(':')[-1])
            fulfillment = req.get('fulfillment')
            if fulfillment is None and hosting:
                # CAMP leaves an unfulfilled requirement to the
                # platform: a server of its default size hosts it.
                fulfillment = {}
            service = self.services.fulfil(
                fulfillment, base.join(rpath, 'fulfillment'),
                '%s_host' % name if hosting else '%s_service_%d' % (
                    name, j))
            params = {k: v for k, v in req.items()
                      if k not in ('requirement_type', 'fulfillment')}
            if hosting:
                if host is not None:
                    raise base.fail(rpath, _('an artifact is deployed on '
                                             'one service.'))
                host = service
                inputs.update(params)
            else:
                inputs['%s_address' % service] = \
                    self.services.address(service)
                inputs.update(params)
                after.append(service)
        if host is None or not self.services.is_server(host):
            raise base.fail(base.join(path, 'requirements'), _(
                'an artifact needs a deploy_on (or hosted_on) requirement '
                'fulfilled by a service of this plan.'))
        if inputs:
            config['inputs'] = [{'name': k} for k in sorted(inputs)]
        self.add(name + '_config', {'type': 'OS::Heat::SoftwareConfig',
                                    'properties': config}, path)
        deploy = {'config': {'get_resource': name + '_config'},
                  'server': {'get_resource': host}, 'actions': ['CREATE']}
        if inputs:
            deploy['input_values'] = inputs
        resource = {'type': 'OS::Heat::SoftwareDeployment',
                    'properties': deploy}
        if after:
            resource['depends_on'] = sorted(set(after))
        self.add(name + '_deploy', resource, path)

    def _content(self, content, path):
        href = content.get('href') if isinstance(content, dict) else None
        if isinstance(content, dict) and len(content) == 1 and \
                next(iter(content.values())) is None:
            # CAMP 1.1's own first example writes ``{ my-app.rpm }``:
            # YAML's one-key flow map, the key being the location.
            href = next(iter(content))
        if not isinstance(href, str) or not href:
            raise base.fail(path, _('an artifact\'s content names its '
                                    'href.'))
        if '://' in href:
            # A remote artifact: the deployment fetches it, not us.
            return '#!/bin/sh\n# CAMP artifact at %s\n' % href
        key = posixpath.normpath(href)
        if key.startswith(('../', '/')) or key not in self.files:
            raise base.fail(path + '.href', _(
                'the artifact "%s" is not in the package.') % href)
        self.hot_files[key] = base.as_text(self.files[key], path + '.href')
        return {'get_file': key}


def _list(data, key, prefix=''):
    value = data.get(key) or []
    if not isinstance(value, list):
        raise base.fail(base.join(prefix, key), _('must be a list.'))
    return value


def _group(artifact_type):
    kind = str(artifact_type or '').lower()
    for marker, group in (('ansible', 'ansible'), ('puppet', 'puppet'),
                          ('chef', 'chef'), ('salt', 'salt')):
        if marker in kind:
            return group
    return 'script'
