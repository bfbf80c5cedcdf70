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

"""Stack suspend and resume through the API: order, states, errors."""

from unittest import mock

from heat_vision.resources.heat import test_resource
from tests.component.engine import stack_ops


class SuspendResumeTest(stack_ops.StackOpsTestCase):

    def test_suspend_then_resume(self):
        self.action('suspend')
        stack = self.wait('SUSPEND_COMPLETE')
        self.assertEqual('Stack SUSPEND completed successfully',
                         stack['stack_status_reason'])
        self.assertEqual({'base': 'SUSPEND_COMPLETE',
                          'middle': 'SUSPEND_COMPLETE',
                          'top': 'SUSPEND_COMPLETE'}, self.states())
        # Dependents first.
        started = [name for name, state in self.events()
                   if state == 'SUSPEND_IN_PROGRESS']
        self.assertEqual(['ops', 'top', 'middle', 'base'], started)

        self.action('resume')
        stack = self.wait('RESUME_COMPLETE')
        self.assertEqual({'RESUME_COMPLETE'}, set(self.states().values()))
        started = [name for name, state in self.events()
                   if state == 'RESUME_IN_PROGRESS']
        self.assertEqual(['ops', 'base', 'middle', 'top'], started)
        self.assertEqual('two', stack['outputs'][0]['output_value'])

    def test_suspend_runs_the_plugin_handlers(self):
        calls = []
        with mock.patch.object(test_resource.TestResource, 'handle_suspend',
                               autospec=True,
                               side_effect=lambda r: calls.append(r.name)):
            self.action('suspend')
            self.wait('SUSPEND_COMPLETE')
        self.assertEqual(['middle', 'base'], calls)

    def test_failed_suspend_fails_the_stack(self):
        with mock.patch.object(test_resource.TestResource, 'handle_suspend',
                               side_effect=ValueError('frozen')):
            self.action('suspend')
            stack = self.wait('SUSPEND_FAILED')
        self.assertIn('resources.middle: frozen',
                      stack['stack_status_reason'])
        self.assertEqual('SUSPEND_FAILED', self.states()['middle'])
        self.assertEqual('CREATE_COMPLETE', self.states()['base'])

    def test_resume_of_a_stack_never_suspended_fails(self):
        self.action('resume')
        stack = self.wait('RESUME_FAILED')
        self.assertIn('invalid for resume', stack['stack_status_reason'])

    def test_suspend_of_a_suspended_stack_does_nothing(self):
        self.action('suspend')
        self.wait('SUSPEND_COMPLETE')
        count = len(self.events())
        self.action('suspend')
        self.wait('SUSPEND_COMPLETE')
        self.assertEqual(count, len(self.events()))

    def test_busy_stack_answers_409(self):
        slow = self.template.replace(
            '{value: one}', '{value: one, action_wait_secs: {update: 2}}')
        slow = slow.replace('value: one', 'value: changed')
        self.post('', {'template': slow}, method='PUT')
        response = self.action('suspend', expected=409)
        self.assertIn('UPDATE', response.json['error']['message'])
        self.wait('UPDATE_COMPLETE')

    def test_unknown_stack_is_404(self):
        response = self.service.request(
            'POST', '/v1/demo/stacks/ops/%s/actions' % ('0' * 32),
            body={'suspend': None})
        self.assertEqual(404, response.status_int)
