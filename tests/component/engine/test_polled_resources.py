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

"""Resources that complete after several polls, many at once.

With two action workers, 200 resources that each answer "not yet" a few
times are all in progress together: a waiting resource holds no thread.
That holds for create, update and delete alike; the events show it
without any clock (with a thread held per resource, no more than two
could be between IN_PROGRESS and COMPLETE at any point of the events).
"""

from tests import base
from tests import fixtures as hv_fixtures

COUNT = 200


def _template(polls, value='a'):
    return {'heat_template_version': '2021-04-16', 'resources': {
        'r%d' % i: {'type': 'HeatVision::Test::Polled',
                    'properties': {'polls': polls, 'value': value}}
        for i in range(COUNT)}}


class PolledResourcesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.flags(enable_test_resource_types=True, action_workers=2)
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def wait(self, name, status):
        stack = self.service.wait_for_stack('demo', name, timeout=120)
        self.assertEqual(status, stack['stack_status'],
                         stack.get('stack_status_reason'))
        return stack

    def most_in_progress(self, path, action):
        """The most resources under ``action`` at once, from the events."""
        events = self.service.request(
            'GET', path + '/events?resource_action=%s&limit=1000'
            % action).json['events']
        under_way, most = set(), 0
        for event in events:
            if event['resource_name'] == 'p':
                continue
            if event['resource_status'] == action + '_IN_PROGRESS':
                under_way.add(event['resource_name'])
            else:
                under_way.discard(event['resource_name'])
            most = max(most, len(under_way))
        self.assertEqual(set(), under_way)
        return most

    def test_create_update_and_delete_of_many_polled_resources(self):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'p', 'template': _template(3)})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.wait('p', 'CREATE_COMPLETE')
        path = '/v1/demo/stacks/p/%s' % stack['id']
        resources = self.service.request(
            'GET', path + '/resources').json['resources']
        self.assertEqual({'CREATE_COMPLETE'},
                         {r['resource_status'] for r in resources})
        self.assertEqual(COUNT, len(resources))
        self.assertGreater(self.most_in_progress(path, 'CREATE'), 20)
        response = self.service.request('PUT', path, body={
            'template': _template(3, 'b')})
        self.assertEqual(202, response.status_int, response.body)
        self.wait('p', 'UPDATE_COMPLETE')
        resources = self.service.request(
            'GET', path + '/resources').json['resources']
        self.assertEqual({'UPDATE_COMPLETE'},
                         {r['resource_status'] for r in resources})
        self.assertGreater(self.most_in_progress(path, 'UPDATE'), 20)
        self.assertEqual(204, self.service.request('DELETE',
                                                   path).status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'p', timeout=120).status_int)
