"""A stack's batched writes on sqlite, MariaDB and PostgreSQL.

Resource rows and events are written with SQLAlchemy Core in batches:
the rows an update adds or replaces are inserted by the recorder's flush
(their ids read back by uuid), the changes of one flush are grouped by
their fields. A create, an update that updates in place, replaces, adds
and removes resources, and a delete go through the API on each backend.
"""

from heat_vision.common import context
from heat_vision.db import resources as db_resources
from tests import backends
from tests import base
from tests import fixtures as hv_fixtures

COUNT = 30


def _template(generation, names=range(COUNT)):
    resources = {}
    for i in names:
        resources['t%d' % i] = {'type': 'OS::Heat::TestResource',
                                'properties': {'value': 'v%d' % generation}}
        # OS::Heat::None takes any property and updates none in place:
        # a change replaces it.
        resources['n%d' % i] = {'type': 'OS::Heat::None',
                                'properties': {'g': generation}}
    return {'heat_template_version': '2021-04-16', 'resources': resources}


class _BatchedWrites:

    def database_url(self):
        return None

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir, database_url=self.database_url()))

    def wait(self, status):
        stack = self.service.wait_for_stack('demo', 'b', timeout=120)
        self.assertEqual(status, stack['stack_status'],
                         stack.get('stack_status_reason'))
        return stack

    def rows(self, stack_id):
        return db_resources.resource_get_all_by_stack(
            context.get_admin_context(), stack_id)

    def test_create_update_and_delete(self):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'b', 'template': _template(0)})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.wait('CREATE_COMPLETE')
        before = {row.name: row for row in self.rows(stack['id'])}
        self.assertEqual(2 * COUNT, len(before))
        # Five removed, five added, the others changed.
        path = '/v1/demo/stacks/b/%s' % stack['id']
        response = self.service.request('PUT', path, body={
            'template': _template(1, range(5, COUNT + 5))})
        self.assertEqual(202, response.status_int, response.body)
        self.wait('UPDATE_COMPLETE')
        after = {row.name: row for row in self.rows(stack['id'])}
        self.assertEqual({'%s%d' % (kind, i) for kind in 'tn'
                          for i in range(5, COUNT + 5)}, set(after))
        self.assertEqual(len(after), len({row.id for row in after.values()}))
        for i in range(5, COUNT + 5):
            test, none = after['t%d' % i], after['n%d' % i]
            if i < COUNT:
                self.assertEqual(before['t%d' % i].id, test.id)
                self.assertEqual(('UPDATE', 'COMPLETE'),
                                 (test.action, test.status))
                self.assertEqual(before['n%d' % i].id, none.replaces)
            else:
                self.assertEqual(('CREATE', 'COMPLETE'),
                                 (test.action, test.status))
                self.assertIsNone(none.replaces)
            self.assertEqual('v1', test.attr_data['value'])
            self.assertEqual(('CREATE', 'COMPLETE'),
                             (none.action, none.status))
            self.assertEqual({'g': 1}, none.properties_data)
        events = self.service.request(
            'GET', path + '/events?resource_action=UPDATE&limit=1000'
        ).json['events']
        self.assertEqual(2 * (COUNT - 5) + 2, len(events))
        self.assertEqual(204, self.service.request('DELETE',
                                                   path).status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'b', timeout=120).status_int)
        self.assertEqual({('DELETE', 'COMPLETE')},
                         {(row.action, row.status)
                          for row in self.rows(stack['id'])})


class SqliteTest(_BatchedWrites, base.TestCase):
    pass


class _Server(_BatchedWrites):

    BACKEND = None

    def database_url(self):
        backends.require(self, self.BACKEND)
        return self.useFixture(backends.TemporaryDatabase(self.BACKEND)).url


class MariaDBTest(_Server, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLTest(_Server, base.TestCase):
    BACKEND = 'postgresql'
