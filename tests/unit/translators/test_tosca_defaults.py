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

"""The TOSCA translator's defaults that heat-translator users rely on:
inputs that choose flavors, scripts given later, existing networks,
sizes as GiB, relationship operations, several hosts."""

import yaml

from heat_vision.common import exception
from heat_vision import translators
from tests import base

HEAD = 'tosca_definitions_version: tosca_simple_yaml_1_0\n'
SERVER = '''
    box:
      type: tosca.nodes.Compute
      capabilities:
        host:
          properties: {num_cpus: {get_input: cpus}, mem_size: 1 GB}
        os:
          properties: {distribution: cirros}
'''
CPUS = '''  inputs:
    cpus: {type: integer, default: 1}
'''


def translate(text, files=None, inputs=None):
    return translators.load('tosca').translate(
        HEAD + text, files=files, filename='app.yaml', inputs=inputs)


class TestInputs(base.TestCase):

    def test_an_input_chooses_the_flavor_by_its_value(self):
        text = 'topology_template:\n' + CPUS + '  node_templates:' + SERVER
        box = translate(text).template['resources']['box']['properties']
        self.assertEqual('m1.small', box['flavor'])
        result = translate(text, inputs={'cpus': '4'})
        box = result.template['resources']['box']['properties']
        self.assertEqual('m1.large', box['flavor'])
        # ... and is the parameter's default, as heat-translator's params.
        self.assertEqual('4', result.template['parameters']['cpus'][
            'default'])

    def test_an_input_without_value_cannot_choose(self):
        text = ('topology_template:\n  inputs:\n    cpus: {type: integer}\n'
                '  node_templates:' + SERVER)
        exc = self.assertRaises(exception.TranslationError, translate, text)
        self.assertEqual('topology_template.node_templates.box.capabilities.'
                         'host.properties.num_cpus', exc.path)
        self.assertIn('input "cpus"', str(exc))

    def test_a_bad_number_of_cpus_is_named(self):
        text = 'topology_template:\n' + CPUS + '  node_templates:' + SERVER
        exc = self.assertRaises(exception.TranslationError, translate, text,
                                inputs={'cpus': 'many'})
        self.assertIn('num_cpus', exc.path)

    def test_a_size_input_is_a_number_of_gib(self):
        result = translate('''topology_template:
  inputs:
    size: {type: scalar-unit.size, default: 1500 MB}
  node_templates:
    disk:
      type: tosca.nodes.BlockStorage
      properties: {size: {get_input: size}}
''')
        self.assertEqual({'type': 'number', 'default': 2},
                         result.template['parameters']['size'])
        self.assertEqual(
            {'get_param': 'size'},
            result.template['resources']['disk']['properties']['size'])

    def test_a_given_key_name_keys_the_servers(self):
        text = 'topology_template:\n' + CPUS + '  node_templates:' + SERVER
        result = translate(text, inputs={'key_name': 'mine'})
        self.assertEqual({'type': 'string', 'default': 'mine'},
                         result.template['parameters']['key_name'])
        box = result.template['resources']['box']['properties']
        self.assertEqual({'get_param': 'key_name'}, box['key_name'])
        self.assertEqual('SOFTWARE_CONFIG', box['user_data_format'])


class TestImagesAndFiles(base.TestCase):

    def test_an_old_release_gets_heat_translators_image(self):
        result = translate('''topology_template:
  node_templates:
    box:
      type: tosca.nodes.Compute
      capabilities:
        host: {properties: {num_cpus: 1}}
        os: {properties: {distribution: rhel, version: 6.5}}
''')
        self.assertEqual('rhel-6.5-test-image', result.template[
            'resources']['box']['properties']['image'])

    def test_a_script_not_given_is_named_for_the_stack_files(self):
        result = translate('topology_template:\n' + CPUS +
                           '  node_templates:' + SERVER + '''
    app:
      type: tosca.nodes.SoftwareComponent
      requirements: [{host: box}]
      interfaces: {Standard: {create: scripts/setup.sh}}
''')
        config = result.template['resources']['app_create_config']
        self.assertEqual({'get_file': 'scripts/setup.sh'},
                         config['properties']['config'])
        self.assertEqual({}, result.files)
        self.assertEqual(
            ['topology_template.node_templates.app.interfaces.Standard.'
             'create.implementation'], [p for p, _t in result.notes])


class TestNodes(base.TestCase):

    def test_a_network_named_without_cidr_is_an_existing_one(self):
        result = translate('topology_template:\n' + CPUS +
                           '  node_templates:' + SERVER + '''
    port:
      type: tosca.nodes.network.Port
      requirements: [{binding: box}, {link: net}]
    net:
      type: tosca.nodes.network.Network
      properties: {network_name: public}
''')
        resources = result.template['resources']
        self.assertNotIn('net', resources)
        self.assertEqual('public', resources['port']['properties']['network'])

    def test_an_object_store_has_its_quota_and_stays_private(self):
        result = translate('''topology_template:
  node_templates:
    store:
      type: tosca.nodes.ObjectStorage
      properties: {name: files, size: 1 GB, maxsize: 2 GB}
''')
        self.assertEqual(
            {'name': 'files', 'X-Container-Meta': {
                'Quota-Bytes': 2000000000}},
            result.template['resources']['store']['properties'])

    def test_a_relationship_type_default_is_the_mountpoint(self):
        result = translate('''relationship_types:
  example.Mount:
    derived_from: tosca.relationships.AttachesTo
    properties:
      location: {type: string, default: /srv}
topology_template:
''' + CPUS + '  node_templates:' + SERVER + '''
      requirements:
        - local_storage: {node: disk, relationship: example.Mount}
    disk:
      type: tosca.nodes.BlockStorage
      properties: {size: 1 GB}
''')
        attachment = result.template['resources']['box_disk_attachment']
        self.assertEqual('/srv', attachment['properties']['mountpoint'])


class TestSoftware(base.TestCase):

    def test_a_connects_to_operation_runs_on_the_targets_host(self):
        files = {'db.sh': '#!/bin/sh\n', 'link.sh': '#!/bin/sh\n'}
        result = translate('topology_template:\n' + CPUS +
                           '  node_templates:' + SERVER + SERVER.replace(
                               'box:', 'dbhost:') + '''
    db:
      type: tosca.nodes.SoftwareComponent
      requirements: [{host: dbhost}]
      interfaces: {Standard: {create: db.sh}}
    app:
      type: tosca.nodes.SoftwareComponent
      requirements:
        - host: box
        - dependency:
            node: db
            relationship:
              type: tosca.relationships.ConnectsTo
              interfaces:
                Configure:
                  pre_configure_target:
                    implementation: link.sh
                    inputs: {app_ip: {get_attribute: [box, private_address]}}
''', files=files)
        resources = result.template['resources']
        deploy = resources['app_db_connect_deploy']
        self.assertEqual({'get_resource': 'dbhost'},
                         deploy['properties']['server'])
        self.assertEqual({'app_ip': {'get_attr': ['box', 'first_address']}},
                         deploy['properties']['input_values'])
        self.assertEqual(['db_create_deploy'], deploy['depends_on'])
        self.assertEqual(
            {'get_file': 'link.sh'},
            resources['app_db_connect_config']['properties']['config'])

    def test_a_component_on_several_hosts_is_a_deployment_group(self):
        result = translate('topology_template:\n' + CPUS +
                           '  node_templates:' + SERVER + SERVER.replace(
                               'box:', 'box2:') + '''
    agent:
      type: tosca.nodes.SoftwareComponent
      requirements: [{host: box}, {host: box2}]
      interfaces: {Standard: {create: agent.sh}}
''', files={'agent.sh': 'true\n'})
        deploy = result.template['resources']['agent_create_deploy']
        self.assertEqual('OS::Heat::SoftwareDeploymentGroup', deploy['type'])
        self.assertEqual({'box': {'get_resource': 'box'},
                          'box2': {'get_resource': 'box2'}},
                         deploy['properties']['servers'])


class TestFunctionsAndLifecycles(base.TestCase):

    def test_a_compute_types_own_operations_run_on_it(self):
        result = translate('''node_types:
  example.Compute:
    derived_from: tosca.nodes.Compute
    interfaces:
      Standard:
        create:
          implementation: prepare.sh
          inputs: {root: /opt}
topology_template:
''' + CPUS + '  node_templates:' + SERVER.replace(
            'tosca.nodes.Compute', 'example.Compute') + '''
    app:
      type: tosca.nodes.SoftwareComponent
      requirements: [{host: box}]
      interfaces: {Standard: {create: app.sh}}
''', files={'prepare.sh': 'true\n', 'app.sh': 'true\n'})
        resources = result.template['resources']
        deploy = resources['box_create_deploy']
        self.assertEqual({'get_resource': 'box'},
                         deploy['properties']['server'])
        self.assertEqual({'root': '/opt'}, deploy['properties'][
            'input_values'])
        # The server is prepared before what it hosts is installed.
        self.assertEqual(['box_create_deploy'],
                         resources['app_create_deploy']['depends_on'])

    def test_get_property_through_a_requirement_reads_its_capability(self):
        result = translate('''capability_types:
  example.Feature:
    derived_from: tosca.capabilities.Root
    properties:
      ports: {type: list}
node_types:
  example.Db:
    derived_from: tosca.nodes.SoftwareComponent
    capabilities:
      feature: {type: example.Feature}
  example.App:
    derived_from: tosca.nodes.SoftwareComponent
    requirements:
      - feature: {capability: example.Feature, node: example.Db}
topology_template:
''' + CPUS + '  node_templates:' + SERVER + '''
    db:
      type: example.Db
      requirements: [{host: box}]
      capabilities:
        feature: {properties: {ports: [5432, 5433]}}
    app:
      type: example.App
      requirements: [{host: box}, {feature: db}]
      interfaces:
        Standard:
          configure:
            implementation: app.sh
            inputs: {port: {get_property: [SELF, feature, ports, 1]}}
''', files={'app.sh': 'true\\n'})
        deploy = result.template['resources']['app_configure_deploy']
        self.assertEqual({'port': 5433}, deploy['properties'][
            'input_values'])


class TestOutputs(base.TestCase):

    def test_an_output_of_an_attribute_hot_lacks_is_left_out(self):
        result = translate('topology_template:\n' + CPUS +
                           '  node_templates:' + SERVER + '''  outputs:
    ip: {value: {get_attribute: [box, private_address]}}
    state: {value: {get_attribute: [box, state]}}
''')
        self.assertEqual(['ip'], list(result.template['outputs']))
        self.assertEqual(
            ['topology_template.outputs.state.value.get_attribute'],
            [p for p, _t in result.notes])

    def test_elsewhere_it_is_an_error(self):
        exc = self.assertRaises(
            exception.TranslationError, translate, 'topology_template:\n' +
            CPUS + '  node_templates:' + SERVER + '''
    app:
      type: tosca.nodes.SoftwareComponent
      requirements: [{host: box}]
      interfaces:
        Standard:
          create:
            implementation: a.sh
            inputs: {key: {get_attribute: [box, state]}}
''', files={'a.sh': 'true\n'})
        self.assertIn('"state"', str(exc))


class TestArtifacts(base.TestCase):

    TYPES = '''node_types:
  example.Web:
    derived_from: tosca.nodes.SoftwareComponent
    artifacts:
      role: {file: ROLE, type: tosca.artifacts.AnsibleGalaxy.role}
      site: {file: 'https://example.com/site.tgz', type: tosca.artifacts.File}
    interfaces:
      Standard:
        create:
          implementation: web.sh
          inputs: {site: {get_artifact: [SELF, site]}}
topology_template:
'''

    def web(self, role):
        return translate(self.TYPES.replace('ROLE', role) + CPUS +
                         '  node_templates:' + SERVER + '''
    web:
      type: example.Web
      requirements: [{host: box}]
''', files={'web.sh': 'true\n'})

    def test_galaxy_roles_are_installed_first_and_urls_named(self):
        result = self.web('example.nginx')
        resources = result.template['resources']
        self.assertEqual(
            '#!/bin/bash\nansible-galaxy install example.nginx\n',
            resources['web_install_roles_config']['properties']['config'])
        create = resources['web_create_deploy']
        self.assertEqual(['web_install_roles_deploy'], create['depends_on'])
        # A URL artifact is named, never fetched.
        self.assertEqual({'get_file': 'https://example.com/site.tgz'},
                         create['properties']['input_values']['site'])
        self.assertNotIn('https://example.com/site.tgz', result.files)
        self.assertIn('not fetched', ' '.join(t for _p, t in result.notes))

    def test_a_role_name_cannot_carry_a_command(self):
        exc = self.assertRaises(exception.TranslationError, self.web,
                                'x;reboot')
        self.assertEqual('node_types.example.Web.artifacts.role.file',
                         exc.path)


class TestPolicies(base.TestCase):

    def test_tacker_scaling_names_targets_in_its_properties(self):
        result = translate('''policy_types:
  example.Scaling:
    derived_from: tosca.policies.Scaling
    properties:
      targets: {type: list, entry_schema: {type: string}}
      min_instances: {type: integer}
      max_instances: {type: integer}
topology_template:
''' + CPUS + '  node_templates:' + SERVER + '''
  policies:
    - grow:
        type: example.Scaling
        properties: {targets: [box], min_instances: 1, max_instances: 4}
''')
        resources = result.template['resources']
        self.assertNotIn('box', resources)
        self.assertEqual(4, resources['grow']['properties']['max_size'])
        member = yaml.safe_load(result.files['grow_member.yaml'])
        self.assertIn('box', member['resources'])
        # No cooldown given: the scaling policies have none.
        self.assertNotIn('cooldown', resources['grow_scale_out'][
            'properties'])

    def test_a_placement_that_is_not_strict_is_soft(self):
        result = translate('''policy_types:
  example.Placement:
    derived_from: tosca.policies.Placement
    properties:
      policy: {type: string}
      strict: {type: boolean}
topology_template:
''' + CPUS + '  node_templates:' + SERVER + '''
  policies:
    - near:
        type: example.Placement
        targets: [box]
        properties: {policy: affinity, strict: false}
''')
        self.assertEqual({'name': 'near', 'policies': ['soft-affinity']},
                         result.template['resources']['near']['properties'])
