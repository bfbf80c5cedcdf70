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

"""The OpenStack resource types show Heat 27's schemas.

``heat27_schemas.json`` was recorded from openstack-heat 27.0.1's own
``resource_schema`` by ``dump_heat27.py`` (names, types, required,
update_allowed, immutable, nested schemas, attribute names). Each type
heat-vision registers from that list must show the same through
``resource type show`` so that Heat's templates run unchanged.
"""

import json
import os

from heat_vision.engine.formatters import types as formatters_types
from heat_vision.resources import registry
from tests import base

HERE = os.path.dirname(os.path.abspath(__file__))
with open(os.path.join(HERE, 'heat27_schemas.json')) as f:
    HEAT27 = json.load(f)
FLAGS = ('type', 'required', 'update_allowed', 'immutable')


def _reduced(prop):
    out = {key: prop[key] for key in FLAGS}
    if prop.get('schema'):
        out['schema'] = {k: _reduced(v) for k, v in prop['schema'].items()}
    return out


class SchemasMatchHeatTest(base.TestCase):

    def shown(self, type_name):
        return formatters_types.format_schema(
            type_name, registry.get_class(type_name))

    def test_the_registered_types_are_heats(self):
        ours = {t for t in registry.type_names()
                if t.split('::')[1] in ('Nova', 'Neutron', 'Cinder',
                                        'Glance', 'Keystone', 'Zaqar',
                                        'Octavia', 'Swift', 'S3')}
        self.assertGreaterEqual(len(ours), 13)
        self.assertEqual(set(), ours - set(HEAT27))

    def test_properties_and_attributes_match(self):
        for type_name, heat in sorted(HEAT27.items()):
            if type_name not in registry.type_names():
                continue
            with self.subTest(type=type_name):
                shown = self.shown(type_name)
                self.assertEqual(
                    heat['properties'],
                    {k: _reduced(v) for k, v in
                     shown['properties'].items()})
                self.assertEqual(sorted(heat['attributes']),
                                 sorted(shown['attributes']))

    def test_every_entry_is_described(self):
        for type_name in HEAT27:
            if type_name not in registry.type_names():
                continue
            shown = self.shown(type_name)
            for name, prop in shown['properties'].items():
                self.assertTrue(prop.get('description'),
                                '%s.%s' % (type_name, name))
            for name, attr in shown['attributes'].items():
                self.assertTrue(attr.get('description'),
                                '%s: %s' % (type_name, name))
