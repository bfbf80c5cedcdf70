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

"""A create's arguments as the API passes them on, JSON nulls included."""

from heat_vision.common import exception
from heat_vision.engine import model
from tests import base


class CreateArgsTest(base.TestCase):

    def test_a_null_disable_rollback_is_the_default(self):
        # Stored as given, a null broke the NOT NULL column: a 500.
        self.assertNotIn('disable_rollback',
                         model.check_create_args({'disable_rollback': None}))

    def test_booleans_and_their_words(self):
        for given, expected in ((True, True), (False, False),
                                ('True', True), ('false', False)):
            self.assertEqual(expected, model.check_create_args(
                {'disable_rollback': given})['disable_rollback'])

    def test_anything_else_is_named(self):
        for given in (1, [True], {'a': 1}, 'yes'):
            error = self.assertRaises(exception.InvalidParameter,
                                      model.check_create_args,
                                      {'disable_rollback': given})
            self.assertIn('disable_rollback', str(error))
