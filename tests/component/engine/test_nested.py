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

"""Nested stacks: OS::Heat::Stack, provider templates, ResourceChain."""

import collections
import logging

import fixtures

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import events as db_events
from heat_vision.db import models
from heat_vision.db import resources as db_resources
from heat_vision.engine.actions import create
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import stack as stack_mod
from heat_vision.resources.heat import test_resource
from heat_vision.resources.heat import value
from tests import base
from tests import fixtures as hv_fixtures

CHILD = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: child}
resources:
  v:
    type: OS::Heat::Value
    properties: {value: {get_param: word}}
outputs:
  said: {value: {get_attr: [v, value]}}
'''

# A child that is not light: stored before its create, deleted on its own.
STORED_FIRST = CHILD.replace('OS::Heat::Value',
                             'OS::Heat::TestResource').replace(
                                 '[v, value]', '[v, output]')


class NestedTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def create(self, name, template, **extra):
        response = self.service.request('POST', '/v1/demo/stacks', body=dict(
            extra, stack_name=name, template=template))
        self.assertEqual(201, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', name)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        return stack

    def outputs(self, stack):
        return {o['output_key']: o.get('output_value')
                for o in stack['outputs']}

    def live_stacks(self):
        with db_api.reader(context.get_admin_context()) as session:
            return session.query(models.Stack).filter(
                models.Stack.deleted_at.is_(None)).count()

    def delete(self, stack):
        path = '/v1/demo/stacks/%s/%s' % (stack['stack_name'], stack['id'])
        self.assertEqual(204, self.service.request('DELETE',
                                                   path).status_int)
        self.assertEqual(404, self.service.wait_for_stack(
            'demo', stack['stack_name']).status_int)
        self.assertEqual(0, self.live_stacks())

    def test_os_heat_stack(self):
        template = '''heat_template_version: 2021-04-16
resources:
  inner:
    type: OS::Heat::Stack
    properties:
      template: {get_file: child.yaml}
      parameters: {word: from-parent}
outputs:
  all: {value: {get_attr: [inner, outputs]}}
  one: {value: {get_attr: [inner, outputs, said]}}
'''
        stack = self.create('outer', template, files={'child.yaml': CHILD})
        self.assertEqual({'all': {'said': 'from-parent'},
                          'one': 'from-parent'}, self.outputs(stack))
        self.assertEqual(2, self.live_stacks())
        listed = self.service.request('GET', '/v1/demo/stacks').json
        self.assertEqual(['outer'], [s['stack_name']
                                     for s in listed['stacks']])
        self.delete(stack)

    def test_a_nested_stack_logs_its_failures_and_debugs_the_rest(self):
        failing_child = ('heat_template_version: 2021-04-16\n'
                         'resources:\n  bad:\n'
                         '    type: OS::Heat::TestResource\n'
                         '    properties: {fail: true}\n')
        template = {'heat_template_version': '2021-04-16', 'resources': {
            'inner': {'type': 'OS::Heat::Stack', 'properties': {
                'template': {'get_file': 'child.yaml'}}}}}
        info = self.useFixture(fixtures.FakeLogger(
            name='heat_vision.engine.actions.common', level=logging.INFO,
            format='%(levelname)s %(message)s'))
        stack = self.create('outer', template, files={'child.yaml': CHILD})
        self.delete(stack)
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'sad', 'template': template,
            'files': {'child.yaml': failing_child}})
        self.assertEqual(201, response.status_int, response.body)
        self.assertEqual('CREATE_FAILED', self.service.wait_for_stack(
            'demo', 'sad')['stack_status'])
        logged = []
        for line in info.output.splitlines():
            level, word, action, status, name = line.split(' ')[:5]
            if word == 'Stack':
                name = name.strip('(,')
                logged.append((level, action, status, 'child' if
                               name.startswith('sad-inner-') else name))
        self.assertEqual([('INFO', 'CREATE', 'COMPLETE', 'outer'),
                          ('INFO', 'DELETE', 'IN_PROGRESS', 'outer'),
                          ('INFO', 'DELETE', 'COMPLETE', 'outer'),
                          ('INFO', 'CREATE', 'FAILED', 'child'),
                          ('INFO', 'CREATE', 'FAILED', 'sad')], logged)

    def create_three_children(self):
        """:returns: the stack ``outer`` of three OS::Heat::Stack, whose
            children are not light (deleted in transactions of their own:
            ``test_batched_children`` has the others).
        """
        template = {'heat_template_version': '2021-04-16', 'resources': {
            'inner%d' % i: {'type': 'OS::Heat::Stack', 'properties': {
                'template': {'get_file': 'child.yaml'}}} for i in range(3)}}
        return self.create('outer', template,
                           files={'child.yaml': STORED_FIRST})

    def test_a_nested_delete_counts_the_childs_events_once(self):
        counted = []
        real = db_events._keep_newest

        def keep_newest(session, stack_id, cap):
            counted.append(stack_id)
            return real(session, stack_id, cap)

        self.patch(db_events, '_keep_newest', keep_newest)
        stack = self.create_three_children()
        del counted[:]
        self.delete(stack)
        children = [c for c in counted if c != stack['id']]
        self.assertEqual(3, len(children), counted)
        self.assertEqual(3, len(set(children)), counted)

    def _failed_child_delete(self, child, plugin_class):
        created = self.create('holder', {
            'heat_template_version': '2021-04-16',
            'resources': {'inner': {'type': 'OS::Heat::Stack',
                                    'properties': {'template': child}}}})

        def held(plugin):
            raise ValueError('still held by something')
        self.patch(plugin_class, 'handle_delete', held)
        self.assertEqual(204, self.service.request(
            'DELETE', '/v1/demo/stacks/holder/%s' % created['id']).status_int)
        stack = self.service.wait_for_stack('demo', 'holder')
        self.assertEqual('DELETE_FAILED', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertIn('still held by something',
                      stack['stack_status_reason'])
        [inner] = self.service.request(
            'GET', '/v1/demo/stacks/holder/%s/resources' % created['id']
        ).json['resources']
        self.assertEqual('DELETE_FAILED', inner['resource_status'])

    def test_a_child_whose_batched_delete_failed_fails_the_parent(self):
        # A child of light resources: the parent walk's batches write its
        # delete, after the parent resource's check has looked at it.
        self._failed_child_delete(CHILD, value.Value)

    def test_a_child_whose_own_delete_failed_fails_the_parent(self):
        self._failed_child_delete(STORED_FIRST, test_resource.TestResource)

    def test_a_nested_delete_writes_no_state_of_its_own(self):
        """A child's DELETE_IN_PROGRESS goes with its walk's first batch
        rather than in a transaction of its own.
        """
        writes = []
        real = recorder_mod.Recorder._write

        def write(recorder, updates, events, inserts, batches, also):
            writes.append((recorder.stack_row.owner_id, len(updates),
                           [e['resource_status'] for e in events
                            if e['resource_type'] == 'OS::Heat::Stack']))
            return real(recorder, updates, events, inserts, batches, also)

        self.patch(recorder_mod.Recorder, '_write', write)
        stack = self.create_three_children()
        del writes[:]
        self.delete(stack)
        children = [w for w in writes if w[0] == stack['id']]
        # Each child's own state changes are written with its resources'.
        self.assertTrue(children)
        for _owner, resource_changes, _states in children:
            self.assertGreater(resource_changes, 0, children)
        self.assertEqual({'IN_PROGRESS': 3, 'COMPLETE': 3},
                         collections.Counter(status for w in children
                                             for status in w[2]))
        with db_api.reader(context.get_admin_context()) as session:
            rows = session.query(models.Stack).filter(
                models.Stack.owner_id == stack['id']).all()
        self.assertEqual(3 * [('DELETE', 'COMPLETE')],
                         [(r.action, r.status) for r in rows])
        for row in rows:
            events = db_events.event_get_all_by_stack(
                context.get_admin_context(), row.id)
            self.assertEqual(
                [('DELETE', 'IN_PROGRESS'), ('DELETE', 'COMPLETE')],
                [(e.resource_action, e.resource_status) for e in events
                 if e.resource_name == row.name and
                 e.resource_action == 'DELETE'])

    def test_creates_run_on_the_stack_they_stored(self):
        """A top-level stack's create and its child's are handed the
        ``Stack`` their store built, not one loaded again: each must be
        what loading would give. (A child of light resources is stored
        after its create: ``test_batched_children``.)
        """
        compared = {}
        real_run = create.run

        def run(context, stack_id, stack=None, **kwargs):
            if stack is not None:
                loaded = stack_mod.Stack.load(context, stack_id)
                compared[stack.name] = (self.describe(stack),
                                        self.describe(loaded))
            return real_run(context, stack_id, stack=stack, **kwargs)

        self.patch(create, 'run', run)
        template = {'heat_template_version': '2021-04-16',
                    'parameters': {'word': {'type': 'string'}},
                    'resources': {'inner': {
                        'type': 'OS::Heat::Stack', 'properties': {
                            'template': {'get_file': 'child.yaml'},
                            'parameters': {'word': {'get_param': 'word'}}}}}}
        self.create('outer', template, files={'child.yaml': STORED_FIRST},
                    parameters={'word': 'w'}, tags='one,two')
        self.assertEqual(2, len(compared))
        for name, (handed, loaded) in compared.items():
            self.assertEqual(loaded, handed, name)
            self.assertEqual('w', handed['word'])
        self.assertEqual(['inner'], list(compared['outer'][0]['rows']))
        [child] = set(compared) - {'outer'}
        self.assertEqual(['v'], list(compared[child][0]['rows']))

    @staticmethod
    def describe(stack):
        columns = ('id', 'name', 'project_id', 'owner_id', 'nested_depth',
                   'raw_template_id', 'action', 'status', 'status_reason',
                   'timeout', 'disable_rollback', 'created_at', 'tags',
                   'user_id', 'username')
        return {
            'row': {c: getattr(stack.row, c) for c in columns},
            'rows': {name: {c: getattr(row, c) for c in db_resources.COLUMNS
                            if c != 'created_at'}
                     for name, row in stack.rows.items()},
            'resources': {name: (d.resource_type, repr(d.properties),
                                 d.deletion_policy)
                          for name, d in
                          stack.definition.resource_definitions().items()},
            'word': stack.definition.get_param('word', []),
            'stack_id': stack.definition.stack_id,
            'files': stack.files,
        }

    def test_provider_template_through_the_registry(self):
        template = '''heat_template_version: 2021-04-16
resources:
  mine:
    type: My::Child
    properties: {word: provided}
  direct:
    type: child.yaml
outputs:
  mine: {value: {get_attr: [mine, said]}}
  direct: {value: {get_attr: [direct, said]}}
'''
        stack = self.create(
            'provider', template, files={'child.yaml': CHILD},
            environment={'resource_registry': {'My::Child': 'child.yaml'}})
        self.assertEqual({'mine': 'provided', 'direct': 'child'},
                         self.outputs(stack))
        self.delete(stack)

    def test_a_provider_resource_is_updated_in_place(self):
        # Heat makes every property of a provider resource update_allowed
        # (heat/engine/properties.py, Schema.from_parameter): a changed
        # property updates the child stack, it does not replace it.
        template = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string}
resources:
  mine:
    type: My::Child
    properties: {word: {get_param: word}}
outputs:
  said: {value: {get_attr: [mine, said]}}
'''
        stack = self.create(
            'in-place', template, files={'child.yaml': CHILD},
            parameters={'word': 'first'},
            environment={'resource_registry': {'My::Child': 'child.yaml'}})
        path = '/v1/demo/stacks/in-place/%s' % stack['id']
        child_before = self.service.request(
            'GET', path + '/resources/mine').json['resource'][
                'physical_resource_id']
        response = self.service.request(
            'PATCH', path, body={'parameters': {'word': 'second'}})
        self.assertEqual(202, response.status_int, response.body)
        stack = self.service.wait_for_stack('demo', 'in-place')
        self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual({'said': 'second'}, self.outputs(stack))
        resource = self.service.request(
            'GET', path + '/resources/mine').json['resource']
        self.assertEqual(child_before, resource['physical_resource_id'])
        self.assertEqual('UPDATE_COMPLETE', resource['resource_status'])
        self.assertEqual(2, self.live_stacks())
        self.delete(stack)

    def test_provider_template_parameter_errors_fail_the_resource(self):
        template = '''heat_template_version: 2021-04-16
resources:
  mine: {type: child.yaml, properties: {nope: 1}}
'''
        self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'bad', 'template': template,
            'files': {'child.yaml': CHILD}})
        stack = self.service.wait_for_stack('demo', 'bad')
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.assertIn('nope', stack['stack_status_reason'])

    def test_resource_chain(self):
        template = '''heat_template_version: 2021-04-16
resources:
  chain:
    type: OS::Heat::ResourceChain
    properties:
      resources: [OS::Heat::Value, OS::Heat::Value, OS::Heat::None]
      resource_properties: {value: same}
outputs:
  refs: {value: {get_attr: [chain, refs]}}
  first: {value: {get_attr: [chain, resource.0, value]}}
'''
        stack = self.create('chain', template)
        outputs = self.outputs(stack)
        self.assertEqual(3, len(outputs['refs']))
        self.assertEqual('same', outputs['first'])
        self.delete(stack)

    def test_group_resizes_in_place(self):
        template = '''heat_template_version: 2021-04-16
parameters:
  count: {type: number}
resources:
  g:
    type: OS::Heat::ResourceGroup
    properties:
      count: {get_param: count}
      resource_def:
        type: OS::Heat::Value
        properties: {value: m-%index%}
outputs:
  values: {value: {get_attr: [g, value]}}
'''
        stack = self.create('grow', template, parameters={'count': 2})
        path = '/v1/demo/stacks/grow/%s' % stack['id']
        for count in (4, 1):
            response = self.service.request(
                'PATCH', path, body={'parameters': {'count': count}})
            self.assertEqual(202, response.status_int, response.body)
            stack = self.service.wait_for_stack('demo', 'grow')
            self.assertEqual('UPDATE_COMPLETE', stack['stack_status'],
                             stack['stack_status_reason'])
            self.assertEqual(['m-%d' % i for i in range(count)],
                             self.outputs(stack)['values'])
        # The group kept its child stack: 1 parent + 1 child.
        self.assertEqual(2, self.live_stacks())
