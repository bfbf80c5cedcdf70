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

"""A stack's batched writes on sqlite, MariaDB and PostgreSQL.

Resource rows and events are written with SQLAlchemy Core in batches:
the rows an update adds or replaces are inserted by the recorder's flush
(their ids read back by uuid), the changes of one flush are grouped by
their fields. A create, an update that updates in place, replaces, adds
and removes resources, and a delete go through the API on each backend.
The software configs that config resources store are inserted and
deleted by the same flushes, as built-in alarms are, and a nested
stack's parent records the child's id in the child's store.
"""

import datetime
import json
from unittest import mock

from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.db import alarms as db_alarms
from heat_vision.db import resources as db_resources
from heat_vision.db import software_configs as db_configs
from heat_vision.monitoring import alarms
from heat_vision.monitoring import publisher
from heat_vision.monitoring import samples
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


def _configs_template(generation):
    resources = {}
    for i in range(CONFIGS):
        resources['c%d' % i] = {
            'type': 'OS::Heat::SoftwareConfig',
            'properties': {
                'config': 'echo %d-%d' % (i, generation), 'group': 'script',
                'inputs': [{'name': 'in', 'default': 'd%d' % i}],
                'outputs': [{'name': 'out', 'error_output': True}],
                'options': {'n': i}}}
    resources['cloud'] = {'type': 'OS::Heat::CloudConfig',
                          'properties': {'cloud_config': {'a': 1}}}
    resources['mime'] = {'type': 'OS::Heat::MultipartMime', 'properties': {
        'parts': [{'config': {'get_resource': 'c0'}},
                  {'config': {'get_resource': 'cloud'}}]}}
    return {'heat_template_version': '2021-04-16', 'resources': resources}


CONFIGS = 20
ALARMS = 20


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

    def config(self, config_id):
        return self.service.request(
            'GET', '/v1/demo/software_configs/%s' % config_id)

    def test_config_resources(self):
        with mock.patch.object(
                db_configs, 'software_config_insert_many',
                wraps=db_configs.software_config_insert_many) as inserts:
            response = self.service.request('POST', '/v1/demo/stacks', body={
                'stack_name': 'b', 'template': _configs_template(0)})
            self.assertEqual(201, response.status_int, response.body)
            stack = self.wait('CREATE_COMPLETE')
        rows = {row.name: row for row in self.rows(stack['id'])}
        # Stored with the resources' states, several per flush.
        self.assertEqual(CONFIGS + 2, sum(len(call.args[1])
                                          for call in inserts.call_args_list))
        self.assertLess(inserts.call_count, CONFIGS)
        for i in range(CONFIGS):
            shown = self.config(rows['c%d' % i].physical_resource_id).json[
                'software_config']
            self.assertEqual(
                ('echo %d-0' % i, 'script', {'n': i}),
                (shown['config'], shown['group'], shown['options']))
            self.assertEqual('d%d' % i, shown['inputs'][0]['default'])
            self.assertTrue(shown['outputs'][0]['error_output'])
        mime = self.config(rows['mime'].physical_resource_id).json[
            'software_config']['config']
        self.assertIn('echo 0-0', mime)
        self.assertIn('#cloud-config', mime)

        # A changed config is replaced: the new one stored, the old gone.
        path = '/v1/demo/stacks/b/%s' % stack['id']
        response = self.service.request('PUT', path, body={
            'template': _configs_template(1)})
        self.assertEqual(202, response.status_int, response.body)
        self.wait('UPDATE_COMPLETE')
        after = {row.name: row for row in self.rows(stack['id'])}
        for i in range(CONFIGS):
            old = rows['c%d' % i].physical_resource_id
            new = after['c%d' % i].physical_resource_id
            self.assertEqual(404, self.config(old).status_int)
            self.assertEqual('echo %d-1' % i, self.config(new).json[
                'software_config']['config'])
        self.assertIn('echo 0-1', self.config(
            after['mime'].physical_resource_id).json[
                'software_config']['config'])

        # One config deleted behind the stack's back: the delete still
        # completes, and takes the others.
        self.assertEqual(204, self.service.request(
            'DELETE', '/v1/demo/software_configs/%s' %
            after['c1'].physical_resource_id).status_int)
        self.assertEqual(204, self.service.request('DELETE',
                                                   path).status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'b', timeout=120).status_int)
        for row in after.values():
            self.assertEqual(404, self.config(
                row.physical_resource_id).status_int, row.name)

    def test_config_batch_delete_keeps_other_projects_configs(self):
        mine = context.RequestContext(project_id='mine')
        other = context.RequestContext(project_id='other')
        ids = {}
        for ctxt in (mine, other):
            ids[ctxt.project_id] = [
                db_configs.software_config_create(ctxt, {
                    'name': 'n', 'project_id': ctxt.project_id,
                    'config': {'config': str(i)}}).id for i in range(3)]
        db_configs.software_config_delete_many(
            mine, ids['mine'] + ids['other'] + ['gone'])
        self.assertEqual([], db_configs.software_config_get_all(mine))
        self.assertEqual(sorted(ids['other']), sorted(
            row.id for row in db_configs.software_config_get_all(other)))

    def test_alarms_are_updated_and_deleted_in_batches(self):
        def template(above):
            return {'heat_template_version': '2021-04-16', 'resources': {
                'a%d' % i: {'type': 'OS::HeatVision::Alarm', 'properties': {
                    'meter_name': 'cpu_util', 'threshold': above + i,
                    'comparison_operator': 'gt'}} for i in range(ALARMS)}}

        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'b', 'template': template(0)})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.wait('CREATE_COMPLETE')
        admin = context.get_admin_context()
        made = set()
        for row in self.rows(stack['id']):
            alarm = db_alarms.alarm_get(admin, row.physical_resource_id)
            self.assertEqual((stack['id'], row.name, row.properties_data[
                'threshold'], 'demo'), (alarm.stack_id, alarm.resource_name,
                                        alarm.definition['threshold'],
                                        alarm.project_id))
            made.add(alarm.id)
        self.assertEqual(ALARMS, len(made))
        self.evaluate_twice(admin, made)
        with mock.patch.object(db_alarms, 'alarm_update_many',
                               wraps=db_alarms.alarm_update_many) as updates:
            response = self.service.request(
                'PUT', '/v1/demo/stacks/b/%s' % stack['id'],
                body={'template': template(100)})
            self.assertEqual(202, response.status_int, response.body)
            self.wait('UPDATE_COMPLETE')
        self.assertLess(updates.call_count, ALARMS)
        for row in self.rows(stack['id']):
            alarm = db_alarms.alarm_get(admin, row.physical_resource_id)
            self.assertEqual(100 + int(row.name[1:]),
                             alarm.definition['threshold'])
        with mock.patch.object(alarms, 'delete_many',
                               wraps=alarms.delete_many) as deletes:
            self.assertEqual(204, self.service.request(
                'DELETE', '/v1/demo/stacks/b/%s' % stack['id']).status_int)
            self.assertEqual(404, self.service.wait_for_stack(
                'demo', 'b', timeout=120).status_int)
        self.assertEqual(ALARMS, sum(len(call.args[1])
                                     for call in deletes.call_args_list))
        self.assertLess(deletes.call_count, ALARMS)
        for alarm_id in made:
            self.assertRaises(exception.EntityNotFound, db_alarms.alarm_get,
                              admin, alarm_id)

    def evaluate_twice(self, admin, alarm_ids):
        """Two rounds of evaluation, a state change each: the changes and
        their history are written in batches, the history trimmed.
        """
        # The service's own evaluator does not take a round meanwhile.
        self.flags(group='monitoring', max_alarm_history=1,
                   evaluation_interval=86400)
        rows = [row for row in db_alarms.alarms_to_evaluate(admin)[0]
                if row.id in alarm_ids]
        with mock.patch.object(publisher, 'publish_transition'):
            samples.store(admin, 'demo', [{'name': 'cpu_util',
                                           'value': 1000}])
            self.assertEqual(ALARMS, len(alarms.evaluate_many(admin, rows)))
            # The rows read before: written by another evaluator already.
            self.assertEqual([], alarms.evaluate_many(admin, rows))
            later = timeutils.utcnow() + datetime.timedelta(seconds=120)
            samples.store(admin, 'demo', [{
                'name': 'cpu_util', 'value': 0,
                'timestamp': (later - datetime.timedelta(
                    seconds=5)).isoformat()}])
            rows = db_alarms.alarms_to_evaluate(admin)[0]
            self.assertEqual({'ok'}, {p['current'] for p in
                                      alarms.evaluate_many(admin, rows,
                                                           later)})
        for alarm_id in alarm_ids:
            self.assertEqual([('alarm', 'ok')], [
                (h.previous, h.current)
                for h in db_alarms.history_get(admin, alarm_id)])

    def test_nested_stacks(self):
        group = {'type': 'OS::Heat::ResourceGroup', 'properties': {
            'count': 3, 'resource_def': {'type': 'OS::Heat::None'}}}
        child = json.dumps({'heat_template_version': '2021-04-16',
                            'resources': {'g': group}})
        template = {'heat_template_version': '2021-04-16', 'resources': {
            'c%d' % i: {'type': 'OS::Heat::Stack',
                        'properties': {'template': child}}
            for i in range(CONFIGS)}}
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'b', 'template': template})
        self.assertEqual(201, response.status_int, response.body)
        stack = self.wait('CREATE_COMPLETE')
        admin = context.get_admin_context()
        rows = self.rows(stack['id'])
        self.assertEqual(CONFIGS, len({row.physical_resource_id
                                       for row in rows}))
        # Each child holds its group, each group three members.
        self.assertEqual(CONFIGS * (1 + 1 + 3),
                         db_resources.resource_count_in_tree(
                             admin, stack['id'], 5))
        path = '/v1/demo/stacks/b/%s' % stack['id']
        self.assertEqual(204, self.service.request('DELETE',
                                                   path).status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', 'b', timeout=120).status_int)


class SqliteTest(_BatchedWrites, base.TestCase):
    pass


class MariaDBTest(backends.ServerDatabase, _BatchedWrites, base.TestCase):
    BACKEND = 'mysql'


class PostgreSQLTest(backends.ServerDatabase, _BatchedWrites,
                     base.TestCase):
    BACKEND = 'postgresql'
