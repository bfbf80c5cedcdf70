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


"""Resources adopted with ``external_id``, as Heat adopts them: looked
up, never validated, changed or deleted (``engine.externals``).

The adopted thing is a ``HeatVision::Test::Ledger`` entry: a file, named
by its absolute path; a Ledger made by the stack deletes its file.
"""

import os

from tests.component.engine import stack_ops


def template(external_id, others=None, **extra):
    ledger = dict({'type': 'HeatVision::Test::Ledger',
                   'external_id': external_id}, **extra)
    return {'heat_template_version': '2021-04-16',
            'resources': dict({'adopted': ledger}, **(others or {})),
            'outputs': {'ref': {'value': {'get_resource': 'adopted'}}}}


class ExternalIdTest(stack_ops.StackOpsTestCase):

    template = None

    def setUp(self):
        super().setUp()
        self.flags(enable_test_resource_types=True)
        self.entry = os.path.join(self.state_dir, 'existing-entry')
        with open(self.entry, 'w') as f:
            f.write('made outside the stack')

    def stack(self, tmpl):
        self.stack_id = self.create('ext', tmpl)
        self.path = '/v1/demo/stacks/ext/%s' % self.stack_id

    def update(self, tmpl, status):
        self.post('', {'template': tmpl}, method='PUT')
        return self.wait(status, 'ext')

    def test_adopted_kept_by_update_and_left_by_delete(self):
        # No "directory", a required property of its type: an external
        # resource's properties are not checked, as in Heat.
        self.stack(template(self.entry))
        row = self.rows()['adopted']
        self.assertEqual(('CHECK_COMPLETE', self.entry),
                         ('%s_%s' % (row.action, row.status),
                          row.physical_resource_id))
        self.assertEqual([('adopted', 'ADOPT_IN_PROGRESS'),
                          ('adopted', 'ADOPT_COMPLETE'),
                          ('adopted', 'CHECK_IN_PROGRESS'),
                          ('adopted', 'CHECK_COMPLETE')],
                         [e for e in self.events() if e[0] == 'adopted'])
        stack = self.service.wait_for_stack('demo', 'ext')
        self.assertEqual([self.entry], [o['output_value']
                                        for o in stack['outputs']])
        self.update(template(self.entry), 'UPDATE_COMPLETE')
        self.assertEqual(row.updated_at, self.rows()['adopted'].updated_at)
        events = len(self.events())
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'ext').status_int)
        self.assertTrue(os.path.isfile(self.entry))
        # Retained: no DELETE_IN_PROGRESS, nothing asked of its plugin.
        self.assertEqual(
            [('adopted', 'DELETE_COMPLETE')],
            [e for e in self.events()[events:] if e[0] == 'adopted'])

    def test_a_resource_removed_by_an_update_is_left(self):
        made = {'made': {'type': 'HeatVision::Test::Ledger',
                         'properties': {'directory': self.state_dir}}}
        self.stack(template(self.entry, made))
        made_file = os.path.join(self.state_dir,
                                 self.rows()['made'].physical_resource_id)
        self.assertTrue(os.path.isfile(made_file))
        self.update({'heat_template_version': '2021-04-16',
                     'resources': {}}, 'UPDATE_COMPLETE')
        self.assertTrue(os.path.isfile(self.entry))
        self.assertFalse(os.path.isfile(made_file))

    def test_changing_the_external_id_is_refused(self):
        other = self.entry + '-2'
        with open(other, 'w') as f:
            f.write('another')
        self.stack(template(self.entry))
        stack = self.update(template(other), 'UPDATE_FAILED')
        self.assertIn('Update to property external_id of adopted '
                      '(HeatVision::Test::Ledger) is not supported.',
                      stack['stack_status_reason'])
        self.assertEqual('UPDATE_FAILED', self.states()['adopted'])
        self.assertEqual(self.entry,
                         self.rows()['adopted'].physical_resource_id)

    def test_adding_an_external_id_is_refused(self):
        # heat_integrationtests' test_external_ref.py: UPDATE_FAILED.
        self.stack({'heat_template_version': '2021-04-16',
                    'resources': {'adopted': {
                        'type': 'HeatVision::Test::Ledger',
                        'properties': {'directory': self.state_dir}}}})
        stack = self.update(template(self.entry), 'UPDATE_FAILED')
        self.assertIn('Update to property external_id of adopted',
                      stack['stack_status_reason'])

    def test_a_missing_resource_is_a_400_naming_it(self):
        gone = self.entry + '-gone'
        response = self.service.request(
            'POST', '/v1/demo/stacks',
            body={'stack_name': 'ext', 'template': template(gone)})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('Invalid external resource: Resource %s '
                      '(HeatVision::Test::Ledger) can not be found.' % gone,
                      response.json['error']['message'])

    def test_gone_before_its_update_is_a_400(self):
        self.stack(template(self.entry))
        os.unlink(self.entry)
        response = self.service.request('PUT', self.path, body={
            'template': template(self.entry)})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('Invalid external resource',
                      response.json['error']['message'])

    def test_depends_on_is_refused(self):
        response = self.service.request(
            'POST', '/v1/demo/stacks', body={
                'stack_name': 'ext', 'template': template(
                    self.entry, {'other': {'type': 'OS::Heat::None'}},
                    depends_on=['other'])})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('Invalid dependency with external '
                      'HeatVision::Test::Ledger resource: %s' % self.entry,
                      response.json['error']['message'])
