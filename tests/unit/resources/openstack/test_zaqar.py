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

"""OS::Zaqar::Queue, SignedQueueURL and Subscription against a scripted
Zaqar: the requests sent, in-place updates, names, attributes."""

from urllib import parse

from heat_vision.clients import constraints
from heat_vision.common import exception
from heat_vision.resources.openstack import zaqar_base
from heat_vision.resources.openstack import zaqar_queue
from heat_vision.resources.openstack import zaqar_subscription
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils

ENDPOINT = 'http://zaqar.example:8888/v2/'


class ZaqarTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.stack = fakes.CloudStack()
        self.zaqar = self.stack.client('zaqar')
        self.zaqar.get_endpoint = lambda: ENDPOINT

    def make(self, cls, props, name='r'):
        return utils.make(cls, name, props, stack=self.stack)

    def test_queue_is_put_with_its_metadata_and_named_by_it(self):
        plugin = self.make(zaqar_queue.Queue, {
            'name': 'jobs', 'metadata': {'team': 'blue'}})
        utils.run(plugin)
        self.assertEqual([('PUT', '/queues/jobs', {'team': 'blue'}, None)],
                         self.zaqar.calls)
        self.assertEqual('jobs', plugin.resource_id)
        self.assertEqual('jobs', plugin.get_reference_id())
        self.assertEqual('jobs', plugin.get_attribute('queue_id'))
        self.assertEqual('http://zaqar.example:8888/v2/queues/jobs',
                         plugin.get_attribute('href'))

    def test_queue_without_a_name_takes_heats_reduced_physical_name(self):
        self.stack.name = 's' * 80
        plugin = self.make(zaqar_queue.Queue, {}, name='queue')
        plugin.handle_create()
        name = plugin.resource_id
        self.assertEqual(64, len(name))
        self.assertEqual('ss-', name[:3])
        self.assertTrue(name.endswith('-queue-abcdefghijkl'), name)
        self.assertEqual(('PUT', '/queues/' + name, {}, None),
                         self.zaqar.calls[0])

    def test_every_request_carries_a_client_id(self):
        seen = []
        api = self.zaqar.api

        def recording(method, path, headers=None, **kwargs):
            seen.append(headers)
            return api(method, path, **kwargs)
        self.zaqar.api = recording
        self.make(zaqar_queue.Queue, {'name': 'q'}).handle_create()
        self.assertEqual([{'Client-ID': zaqar_base.CLIENT_ID}], seen)

    def test_metadata_changes_by_json_patch(self):
        plugin = self.make(zaqar_queue.Queue, {
            'name': 'q', 'metadata': {'a': 1, 'b': 2}})
        plugin.handle_create()
        seen = []
        api = self.zaqar.api

        def recording(method, path, headers=None, **kwargs):
            seen.append(headers)
            return api(method, path, **kwargs)
        self.zaqar.api = recording
        plugin = fakes.rebuilt(plugin, {'name': 'q',
                                        'metadata': {'b': 3, 'c': 4}})
        plugin.handle_update(plugin.properties,
                             {'metadata': {'b': 3, 'c': 4}})
        [patch] = self.zaqar.sent('PATCH', '/queues/q')
        self.assertEqual([
            {'op': 'remove', 'path': '/metadata/a'},
            {'op': 'replace', 'path': '/metadata/b', 'value': 3},
            {'op': 'add', 'path': '/metadata/c', 'value': 4}], patch[2])
        self.assertEqual(zaqar_base.JSON_PATCH, seen[0]['Content-Type'])
        self.assertEqual({'b': 3, 'c': 4}, plugin.data['metadata'])

    def test_queue_delete_ignores_a_queue_already_gone(self):
        plugin = self.make(zaqar_queue.Queue, {'name': 'q'})
        plugin.handle_create()
        self.zaqar.answers[('DELETE', '/queues/q')] = \
            exception.ServiceObjectNotFound(service='Zaqar', status=404,
                                            reason='gone')
        utils.run(plugin, 'delete')
        self.assertEqual(1, len(self.zaqar.sent('DELETE', '/queues/q')))

    def test_check_reads_the_queue_list_page_by_page(self):
        plugin = self.make(zaqar_queue.Queue, {'name': 'q25',
                                               'metadata': {'a': 1}})
        plugin.handle_create()
        self.zaqar.objects['/queues/q25'] = {'a': 1, '_max_claim_count': 0}
        pages = [{'queues': [{'name': 'q%02d' % i} for i in range(20)]},
                 {'queues': [{'name': 'q%02d' % i}
                             for i in range(20, 26)]}]
        api = self.zaqar.api

        def listing(method, path, headers=None, params=None, **kwargs):
            if path == '/queues':
                return pages[1 if params.get('marker') else 0]
            return api(method, path, params=params, **kwargs)
        self.zaqar.api = listing
        plugin.handle_check()
        self.assertFalse(plugin.queue_exists('q30'))
        self.zaqar.objects['/queues/q25'] = {'a': 2}
        self.assertRaises(exception.ResourceDrifted, plugin.handle_check)

    def test_signed_url_attributes_and_query_string(self):
        self.zaqar.answers[('POST', '/queues/jobs/share')] = {
            'signature': 'sig', 'expires': '2030-01-01T00:00:00',
            'paths': ['/v2/queues/jobs/messages'],
            'methods': ['GET', 'POST'], 'project': 'p1'}
        plugin = self.make(zaqar_queue.SignedQueueURL, {
            'queue': 'jobs', 'methods': ['GET', 'POST'], 'ttl': 60})
        utils.run(plugin)
        [(_m, _p, body, _q)] = self.zaqar.sent('POST')
        self.assertEqual(['GET', 'POST'], body['methods'])
        self.assertNotIn('paths', body)
        self.assertRegex(body['expires'],
                         r'^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$')
        self.assertEqual(['GET', 'POST'], plugin.get_attribute('methods'))
        self.assertEqual('p1', plugin.get_attribute('project'))
        self.assertEqual(('sig', 'p1'), (
            plugin.get_attribute('show')['signature'],
            plugin.get_attribute('show')['project']))
        self.assertEqual({
            'signature': ['sig'], 'expires': ['2030-01-01T00:00:00'],
            'paths': ['/v2/queues/jobs/messages'], 'methods': ['GET,POST'],
            'project_id': ['p1'], 'queue_name': ['jobs']},
            parse.parse_qs(plugin.get_attribute('query_str')))
        utils.run(plugin, 'delete')
        self.assertEqual([], self.zaqar.sent('DELETE'))

    def test_signed_url_methods_are_heats(self):
        self.assertRaises(exception.StackValidationFailed, self.make,
                          zaqar_queue.SignedQueueURL,
                          {'queue': 'q', 'methods': ['HEAD']})

    def test_subscription_create_update_delete(self):
        self.zaqar.answers[('POST', '/queues/q/subscriptions')] = {
            'subscription_id': 'sub1'}
        plugin = self.make(zaqar_subscription.Subscription, {
            'queue_name': 'q', 'subscriber': 'http://hook'})
        utils.run(plugin)
        [(_m, _p, body, _q)] = self.zaqar.sent('POST')
        self.assertEqual({'subscriber': 'http://hook',
                          'ttl': zaqar_subscription.FOREVER,
                          'options': {}}, body)
        self.assertEqual('sub1', plugin.resource_id)
        new = {'queue_name': 'q', 'subscriber': 'mailto:a@b.example',
               'ttl': 120}
        plugin = fakes.rebuilt(plugin, new)
        plugin.handle_update(plugin.properties, {
            'subscriber': 'mailto:a@b.example', 'ttl': 120})
        [(_m, path, body, _q)] = self.zaqar.sent('PATCH')
        self.assertEqual('/queues/q/subscriptions/sub1', path)
        self.assertEqual(('mailto:a@b.example', 120),
                         (body['subscriber'], body['ttl']))
        utils.run(plugin, 'delete')
        self.assertEqual(['/queues/q/subscriptions/sub1'],
                         [c[1] for c in self.zaqar.sent('DELETE')])

    def test_subscriber_type_and_ttl_are_checked(self):
        cls = zaqar_subscription.Subscription
        checked = properties.Properties(cls.properties_schema, {
            'queue_name': 'q', 'subscriber': 'ftp://x'}, path=['p'])
        error = self.assertRaises(
            exception.StackValidationFailed, cls.validate_properties,
            checked.resolved(), ['p'])
        self.assertIn('p.subscriber', str(error))
        self.assertIn('trust+https', str(error))
        self.assertRaises(exception.StackValidationFailed, self.make, cls,
                          {'queue_name': 'q', 'subscriber': 'http://h',
                           'ttl': 59})


class QueueNameConstraintTest(base.TestCase):

    def test_zaqars_naming_rule(self):
        check = constraints.ZaqarQueueConstraint()
        for good in ('jobs', 'a.b-c_d', 'x' * 64):
            self.assertTrue(check.validate(good), good)
        for bad, why in (('', 'non-empty'), ('x' * 65, 'at most 64'),
                         ('a b', 'ASCII letters'), ('ü', 'ASCII letters')):
            self.assertFalse(check.validate(bad), bad)
            self.assertIn(why, check.error_message)
