"""``template translate``: local translation, no service called."""

import os

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

    def test_every_format_translates(self):
        for fmt, case in (('tosca', 'nested_topology'),
                          ('cfn', 'json_kept_types'),
                          ('camp', 'implicit_host')):
            base = os.path.join(CASES, fmt, case)
            name = [n for n in os.listdir(base) if n.startswith('input.')]
            out_path = os.path.join(self.state_dir, fmt, 'out.yaml')
            self.run_ok('template', 'translate', '--format', fmt,
                        os.path.join(base, name[0]), '-o', out_path)
            with open(out_path) as handle:
                self.assertEqual(cases.load(fmt, case)[3]['template'],
                                 yaml.safe_load(handle), fmt)

    def test_error_in_an_imported_file_names_the_file(self):
        path = os.path.join(CASES, 'tosca', 'neg_nested_unmapped_type',
                            'input.yaml')
        status, out, err = self.run_cli('template', 'translate',
                                        '--format', 'tosca', path)
        self.assertEqual(1, status)
        self.assertTrue(err.startswith(
            'TranslationError: tiers/db_tier.yaml:topology_template.'
            'node_templates.nightly_backup.type: '), err)
