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

"""A handle takes signals from the moment its token and URL can be read.

The handle's create is held under way (its check answers False until
released): the stack's outputs already show its token and endpoint, so
a signaller may use them, and must not be refused.
"""

import json

from tests.component.api import test_signal
from tests import fixtures as hv_fixtures


class SignalWhileCreatingTest(test_signal.SignalTestBase):

    def setUp(self):
        super().setUp()
        self.release = self.useFixture(
            hv_fixtures.HeldHandleCreates()).release

    def handle_state(self, stack_id):
        return hv_fixtures.resource_state(stack_id, 'handle')

    def test_signals_sent_before_the_handle_completes_count(self):
        stack_id = self.create('early', test_signal.HOT)
        outputs = self.outputs('early', stack_id)
        self.assertEqual('CREATE_IN_PROGRESS', self.handle_state(stack_id))
        for number in (1, 2):
            response = self.signal(outputs['endpoint'], outputs['token'],
                                   {'id': str(number), 'data': number})
            self.assertEqual(200, response.status_int, response.body)
        self.release.set()
        stack = self.service.wait_for_stack('demo', 'early')
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        # The create's final write kept both signals.
        outputs = self.outputs('early', stack_id)
        self.assertEqual({'1': 1, '2': 2}, json.loads(outputs['data']))
