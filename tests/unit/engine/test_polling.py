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

"""The waits between the polls of a resource's ``check_*_complete``."""

import itertools

from heat_vision.engine.actions import common
from heat_vision.resources.heat import none
from heat_vision.resources.openstack import nova_server
from tests import base


def delays(plugin, polls):
    """The waits ``polling`` asks for before the ``polls``-th check."""
    answers = itertools.chain([False] * (polls - 1), [True])
    return list(common.polling(lambda: next(answers), None, plugin))


class PollingTest(base.TestCase):

    def test_local_work_is_polled_from_a_millisecond(self):
        self.assertEqual(list(common.POLL_DELAYS) + [1.0, 1.0],
                         delays(None, 9))
        self.assertEqual(list(common.POLL_DELAYS[:3]),
                         delays(none.NoneResource, 4))

    def test_a_service_object_is_polled_at_most_once_a_second(self):
        # As Heat's TaskRunner: a server's first poll after a quarter of
        # a second, and never twice within a second after the third.
        self.assertEqual([0.25, 0.5, 1.0, 1.0, 1.0],
                         delays(nova_server.Server, 6))

    def test_a_check_done_at_once_waits_for_nothing(self):
        self.assertEqual([], delays(nova_server.Server, 1))

    def test_a_deadline_passed_ends_the_polls(self):
        polls = common.polling(lambda: False, 0, nova_server.Server)
        self.assertRaises(TimeoutError, next, polls)
