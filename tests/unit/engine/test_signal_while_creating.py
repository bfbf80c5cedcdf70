"""A handle takes signals from the moment its token and URL can be read.

The handle's create is held under way (its check answers False until
released): the stack's outputs already show its token and endpoint, so
a signaller may use them, and must not be refused.
"""

import json
import threading

from heat_vision.common import context
from heat_vision.db import resource_data
from heat_vision.resources.heat import wait_condition_handle as wch
from tests.unit.api import test_signal


class SignalWhileCreatingTest(test_signal.SignalTestBase):

    def setUp(self):
        super().setUp()
        self.release = threading.Event()
        self.addCleanup(self.release.set)
        self.patch(wch.WaitConditionHandle, 'check_create_complete',
                   lambda plugin, token: self.release.is_set())

    def handle_state(self, stack_id):
        row = resource_data.resource_get_by_name(
            context.get_admin_context(), stack_id, 'handle')
        return '%s_%s' % (row.action, row.status)

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
