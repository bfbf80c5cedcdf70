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

"""OS::Heat::Delay."""

import time
from unittest import mock

from heat_vision.common import exception
from heat_vision.resources.heat import delay
from tests import base
from tests.unit.resources import utils


class DelayTest(base.TestCase):

    def test_create_waits_min_wait_without_blocking(self):
        # A minute's wait: the handle and its first check return long
        # before that, however busy the machine; the check says done
        # once the clock reached the wait's end.
        rsrc = utils.make(delay.Delay, props={'min_wait': 60})
        started = time.monotonic()
        token = rsrc.handle_create()
        self.assertFalse(rsrc.check_create_complete(token))
        self.assertLess(time.monotonic() - started, 30)
        self.assertIn('create_wait_ends', rsrc.data)
        ends = rsrc.data['create_wait_ends']
        self.assertGreaterEqual(ends, time.time() + 30)
        with mock.patch.object(time, 'time', return_value=ends):
            self.assertTrue(rsrc.check_create_complete(token))

    def test_only_the_chosen_actions_wait(self):
        rsrc = utils.make(delay.Delay, props={'min_wait': 100})
        self.assertTrue(rsrc.check_delete_complete(rsrc.handle_delete()))
        rsrc = utils.make(delay.Delay,
                          props={'min_wait': 100, 'actions': ['DELETE']})
        self.assertTrue(rsrc.check_create_complete(rsrc.handle_create()))
        self.assertFalse(rsrc.check_delete_complete(rsrc.handle_delete()))

    def test_jitter(self):
        props = {'min_wait': 1, 'max_jitter': 2, 'jitter_multiplier': 3,
                 'actions': ['CREATE']}
        with mock.patch('random.uniform', return_value=4.5) as uniform:
            self.assertEqual(5.5, delay.wait_time(props))
        uniform.assert_called_once_with(0, 6)

    def test_update_uses_the_new_properties(self):
        rsrc = utils.make(delay.Delay)
        utils.run(rsrc)
        new = dict(rsrc.properties, min_wait=100, actions=['UPDATE'])
        token = rsrc.handle_update(new, {'min_wait': 100})
        self.assertFalse(rsrc.check_update_complete(token))

    def test_unknown_action_refused(self):
        self.assertRaises(exception.StackValidationFailed, utils.make,
                          delay.Delay, props={'actions': ['REBOOT']})
