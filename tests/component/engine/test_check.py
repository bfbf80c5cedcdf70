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

"""Stack check through the API."""

from unittest import mock

from heat_vision.resources.heat import test_resource
from tests.component.engine import stack_ops


class CheckTest(stack_ops.StackOpsTestCase):

    def test_check_completes(self):
        self.action('check')
        stack = self.wait('CHECK_COMPLETE')
        self.assertEqual('Stack CHECK completed successfully',
                         stack['stack_status_reason'])
        self.assertEqual({'CHECK_COMPLETE'}, set(self.states().values()))
        self.assertIn(('ops', 'CHECK_IN_PROGRESS'), self.events())
        self.assertIn(('top', 'CHECK_COMPLETE'), self.events())

    def test_a_failed_check_fails_the_stack_and_checks_the_rest(self):
        def check(resource):
            if resource.name == 'base':
                raise ValueError('gone missing')

        with mock.patch.object(test_resource.TestResource, 'handle_check',
                               autospec=True, side_effect=check):
            self.action('check')
            stack = self.wait('CHECK_FAILED')
        self.assertEqual(
            'Resource CHECK failed: ValueError: resources.base: gone '
            'missing', stack['stack_status_reason'])
        self.assertEqual({'base': 'CHECK_FAILED', 'middle': 'CHECK_COMPLETE',
                          'top': 'CHECK_COMPLETE'}, self.states())
        self.assertEqual('ValueError: gone missing',
                         self.rows()['base'].status_reason)
        # A later check that passes heals the stack.
        self.action('check')
        self.wait('CHECK_COMPLETE')


class ActionBodyTest(stack_ops.StackOpsTestCase):

    def test_bad_bodies_are_400(self):
        for body, message in (({}, 'No action specified'),
                              ({'suspend': None, 'resume': None},
                               'Multiple actions specified'),
                              ({'explode': None},
                               'Invalid action explode specified')):
            response = self.post('/actions', body, expected=400)
            self.assertIn(message, response.json['error']['message'])
        self.post('/actions', ['suspend'], expected=400)

    def test_get_is_405(self):
        response = self.service.request('GET', self.path + '/actions')
        self.assertEqual(405, response.status_int)
        self.assertEqual('POST', response.headers['Allow'])

    def test_cancel_when_not_updating_is_400(self):
        response = self.action('cancel_update', expected=400)
        self.assertIn('Cancelling update when stack is CREATE_COMPLETE',
                      response.json['error']['message'])
