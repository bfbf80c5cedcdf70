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

"""pecan's argument specs, remembered per controller function."""

import pecan.core
import pecan.util

from heat_vision.api.controllers.v1 import stacks
from heat_vision.api import pecan_argspec
from tests import base


class PecanArgspecTest(base.TestCase):

    def test_same_answer_as_pecan(self):
        controller = stacks.StacksController('demo')
        for method in (controller.index_get, controller.detail_get,
                       stacks.StackController('demo', 'n', 'i').index_get):
            self.assertEqual(pecan.util.getargspec(method),
                             pecan_argspec.getargspec(method))

    def test_computed_once_per_function(self):
        first = stacks.StacksController('demo').index_get
        second = stacks.StacksController('other').index_get
        self.assertIs(pecan_argspec.getargspec(first),
                      pecan_argspec.getargspec(second))

    def test_installed_by_the_app(self):
        from heat_vision.api import app
        app.setup_pecan_app()
        self.assertIs(pecan_argspec.getargspec, pecan.core.getargspec)
