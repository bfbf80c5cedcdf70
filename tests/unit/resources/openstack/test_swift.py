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

"""OS::Swift::Container, AWS::S3::Bucket, OS::Heat::SwiftSignalHandle
and OS::Heat::SwiftSignal against a small in-memory Swift: headers
sent, purge on delete, temporary URLs, signals and their versions.
(The real Swift answers in tests/cloud/openstack/test_cloud_swift.py.)
"""

import hashlib
import hmac
import json
import time
from unittest import mock
from urllib import parse

from heat_vision.common import exception
from heat_vision.resources.openstack import swift_container
from heat_vision.resources.openstack import swift_signal
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources.openstack import swift_fakes
from tests.unit.resources import utils

ACCOUNT = swift_fakes.ACCOUNT


class SwiftTestCase(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.stack.context.project_name = 'demo'
        self.stack.context.user_name = 'alice'
        self.swift = self.stack.services['swift'] = swift_fakes.MemorySwift()

    def make(self, cls, props=None, name='r'):
        return utils.make(cls, name, props or {}, stack=self.stack)


class ContainerTest(SwiftTestCase):

    def test_create_sends_heats_headers(self):
        plugin = self.make(swift_container.SwiftContainer, {
            'name': 'web', 'X-Container-Read': '.r:*',
            'X-Container-Meta': {'Team': 'blue'},
            'X-Account-Meta': {'Owner': 'ops'}})
        utils.run(plugin)
        self.assertEqual('web', plugin.resource_id)
        self.assertEqual('web', plugin.get_reference_id())
        self.assertEqual({'X-Container-Read': '.r:*',
                          'X-Container-Meta-Team': 'blue'},
                         self.swift.containers['web']['headers'])
        self.assertEqual({'X-Account-Meta-Owner': 'ops'},
                         self.swift.account)

    def test_metadata_values_are_sent_as_text(self):
        plugin = self.make(swift_container.SwiftContainer, {
            'name': 'web', 'X-Container-Meta': {'size': 3}})
        utils.run(plugin)
        self.assertEqual({'X-Container-Meta-size': '3'},
                         self.swift.containers['web']['headers'])

    def test_attributes(self):
        plugin = self.make(swift_container.SwiftContainer, {'name': 'web'})
        utils.run(plugin)
        self.swift.put('web', 'index.html', b'hello')
        self.assertEqual('swift.example', plugin.get_attribute('DomainName'))
        self.assertEqual(ACCOUNT, plugin.get_attribute('RootURL'))
        self.assertEqual(ACCOUNT + '/web', plugin.get_attribute('WebsiteURL'))
        self.assertEqual(1, plugin.get_attribute('ObjectCount'))
        self.assertEqual(5, plugin.get_attribute('BytesUsed'))
        self.assertEqual('1', plugin.get_attribute(
            'HeadContainer', 'x-container-object-count'))

    def test_unnamed_takes_the_physical_name(self):
        plugin = self.make(swift_container.SwiftContainer, name='box')
        utils.run(plugin)
        self.assertEqual('teststack-box-abcdefghijkl', plugin.resource_id)

    def test_a_non_empty_container_is_kept_without_purge(self):
        plugin = self.make(swift_container.SwiftContainer, {'name': 'web'})
        utils.run(plugin)
        self.swift.put('web', 'a', b'1')
        error = self.assertRaises(exception.Invalid, utils.run, plugin,
                                  'delete')
        self.assertIn('PurgeOnDelete is False', str(error))
        self.assertIn('web', self.swift.containers)

    def test_purge_deletes_every_object_page_by_page(self):
        plugin = self.make(swift_container.SwiftContainer, {
            'name': 'web', 'PurgeOnDelete': True})
        utils.run(plugin)
        for number in range(250):
            self.swift.put('web', 'o%03d' % number, b'x')
        utils.run(plugin, 'delete')
        self.assertEqual({}, self.swift.containers)

    def test_delete_of_a_container_gone_is_done(self):
        plugin = self.make(swift_container.SwiftContainer, {'name': 'web'})
        utils.run(plugin)
        del self.swift.containers['web']
        utils.run(plugin, 'delete')

    def test_names_swift_refuses_are_refused_at_validation(self):
        for name in ('a/b', '', 'x' * 257):
            checked = properties.Properties(
                swift_container.SwiftContainer.properties_schema,
                {'name': name}, path=['resources', 'c', 'properties'])
            self.assertRaises(exception.StackValidationFailed,
                              checked.validate)

    def test_nothing_changes_in_place(self):
        schema = swift_container.SwiftContainer.properties_schema
        self.assertFalse(any(s.update_allowed for s in schema.values()))


class BucketTest(SwiftTestCase):

    def headers(self, props):
        plugin = self.make(swift_container.S3Bucket, props, name='bucket')
        utils.run(plugin)
        return self.swift.containers[plugin.resource_id]['headers']

    def test_private_is_the_owners(self):
        self.assertEqual({'X-Container-Read': 'demo:alice',
                          'X-Container-Write': 'demo:alice'},
                         self.headers({}))

    def test_acls_tags_and_website_as_heats(self):
        headers = self.headers({
            'AccessControl': 'PublicRead',
            'Tags': [{'Key': 'team', 'Value': 'blue'}],
            'WebsiteConfiguration': {'IndexDocument': 'index.html',
                                     'ErrorDocument': 'error.html'}})
        self.assertEqual({'X-Container-Read': '.r:*',
                          'X-Container-Write': 'demo:alice',
                          'X-Container-Meta-S3-Tag-team': 'blue',
                          'X-Container-Meta-Web-Index': 'index.html',
                          'X-Container-Meta-Web-Error': 'error.html'},
                         headers)

    def test_authenticated_read_is_the_project(self):
        self.assertEqual('demo', self.headers({
            'AccessControl': 'AuthenticatedRead'})['X-Container-Read'])

    def test_a_bucket_with_objects_is_not_deleted(self):
        plugin = self.make(swift_container.S3Bucket, name='bucket')
        utils.run(plugin)
        self.swift.put(plugin.resource_id, 'a', b'1')
        error = self.assertRaises(exception.Invalid, utils.run, plugin,
                                  'delete')
        self.assertIn('not empty', str(error))

    def test_url_attributes(self):
        plugin = self.make(swift_container.S3Bucket, name='bucket')
        utils.run(plugin)
        self.assertEqual('swift.example', plugin.get_attribute('DomainName'))
        self.assertEqual(ACCOUNT + '/' + plugin.resource_id,
                         plugin.get_attribute('WebsiteURL'))


class SignalTest(SwiftTestCase):

    def handle(self):
        plugin = self.make(swift_signal.SwiftSignalHandle, name='handle')
        utils.run(plugin)
        return plugin

    def signal(self, handle, count=1, timeout=60):
        return self.make(swift_signal.SwiftSignal, {
            'handle': handle.get_reference_id(), 'count': count,
            'timeout': timeout}, name='wait')

    def put(self, handle, body):
        self.swift.put(self.stack.id, handle.resource_id,
                       json.dumps(body).encode() if isinstance(body, dict)
                       else body)

    def test_handle_is_a_put_temp_url_of_a_versioned_object(self):
        handle = self.handle()
        container = self.swift.containers[self.stack.id]
        self.assertEqual({'X-Versions-Location': self.stack.id},
                         container['headers'])
        self.assertEqual({handle.resource_id: b'in progress'},
                         container['objects'])
        url = parse.urlsplit(handle.get_reference_id())
        path = '/v1/AUTH_demo/%s/%s' % (self.stack.id, handle.resource_id)
        self.assertEqual(path, url.path)
        query = dict(parse.parse_qsl(url.query))
        key = self.swift.account['X-Account-Meta-Temp-URL-Key']
        self.assertEqual(hmac.new(key.encode(), ('PUT\n%s\n%s' % (
            query['temp_url_expires'], path)).encode(),
            hashlib.sha256).hexdigest(), query['temp_url_sig'])
        self.assertEqual(handle.get_reference_id(),
                         handle.get_attribute('endpoint'))
        self.assertEqual("curl -i -X PUT '%s'" % handle.get_reference_id(),
                         handle.get_attribute('curl_cli'))
        self.assertEqual('', handle.get_attribute('token'))

    def test_an_existing_key_is_kept(self):
        self.swift.account['X-Account-Meta-Temp-URL-Key'] = 'mine'
        self.handle()
        self.assertEqual({'X-Account-Meta-Temp-URL-Key': 'mine'},
                         self.swift.account)

    def test_count_successes_with_versions_and_data(self):
        handle = self.handle()
        wait = self.signal(handle, count=2)
        wait.handle_create()
        self.assertFalse(wait.check_create_complete(None))
        self.put(handle, {'data': 'one'})
        self.assertFalse(wait.check_create_complete(None))
        self.put(handle, b'')
        self.assertTrue(wait.check_create_complete(None))
        self.assertEqual({'1': 'one', '2': None},
                         json.loads(wait.get_attribute('data')))

    def test_a_signal_of_the_same_id_replaces_the_earlier(self):
        handle = self.handle()
        wait = self.signal(handle, count=2)
        wait.handle_create()
        self.put(handle, {'id': 'a', 'data': 1})
        self.put(handle, {'id': 'a', 'data': 2})
        self.assertFalse(wait.check_create_complete(None))
        self.assertEqual({'a': 2}, json.loads(wait.get_attribute('data')))

    def test_a_check_taken_over_before_the_create_was_kept(self):
        handle = self.handle()
        wait = self.signal(handle)
        self.put(handle, {})
        self.assertTrue(wait.check_create_complete(None))

    def test_a_failure_fails_with_its_reason(self):
        handle = self.handle()
        wait = self.signal(handle)
        wait.handle_create()
        self.put(handle, {'status': 'FAILURE', 'reason': 'disk full'})
        self.put(handle, {'status': 'FAILURE', 'reason': 28})
        error = self.assertRaises(swift_signal.SwiftSignalFailure,
                                  wait.check_create_complete, None)
        self.assertEqual('disk full;28', str(error))

    def test_bad_json_and_unknown_status_fail(self):
        handle = self.handle()
        wait = self.signal(handle)
        wait.handle_create()
        self.put(handle, b'not json')
        self.assertRaises(swift_signal.SwiftSignalFailure,
                          wait.check_create_complete, None)
        self.put(handle, {'status': 'MAYBE'})
        error = self.assertRaises(swift_signal.SwiftSignalFailure,
                                  wait.check_create_complete, None)
        self.assertIn('not json', str(error))

    def test_timeout_names_what_came(self):
        handle = self.handle()
        wait = self.signal(handle, count=2, timeout=5)
        wait.handle_create()
        self.put(handle, {'reason': 'half'})
        with mock.patch.object(swift_signal.time, 'time',
                               return_value=time.time() + 6):
            error = self.assertRaises(swift_signal.SwiftSignalTimeout,
                                      wait.check_create_complete, None)
        self.assertEqual('1 of 2 received - half', str(error))

    def test_a_big_signal_fails(self):
        handle = self.handle()
        wait = self.signal(handle)
        wait.handle_create()
        self.put(handle, b'x' * 20000)
        error = self.assertRaises(swift_signal.SwiftSignalFailure,
                                  wait.check_create_complete, None)
        self.assertIn('max_signal_size', str(error))

    def test_a_handle_url_of_another_stack_or_project_is_refused(self):
        handle = self.handle()
        url = handle.get_reference_id()
        for bad in (url.replace(self.stack.id, 'other'),
                    url.replace('AUTH_demo', 'AUTH_else'),
                    'http://swift.example/v1/AUTH_demo/%s' % self.stack.id,
                    'http://elsewhere/anything'):
            wait = self.make(swift_signal.SwiftSignal, {
                'handle': bad, 'timeout': 10}, name='wait')
            error = self.assertRaises(ValueError, wait.handle_create)
            self.assertIn('is not a valid SwiftSignalHandle', str(error))

    def test_handle_delete_removes_versions_and_the_container(self):
        handle = self.handle()
        for number in range(30):
            self.put(handle, {'data': number})
        utils.run(handle, 'delete')
        self.assertEqual({}, self.swift.containers)

    def test_handle_delete_keeps_the_container_of_another_handle(self):
        handle = self.handle()
        other = self.make(swift_signal.SwiftSignalHandle, name='other')
        utils.run(other)
        utils.run(handle, 'delete')
        self.assertEqual([other.resource_id], list(
            self.swift.containers[self.stack.id]['objects']))

    def test_schema_ranges(self):
        for props in ({'handle': 'u', 'timeout': 0},
                      {'handle': 'u', 'timeout': 43201},
                      {'handle': 'u', 'timeout': 5, 'count': 1001}):
            checked = properties.Properties(
                swift_signal.SwiftSignal.properties_schema, props,
                path=['resources', 'wait', 'properties'])
            self.assertRaises(exception.StackValidationFailed,
                              checked.validate)
