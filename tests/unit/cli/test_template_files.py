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

import os

from heat_vision.cli import http
from heat_vision.cli import template_files
from tests import base
from tests import templates

MAIN = """heat_template_version: 2021-04-16
resources:
  config:
    type: OS::Heat::Value
    properties:
      value: {get_file: scripts/boot.sh}
  inner:
    type: nested/inner.yaml
"""
INNER = """heat_template_version: 2021-04-16
resources:
  a:
    type: OS::Heat::Value
    properties:
      value: {get_file: data.txt}
"""
ENV = """resource_registry:
  My::Thing: things/thing.yaml
parameters:
  size: 3
"""
THING = templates.VERSION_ONLY


class TestTemplateFields(base.TestCase):

    def setUp(self):
        super().setUp()
        self.dir = self.state_dir
        self.write('main.yaml', MAIN)
        self.write('scripts/boot.sh', '#!/bin/sh\n')
        self.write('nested/inner.yaml', INNER)
        self.write('nested/data.txt', 'data')
        self.write('env.yaml', ENV)
        self.write('things/thing.yaml', THING)

    def write(self, name, text):
        path = os.path.join(self.dir, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, 'w') as handle:
            handle.write(text)
        return path

    def test_template_is_sent_as_raw_text(self):
        fields = template_files.template_fields(
            os.path.join(self.dir, 'main.yaml'))
        self.assertEqual(MAIN, fields['template'])
        self.assertNotIn('environment_files', fields)

    def test_referenced_files_are_keyed_as_written(self):
        files = template_files.template_fields(
            os.path.join(self.dir, 'main.yaml'))['files']
        self.assertEqual({'scripts/boot.sh': '#!/bin/sh\n',
                          'nested/inner.yaml': INNER,
                          'data.txt': 'data'}, files)

    def test_environments_go_in_order_with_their_templates(self):
        env = os.path.join(self.dir, 'env.yaml')
        other = self.write('other.yaml', 'parameters: {size: 4}\n')
        fields = template_files.template_fields(environment_files=[env,
                                                                   other])
        self.assertEqual([env, other], fields['environment_files'])
        self.assertEqual(ENV, fields['files'][env])
        self.assertEqual(THING, fields['files']['things/thing.yaml'])

    def test_dates_stay_strings(self):
        data = template_files.parse_document(MAIN, 'main.yaml')
        self.assertEqual('2021-04-16', data['heat_template_version'])

    def test_missing_file_is_a_clean_error(self):
        self.write('bad.yaml', 'resources: {a: {type: gone.yaml}}\n')
        error = self.assertRaises(
            http.CLIError, template_files.template_fields,
            os.path.join(self.dir, 'bad.yaml'))
        self.assertIn('gone.yaml', str(error))

    def test_invalid_yaml_is_a_clean_error(self):
        self.write('broken.yaml', 'a: [\n')
        error = self.assertRaises(
            http.CLIError, template_files.template_fields,
            os.path.join(self.dir, 'broken.yaml'))
        self.assertIn('is not valid YAML', str(error))

    def test_invalid_yaml_quotes_the_line_with_a_caret(self):
        path = self.write('broken.yaml',
                          'resources:\n  a:\n    type: x\n   b: 1\n')
        error = self.assertRaises(http.CLIError,
                                  template_files.template_fields, path)
        self.assertEqual(
            '%s is not valid YAML or JSON: while parsing a block mapping\n'
            '  in "<unicode string>", line 2, column 3:\n'
            '      a:\n'
            '      ^\n'
            'expected <block end>, but found \'<block mapping start>\'\n'
            '  in "<unicode string>", line 4, column 4:\n'
            '       b: 1\n'
            '       ^' % path, str(error))

    def test_remote_references_are_left_to_the_server(self):
        self.write('remote.yaml',
                   'resources: {a: {type: "http://x/t.yaml"}}\n')
        fields = template_files.template_fields(
            os.path.join(self.dir, 'remote.yaml'))
        self.assertEqual({}, fields['files'])
