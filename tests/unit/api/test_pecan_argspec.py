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
