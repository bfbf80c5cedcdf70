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

from heat_vision.common import exception
from heat_vision.resources.heat import none
from heat_vision.resources import registry
from heat_vision.resources.testing import ledger
from tests import base


class RegistryTest(base.TestCase):

    def setUp(self):
        super().setUp()
        # A registry that has loaded nothing yet.
        self.patch(registry, '_NAMES', {})
        self.patch(registry, '_CLASSES', {})

    def test_names_are_listed_without_loading_a_plugin(self):
        names = registry.type_names()
        self.assertIn('OS::Nova::Server', names)
        self.assertIn('OS::Heat::None', names)
        self.assertEqual(sorted(names), names)
        self.assertEqual({}, registry._CLASSES)

    def test_a_class_is_loaded_on_its_first_use_alone(self):
        self.assertIs(none.NoneResource, registry.get_class('OS::Heat::None'))
        self.assertEqual([(registry.NAMESPACE, 'OS::Heat::None')],
                         list(registry._CLASSES))
        self.assertIs(none.NoneResource, registry.get_class('OS::Heat::None'))

    def test_an_unknown_type_names_the_path(self):
        exc = self.assertRaises(exception.ResourceTypeNotFound,
                                registry.get_class, 'OS::No::Such',
                                path=['resources', 'r', 'type'])
        self.assertIn('resources.r.type', str(exc))

    def test_an_unhashable_type_is_unknown(self):
        self.assertRaises(exception.ResourceTypeNotFound,
                          registry.get_class, ['OS::Heat::None'])

    def test_test_types_only_when_enabled(self):
        self.assertNotIn('HeatVision::Test::Ledger', registry.type_names())
        self.assertRaises(exception.ResourceTypeNotFound,
                          registry.get_class, 'HeatVision::Test::Ledger')
        self.flags(enable_test_resource_types=True)
        self.assertIn('HeatVision::Test::Ledger', registry.type_names())
        self.assertIs(ledger.Ledger,
                      registry.get_class('HeatVision::Test::Ledger'))
