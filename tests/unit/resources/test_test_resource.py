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

"""OS::Heat::TestResource."""

import time
from unittest import mock

from heat_vision.common import exception
from heat_vision.resources.heat import test_resource
from tests import base
from tests.unit.resources import utils

TestResource = test_resource.TestResource


class TestResourceTest(base.TestCase):

    def test_create_stores_the_value(self):
        rsrc = utils.make(TestResource, props={'value': 'hello'})
        utils.run(rsrc)
        self.assertEqual('hello', rsrc.get_attribute('output'))
        self.assertEqual('teststack-rsrc-abcdefghijkl', rsrc.resource_id)
        self.assertEqual(rsrc.resource_id, rsrc.get_reference_id())

    def test_default_value(self):
        rsrc = utils.make(TestResource)
        utils.run(rsrc)
        self.assertEqual('test_string', rsrc.get_attribute('output'))

    def test_fail_raises_naming_the_resource(self):
        rsrc = utils.make(TestResource, props={'fail': True})
        error = self.assertRaises(ValueError, utils.run, rsrc)
        self.assertEqual('Test Resource failed rsrc', str(error))
        self.assertIsNone(rsrc.resource_id)

    def test_wait_is_not_blocking(self):
        # A create that waits a minute: the handle and its first check
        # return long before that, however busy the machine; the check
        # says done once the clock passed the create's own wait (not
        # the longer default one).
        rsrc = utils.make(TestResource, props={
            'wait_secs': 600, 'action_wait_secs': {'create': 60}})
        before = time.monotonic()
        token = rsrc.handle_create()
        self.assertFalse(rsrc.check_create_complete(token))
        self.assertLess(time.monotonic() - before, 30)
        self.assertIn('create_started_at', rsrc.data)
        later = rsrc.data['create_started_at'] + 61
        with mock.patch.object(time, 'time', return_value=later):
            self.assertTrue(rsrc.check_create_complete(token))

    def test_wait_secs_is_the_default_of_every_action(self):
        rsrc = utils.make(TestResource, props={'wait_secs': 30})
        with mock.patch.object(time, 'time', return_value=1000.0):
            token = rsrc.handle_delete()
        with mock.patch.object(time, 'time', return_value=1029.0):
            self.assertFalse(rsrc.check_delete_complete(token))
        with mock.patch.object(time, 'time', return_value=1031.0):
            self.assertTrue(rsrc.check_delete_complete(token))

    def test_negative_wait_never_ends(self):
        rsrc = utils.make(TestResource, props={'wait_secs': -1})
        token = rsrc.handle_create()
        with mock.patch.object(time, 'time', return_value=1e12):
            self.assertFalse(rsrc.check_create_complete(token))

    def test_update_in_place(self):
        rsrc = utils.make(TestResource, props={'value': 'a'})
        utils.run(rsrc)
        new = dict(rsrc.properties, value='b')
        utils.run(rsrc, 'update', new, {'value': 'b'})
        self.assertEqual('b', rsrc.get_attribute('output'))

    def test_update_fail(self):
        rsrc = utils.make(TestResource)
        utils.run(rsrc)
        new = dict(rsrc.properties, value='b', fail=True)
        self.assertRaises(ValueError, utils.run, rsrc, 'update', new,
                          {'value': 'b', 'fail': True})
        self.assertEqual('test_string', rsrc.get_attribute('output'))

    def test_update_replace(self):
        rsrc = utils.make(TestResource)
        new = dict(rsrc.properties, update_replace=True)
        self.assertRaises(exception.UpdateReplace, rsrc.handle_update,
                          new, {'update_replace': True})

    def test_update_replace_value_is_not_updatable(self):
        schema = TestResource.properties_schema
        self.assertFalse(schema['update_replace_value'].update_allowed)
        self.assertTrue(schema['value'].update_allowed)

    def test_delete_never_fails(self):
        rsrc = utils.make(TestResource, props={'fail': True})
        utils.run(rsrc, 'delete')

    def test_attr_wait_secs(self):
        rsrc = utils.make(TestResource, props={'attr_wait_secs': 60})
        utils.run(rsrc)
        self.assertIsNone(rsrc.get_attribute('output'))
        later = rsrc.data['create_started_at'] + 61
        with mock.patch.object(time, 'time', return_value=later):
            self.assertEqual('test_string', rsrc.get_attribute('output'))

    def test_every_schema_entry_is_described(self):
        for schema in TestResource.properties_schema.values():
            self.assertTrue(schema.description)
        for schema in TestResource.attributes_schema.values():
            self.assertTrue(schema.description)
