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

"""What ``Properties.validate`` checked, a plugin's check reads again."""

from unittest import mock

from heat_vision.template import constraints
from heat_vision.template import properties
from tests import base


class _Counting:
    """A custom constraint plugin that counts the values it checks."""

    def __init__(self):
        self.checked = []

    def validate(self, value, context):
        self.checked.append(value)
        return True


class ValidatedValuesTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.plugin = _Counting()
        patcher = mock.patch.object(constraints.plugins, 'get_constraint',
                                    return_value=self.plugin)
        patcher.start()
        self.addCleanup(patcher.stop)
        self.schema = {
            'flavor': constraints.Schema(
                constraints.Schema.STRING,
                constraints=[constraints.CustomConstraint('nova.flavor')]),
            'count': constraints.Schema(constraints.Schema.INTEGER,
                                        default=1),
        }

    def test_without_a_resolver_a_value_is_checked_once(self):
        props = properties.Properties(self.schema, {'flavor': 'm1.small',
                                                    'count': '3'})
        props.validate()
        self.assertEqual(['m1.small'], self.plugin.checked)
        # The values validate typed and defaulted, not checked again (a
        # custom constraint may ask a cloud).
        self.assertEqual(('m1.small', 3), (props['flavor'], props['count']))
        self.assertEqual(['m1.small'], self.plugin.checked)

    def test_with_a_resolver_each_read_checks(self):
        # A resolver's values change as the stack runs (get_attr).
        props = properties.Properties(self.schema, {'flavor': 'm1.small'},
                                      resolver=object())
        props.validate()
        self.assertEqual('m1.small', props['flavor'])
        self.assertEqual(['m1.small', 'm1.small'], self.plugin.checked)

    def test_a_read_before_validate_checks(self):
        props = properties.Properties(self.schema, {'flavor': 'm1.tiny'})
        self.assertEqual(1, props['count'])
        self.assertEqual('m1.tiny', props['flavor'])
        self.assertEqual(['m1.tiny'], self.plugin.checked)
