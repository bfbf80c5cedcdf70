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

"""Stand-in TOSCA and CAMP translators for the relay's route tests.

Injected with stevedore's ``make_test_instance`` by the tests that need
it, never registered as an entry point: the relay's routes are tested
here, the real translators in their own tests.
"""

import io
import zipfile

import fixtures
from stevedore import extension
import yaml

from heat_vision.common import exception
from heat_vision import translators

NODE_TYPES = {'tosca.nodes.Root': 'OS::Heat::None'}


class StandInTosca:
    """Node templates of ``tosca.nodes.Root`` become ``OS::Heat::None``;
    inputs become parameters; a CSAR's first YAML file is read.
    """

    def translate(self, document, files=None, filename=None):
        if isinstance(document, bytes):
            archive = zipfile.ZipFile(io.BytesIO(document))
            name = sorted(n for n in archive.namelist()
                          if n.endswith('.yaml'))[0]
            document = archive.read(name).decode('utf-8')
        tosca = yaml.safe_load(document)
        topology = tosca.get('topology_template') or {}
        resources = {}
        for node, spec in (topology.get('node_templates') or {}).items():
            if spec.get('type') not in NODE_TYPES:
                raise translators.TranslationError(
                    'topology_template.node_templates.%s.type' % node,
                    'unknown node type %s' % spec.get('type'))
            resources[node] = {'type': NODE_TYPES[spec['type']]}
        inputs = topology.get('inputs') or {}
        template = {'heat_template_version': '2021-04-16',
                    'parameters': {k: {'type': 'string',
                                       'default': v.get('default', '')}
                                   for k, v in inputs.items()},
                    'resources': resources}
        return translators.Translation(
            template=template, environment={}, files={},
            source_map={'resources.%s' % n:
                        'topology_template.node_templates.%s' % n
                        for n in resources})


class StandInCamp:
    """Each artifact of a CAMP plan becomes an ``OS::Heat::None``."""

    def translate(self, document, files=None, filename=None):
        plan = yaml.safe_load(document)
        resources = {}
        for index, artifact in enumerate(plan.get('artifacts') or []):
            if 'name' not in artifact:
                raise translators.TranslationError(
                    'artifacts[%d].name' % index, 'an artifact needs a name')
            resources[artifact['name']] = {'type': 'OS::Heat::None'}
        return translators.Translation(
            template={'heat_template_version': '2021-04-16',
                      'resources': resources},
            environment={}, files={}, source_map={})


class Translators(fixtures.Fixture):
    """``heat_vision.translators.load`` answering from a test manager.

    The ``real`` formats are loaded as they are: the Query API's
    CloudFormation actions always translate with the real ``cfn``.
    """

    PLUGINS = {'tosca': StandInTosca, 'camp': StandInCamp}

    def __init__(self, names=('tosca', 'camp'), real=('cfn',)):
        super().__init__()
        self.names = names
        self.real = real

    def _setUp(self):
        manager = extension.ExtensionManager.make_test_instance(
            [extension.Extension(name, None, self.PLUGINS[name],
                                 self.PLUGINS[name]())
             for name in self.names],
            namespace=translators.NAMESPACE)

        original = translators.load

        def load(name):
            if name in self.real:
                return original(name)
            try:
                return manager[name].obj
            except KeyError:
                raise exception.UnknownTranslator(
                    name=name, available=', '.join(self.names))
        self.useFixture(fixtures.MockPatch('heat_vision.translators.load',
                                           load))
