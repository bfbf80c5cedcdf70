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

"""``template translate``: local translation, no service called."""

import os
import shutil

import yaml

from tests.component.cli import fakes
from tests.unit.translators import cases

CASES = cases.ROOT


class TestTranslate(fakes.CLITestCase):

    def test_tosca_to_stdout(self):
        path = os.path.join(CASES, 'tosca', 'compute_software',
                            'input.yaml')
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'tosca', path)
        self.assertEqual(0, status, err)
        template = yaml.safe_load(out)
        expected = cases.load('tosca', 'compute_software')[3]['template']
        self.assertEqual(expected, template)
        # The scripts the deployments use are named, not lost.
        self.assertIn('scripts/install_db.sh', err)
        self.assertEqual([], self.heat.calls('GET', 'stacks'))

    def test_output_writes_template_and_files(self):
        path = os.path.join(CASES, 'camp', 'plan_services', 'input.yaml')
        out_path = os.path.join(self.state_dir, 'out', 'plan.yaml')
        self.run_ok('template', 'translate', '--format', 'camp', path,
                    '-o', out_path)
        with open(out_path) as handle:
            template = yaml.safe_load(handle)
        self.assertEqual('OS::Nova::Server',
                         template['resources']['web']['type'])
        with open(os.path.join(self.state_dir, 'out', 'war',
                               'install.sh')) as handle:
            self.assertEqual('echo install\n', handle.read())

    def test_a_pdp_whose_digests_do_not_match_is_refused(self):
        # The relay refuses the same PDP alike
        # (tests/component/relay/test_camp.py).
        pdp = os.path.join(self.state_dir, 'app.pdp')
        with open(pdp, 'wb') as handle:
            handle.write(cases.zip_dir(os.path.join(
                CASES, 'camp', 'neg_pdp_digest', 'pdp')))
        expected = cases.load('camp', 'neg_pdp_digest')[3]
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'camp', pdp)
        self.assertEqual(1, status)
        self.assertIn(expected['path'], err)
        self.assertIn(expected['message'], err)

    def test_csar_zip(self):
        csar = os.path.join(self.state_dir, 'app.csar')
        with open(csar, 'wb') as handle:
            handle.write(cases.zip_dir(os.path.join(
                CASES, 'tosca', 'csar_webapp', 'csar')))
        out = self.run_ok('template', 'translate', '--format', 'tosca',
                          csar)
        self.assertIn('nginx_create_deploy', yaml.safe_load(out)[
            'resources'])

    def test_error_is_one_line_with_the_path(self):
        path = os.path.join(CASES, 'cfn', 'neg_bad_ref', 'input.yaml')
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'cfn', path)
        self.assertEqual(1, status)
        self.assertEqual('', out)
        self.assertEqual(
            'TranslationError: Resources.Volume.Properties.Size.Ref: '
            '"DiskSize" is not a parameter, resource or pseudo '
            'parameter.\n', err)

    def test_unknown_format_is_refused(self):
        path = os.path.join(CASES, 'cfn', 'neg_bad_ref', 'input.yaml')
        # argparse refuses it before the command runs.
        exc = self.assertRaises(SystemExit, self.run_cli, 'template',
                                'translate', '--format', 'bpmn', path)
        self.assertEqual(2, exc.code)

    def test_missing_file(self):
        status, _out, err = self.run_cli(
            'template', 'translate', '--format', 'cfn',
            os.path.join(self.state_dir, 'nope.yaml'))
        self.assertEqual(1, status)
        self.assertIn('No such file', err)

    def test_cfn_to_stdout(self):
        path = os.path.join(CASES, 'cfn', 'functions_and_types',
                            'input.yaml')
        out = self.run_ok('template', 'translate', '--format', 'cfn', path)
        expected = cases.load('cfn', 'functions_and_types')[3]['template']
        self.assertEqual(expected, yaml.safe_load(out))

    def test_cfn_short_forms_and_notes(self):
        path = os.path.join(self.state_dir, 'short.yaml')
        with open(path, 'w') as handle:
            handle.write('Parameters:\n  Key: {Type: '
                         'AWS::EC2::KeyPair::KeyName}\n'
                         'Resources:\n  H:\n'
                         '    Type: AWS::CloudFormation::WaitConditionHandle\n'
                         '    CreationPolicy: {ResourceSignal: {Count: 1}}\n'
                         'Outputs:\n  K: {Value: !Sub "${Key}"}\n')
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'cfn', path)
        self.assertEqual(0, status, err)
        template = yaml.safe_load(out)
        self.assertEqual([{'custom_constraint': 'nova.keypair'}],
                         template['parameters']['Key']['constraints'])
        self.assertIn('Note: Resources.H.CreationPolicy: left out', err)

    def test_cfn_environment_keeps_the_types_it_maps(self):
        path = os.path.join(self.state_dir, 'rds.yaml')
        with open(path, 'w') as handle:
            handle.write('Resources:\n  DB:\n'
                         '    Type: AWS::RDS::DBInstance\n'
                         '    Properties: {DBName: data}\n')
        env = os.path.join(self.state_dir, 'env.yaml')
        with open(env, 'w') as handle:
            handle.write('resource_registry:\n'
                         '  AWS::RDS::DBInstance: rds_provider.yaml\n')
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'cfn', path)
        self.assertEqual(1, status)
        self.assertIn('AWS::RDS::DBInstance', err)
        out = self.run_ok('template', 'translate', '--format', 'cfn', path,
                          '-e', env)
        self.assertEqual({'type': 'AWS::RDS::DBInstance',
                          'properties': {'DBName': 'data'}},
                         yaml.safe_load(out)['resources']['DB'])
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'tosca', path,
                                        '-e', env)
        self.assertEqual(1, status)
        self.assertIn('--environment applies to --format cfn only', err)

    def test_cfn_no_counterpart_is_one_line(self):
        path = os.path.join(self.state_dir, 'sam.yaml')
        with open(path, 'w') as handle:
            handle.write('Transform: AWS::Serverless-2016-10-31\n'
                         'Resources:\n  F: {Type: AWS::Serverless::Function}'
                         '\n')
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'cfn', path)
        self.assertEqual(1, status)
        self.assertEqual(
            'NoCounterpart: the template uses what has no OpenStack '
            'counterpart: Transform (the transform '
            'AWS::Serverless-2016-10-31); Resources.F.Type (the resource '
            'type AWS::Serverless::Function)\n', err)

    def test_every_case_translates_from_its_folder(self):
        # The files a document uses are found from what it names: every
        # conformance case given as a document in its folder translates
        # to the expected template.
        for fmt in ('tosca', 'cfn', 'camp'):
            for case in cases.names(fmt):
                base = os.path.join(CASES, fmt, case)
                name = [n for n in os.listdir(base)
                        if n.startswith('input.')]
                if not name:
                    continue    # an archive, tested by test_csar_zip
                out_path = os.path.join(self.state_dir, fmt, case,
                                        'out.yaml')
                self.run_ok('template', 'translate', '--format', fmt,
                            os.path.join(base, name[0]), '-o', out_path)
                with open(out_path) as handle:
                    self.assertEqual(cases.load(fmt, case)[3]['template'],
                                     yaml.safe_load(handle),
                                     '%s/%s' % (fmt, case))

    def _copy_case(self, fmt, case):
        target = os.path.join(self.state_dir, 'src')
        shutil.copytree(os.path.join(CASES, fmt, case), target)
        return target

    def test_files_it_does_not_name_are_not_counted(self):
        folder = self._copy_case('tosca', 'compute_software')
        for sub in ('notes', 'notes/old'):
            os.makedirs(os.path.join(folder, sub), exist_ok=True)
            for i in range(150):
                with open(os.path.join(folder, sub, '%d.txt' % i),
                          'w') as handle:
                    handle.write('not used\n')
        out_path = os.path.join(self.state_dir, 'out', 'out.yaml')
        self.run_ok('template', 'translate', '--format', 'tosca',
                    os.path.join(folder, 'input.yaml'), '-o', out_path)
        self.assertEqual(['configure_db.sh', 'install_db.sh'],
                         sorted(os.listdir(os.path.join(
                             self.state_dir, 'out', 'scripts'))))
        self.assertFalse(os.path.exists(os.path.join(
            self.state_dir, 'out', 'notes')))

    def test_more_named_files_than_the_limit_is_refused(self):
        folder = os.path.join(self.state_dir, 'src')
        os.makedirs(os.path.join(folder, 'parts'))
        names = ['parts/%d.sh' % i for i in range(257)]
        for name in names:
            with open(os.path.join(folder, name), 'w') as handle:
                handle.write('true\n')
        path = os.path.join(folder, 'input.yaml')
        with open(path, 'w') as handle:
            yaml.safe_dump({'AWSTemplateFormatVersion': '2010-09-09',
                            'Metadata': {'scripts': names},
                            'Resources': {}}, handle)
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'cfn', path)
        self.assertEqual(1, status)
        self.assertEqual('%s names more than 256 files: package the '
                         'document as a CSAR/PDP zip instead\n' % path, err)

    def test_error_in_an_imported_file_names_the_file(self):
        path = os.path.join(CASES, 'tosca', 'neg_nested_unmapped_type',
                            'input.yaml')
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'tosca', path)
        self.assertEqual(1, status)
        self.assertTrue(err.startswith(
            'TranslationError: tiers/db_tier.yaml:topology_template.'
            'node_templates.nightly_backup.type: '), err)


UBUNTU_12 = """tosca_definitions_version: tosca_simple_yaml_1_3
topology_template:
  inputs:
    cpus: {type: integer, default: 1}
    label: {type: string, default: none}
    public: {type: boolean, default: false}
  node_templates:
    server:
      type: tosca.nodes.Compute
      capabilities:
        host:
          properties: {num_cpus: 1, mem_size: 512 MB, disk_size: 1 GB}
        os:
          properties: {architecture: x86_64, type: linux,
                       distribution: ubuntu, version: 12.04}
"""


class TestTranslateOptionsAndInputs(fakes.CLITestCase):
    """The service's [translators] options, and inputs given."""

    def setUp(self):
        super().setUp()
        self.document = self.write('service.yaml', UBUNTU_12)
        self.images = self.write('images.yaml', (
            'ubuntu-12.04-server-cloudimg-amd64:\n'
            '  {architecture: x86_64, type: linux, distribution: ubuntu,'
            ' version: "12.04"}\n'))

    def write(self, name, text):
        path = os.path.join(self.state_dir, name)
        with open(path, 'w') as handle:
            handle.write(text)
        return path

    def translate(self, *extra):
        return self.run_cli('template', 'translate', '--format', 'tosca',
                            self.document, *extra)

    def test_the_image_map_of_a_config_file(self):
        # By default, heat-translator's image for Ubuntu 12.04 ...
        out = self.run_ok('template', 'translate', '--format', 'tosca',
                          self.document)
        self.assertEqual('ubuntu-12.04-software-config-os-init',
                         yaml.safe_load(out)['resources']['server'][
                             'properties']['image'])
        # ... the config file's table replaces the built-in ones.

        config = self.write('heat-vision.conf', '[translators]\n'
                            'tosca_image_map = %s\n' % self.images)
        out = self.run_ok('template', 'translate', '--format', 'tosca',
                          self.document, '--config-file', config)
        self.assertEqual('ubuntu-12.04-server-cloudimg-amd64', yaml.safe_load(
            out)['resources']['server']['properties']['image'])

    def test_a_missing_config_file_is_one_line(self):
        status, out, err = self.translate(
            '--config-file', os.path.join(self.state_dir, 'nope.conf'))
        self.assertEqual(1, status)
        self.assertEqual('', out)
        self.assertTrue(err.startswith('Configuration: '), err)
        self.assertIn('nope.conf', err)

    def test_inputs_become_parameter_defaults(self):
        self.flags(group='translators', tosca_image_map=self.images)
        label = self.write('label.txt', 'from a file')
        out = self.run_ok('template', 'translate', '--format', 'tosca',
                          self.document, '--parameter', 'cpus=2',
                          '--parameter', 'public=true',
                          '--parameter-file', 'label=%s' % label)
        parameters = yaml.safe_load(out)['parameters']
        self.assertEqual((2, True, 'from a file'), (
            parameters['cpus']['default'], parameters['public']['default'],
            parameters['label']['default']))

    def test_bad_inputs_are_one_line(self):
        self.flags(group='translators', tosca_image_map=self.images)
        status, out, err = self.translate('--parameter', 'size=3')
        self.assertEqual(1, status)
        self.assertEqual('--parameter size: not an input of the document '
                         '(its inputs: cpus, label, public)\n', err)
        status, out, err = self.translate('--parameter', 'cpus=many')
        self.assertEqual(1, status)
        self.assertEqual('--parameter cpus: "many" is not a number\n', err)
        status, out, err = self.translate('--parameter', 'cpus')
        self.assertEqual(1, status)
        self.assertIn('KEY=VALUE', err)
