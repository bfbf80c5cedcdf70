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

"""Stack snapshots through the API: create, list, show, restore, delete."""

import threading
from unittest import mock

from heat_vision.resources.heat import test_resource
from tests.component.engine import stack_ops

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: one}
resources:
  thing:
    type: OS::Heat::TestResource
    properties: {value: {get_param: word}}
outputs:
  said: {value: {get_attr: [thing, output]}}
'''
CHANGED = TEMPLATE.replace('''outputs:''', '''  extra: {type: OS::Heat::None}
outputs:''')


class SnapshotTest(stack_ops.StackOpsTestCase):

    template = TEMPLATE

    def snapshot(self, name='first'):
        response = self.post('/snapshots', {'name': name}, expected=200)
        snap = response.json
        self.assertEqual((name, 'IN_PROGRESS'), (snap['name'],
                                                 snap['status']))
        self.wait('SNAPSHOT_COMPLETE')
        return self.show(snap['id'])

    def show(self, snapshot_id, expected=200):
        response = self.service.request(
            'GET', self.path + '/snapshots/' + snapshot_id)
        self.assertEqual(expected, response.status_int, response.body)
        return response.json.get('snapshot') if expected == 200 else \
            response.json

    def test_snapshot_list_show_and_delete(self):
        snap = self.snapshot()
        self.assertEqual(('COMPLETE', 'Stack SNAPSHOT completed '
                          'successfully'), (snap['status'],
                                            snap['status_reason']))
        data = snap['data']
        self.assertEqual(('SNAPSHOT', 'COMPLETE'), (data['action'],
                                                    data['status']))
        self.assertEqual('one', data['resources']['thing'][
            'resource_data']['value'])
        self.assertIn('creation_time', snap)
        self.assertIn(('thing', 'SNAPSHOT_COMPLETE'), self.events())
        listed = self.service.request('GET', self.path + '/snapshots').json
        self.assertEqual([snap['id']], [s['id'] for s in
                                        listed['snapshots']])
        response = self.service.request(
            'DELETE', self.path + '/snapshots/' + snap['id'])
        self.assertEqual(204, response.status_int, response.body)
        self.show(snap['id'], expected=404)
        listed = self.service.request('GET', self.path + '/snapshots').json
        self.assertEqual([], listed['snapshots'])

    def test_plugin_snapshot_data_is_kept(self):
        with mock.patch.object(test_resource.TestResource, 'handle_snapshot',
                               create=True, return_value={'backup': 'b1'}):
            snap = self.snapshot()
        self.assertEqual('b1', snap['data']['resources']['thing'][
            'resource_data']['backup'])

    def test_restore_goes_back_to_the_snapshot(self):
        snap = self.snapshot()
        self.post('', {'template': CHANGED, 'parameters': {'word': 'two'}},
                  method='PUT')
        self.wait('UPDATE_COMPLETE')
        self.assertEqual({'thing', 'extra'}, set(self.rows()))
        thing_id = self.rows()['thing'].id
        self.post('/snapshots/%s/restore' % snap['id'], None)
        stack = self.wait('RESTORE_COMPLETE')
        self.assertEqual('Stack RESTORE completed successfully',
                         stack['stack_status_reason'])
        self.assertEqual({'thing'}, set(self.rows()))
        self.assertEqual(thing_id, self.rows()['thing'].id)
        self.assertEqual('one', stack['outputs'][0]['output_value'])

    def test_errors(self):
        self.show('nope', expected=404)
        response = self.service.request(
            'DELETE', self.path + '/snapshots/nope')
        self.assertEqual(404, response.status_int)
        self.post('/snapshots/nope/restore', None, expected=404)
        self.post('/snapshots', {'name': 5}, expected=400)
        response = self.service.request(
            'GET', '/v1/demo/stacks/ops/%s/snapshots' % ('0' * 32))
        self.assertEqual(404, response.status_int)
        # Busy: a second snapshot while the first runs (held until the
        # second is answered, however slow the machine).
        release = threading.Event()
        self.addCleanup(release.set)
        with mock.patch.object(test_resource.TestResource, 'handle_snapshot',
                               create=True,
                               side_effect=lambda: release.wait(60)):
            self.post('/snapshots', {}, expected=200)
            self.post('/snapshots', {}, expected=409)
            release.set()
            self.wait('SNAPSHOT_COMPLETE')

    def test_a_snapshot_of_another_stack_is_404(self):
        snap = self.snapshot()
        other = self.create('other', TEMPLATE)
        response = self.service.request(
            'GET', '/v1/demo/stacks/other/%s/snapshots/%s' % (other,
                                                              snap['id']))
        self.assertEqual(404, response.status_int)
        self.assertIn('Snapshot', response.json['error']['message'])
