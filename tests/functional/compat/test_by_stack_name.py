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

"""heatclient and ``openstack stack`` lists of a stack given by its name.

A stack addressed by name answers 302 to its canonical ``{name}/{id}``
URL. heatclient puts its list filters and paging in the query string,
so the 302 must keep it, as Heat's lookup does; without it every list
came back whole, and ``--wait`` took the oldest event for the newest.
"""

import os

import fixtures
from heatclient import client as heat_client

from tests.functional.compat import base
from tests.functional.compat import osc
from tests import waiting

# A slow update and delete (``wait``), a nested stack (the group) and two
# outputs.
TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: hello}
  wait: {type: number, default: 0}
resources:
  first: {type: OS::Heat::None}
  echo:
    type: OS::Heat::Value
    depends_on: first
    properties: {value: {get_param: word}}
  slow:
    type: OS::Heat::TestResource
    properties:
      value: {get_param: word}
      action_wait_secs:
        update: {get_param: wait}
        delete: {get_param: wait}
  group:
    type: OS::Heat::ResourceGroup
    properties:
      count: 2
      resource_def: {type: OS::Heat::None}
outputs:
  echoed: {value: {get_attr: [echo, value]}}
  told: {value: {get_attr: [slow, output]}}
'''
TOP = {'first', 'echo', 'slow', 'group'}


class ByStackNameTest(base.ServiceTestCase):

    SHARED_SERVICE = True
    # A test here runs up to twelve ``openstack`` commands (in this
    # process now, ``osc``) and waits for stacks: as twelve processes
    # it passed the default 120 s on two busy cores in CI.
    TIMEOUT = 420

    def setUp(self):
        super().setUp()
        self.heat = heat_client.Client('1', endpoint=self.service.endpoint,
                                       token='compat-token')
        self.template = os.path.join(
            self.useFixture(fixtures.TempDir()).path, 'stack.yaml')
        with open(self.template, 'w') as f:
            f.write(TEMPLATE)

    def create(self, prefix):
        name = self.unique(prefix)
        stack_id = self.heat.stacks.create(
            stack_name=name, template=TEMPLATE)['stack']['id']
        self.addCleanup(self._delete_quietly, stack_id)

        def done():
            stack = self.heat.stacks.get(stack_id)
            return not stack.stack_status.endswith('IN_PROGRESS') and stack
        stack = waiting.wait_until(done)
        self.assertEqual('CREATE_COMPLETE', stack.stack_status,
                         stack.stack_status_reason)
        # The stack's own last event is written just after its status.
        waiting.wait_until(lambda: self.heat.events.list(
            name, filters={'resource_name': name,
                           'resource_status': 'CREATE_COMPLETE'}))
        return name, stack_id

    def _delete_quietly(self, stack_id):
        try:
            self.heat.stacks.delete(stack_id)
        except Exception:
            pass

    def openstack(self, *args, **kwargs):
        return osc.openstack(self.service.endpoint, *args,
                             **kwargs)

    def openstack_json(self, *args):
        return osc.openstack_json(self.service.endpoint, *args)

    def test_heatclient_lists(self):
        name, stack_id = self.create('api')
        heat = self.heat

        def names(items):
            return sorted(item.resource_name for item in items)

        self.assertEqual(['echo'], names(heat.resources.list(
            name, filters={'type': 'OS::Heat::Value'})))
        self.assertEqual(['echo', 'first'], names(heat.resources.list(
            name, filters={'name': ['first', 'echo']})))
        nested = heat.resources.list(name, nested_depth=1)
        self.assertEqual(sorted(TOP | {'0', '1'}), names(nested))
        detailed = {r.resource_name: r for r in
                    heat.resources.list(name, with_detail=True)}
        self.assertEqual({'value': 'hello'}, detailed['echo'].attributes)
        plain = heat.resources.list(name)
        self.assertFalse(any(hasattr(r, 'attributes') for r in plain))

        everything = heat.events.list(name, sort_dir='asc')
        self.assertEqual(10, len(everything))
        self.assertEqual(
            ['CREATE_IN_PROGRESS', 'CREATE_COMPLETE'],
            [e.resource_status for e in heat.events.list(
                name, filters={'resource_name': 'echo'}, sort_dir='asc')])
        self.assertEqual([e.id for e in everything[:3]],
                         [e.id for e in heat.events.list(
                             name, limit=3, sort_dir='asc')])
        self.assertEqual([e.id for e in everything[4:6]],
                         [e.id for e in heat.events.list(
                             name, marker=everything[3].id, limit=2,
                             sort_dir='asc')])
        self.assertEqual([everything[-1].id],
                         [e.id for e in heat.events.list(
                             name, sort_dir='desc', limit=1)])
        by_name = heat.events.list(name, sort_keys='resource_name',
                                   sort_dir='desc', limit=2)
        self.assertEqual(['slow', 'slow'],
                         [e.resource_name for e in by_name])
        nested_events = heat.events.list(name, nested_depth=1)
        self.assertEqual(16, len(nested_events))
        # The group's members, and its nested stack's own events.
        self.assertEqual({'0', '1', 'nested stack'}, {
            'nested stack' if e.resource_name.startswith(name + '-group-')
            else e.resource_name for e in nested_events} - TOP - {name})

        self.assertEqual(['echoed', 'told'], sorted(
            o['output_key'] for o in heat.stacks.output_list(name)[
                'outputs']))
        heat.stacks.snapshot(name, 'kept')
        snapshots = waiting.wait_until(lambda: [
            s for s in heat.stacks.snapshot_list(name)['snapshots']
            if s['status'] != 'IN_PROGRESS'])
        self.assertEqual([('kept', 'COMPLETE')],
                         [(s['name'], s['status']) for s in snapshots])
        # heatclient sends resolve_outputs again with the 302's query.
        self.assertFalse(hasattr(
            heat.stacks.get(name, resolve_outputs=False), 'outputs'))

    def test_openstack_lists(self):
        name, _ = self.create('osc')
        resources = self.openstack_json(
            'stack', 'resource', 'list', name, '--filter',
            'type=OS::Heat::Value')
        self.assertEqual(['echo'], [r['resource_name'] for r in resources])
        resources = self.openstack_json(
            'stack', 'resource', 'list', name, '--long', '--filter',
            'name=first', '--filter', 'name=slow')
        self.assertEqual({('first', name), ('slow', name)},
                         {(r['resource_name'], r['stack_name'])
                          for r in resources})
        resources = self.openstack_json('stack', 'resource', 'list', name,
                                        '-n', '2')
        by_stack = {}
        for r in resources:
            by_stack.setdefault(r['stack_name'], set()).add(
                r['resource_name'])
        self.assertEqual(TOP, by_stack.pop(name))
        self.assertEqual([{'0', '1'}], list(by_stack.values()))

        events = self.openstack_json('stack', 'event', 'list', name)
        self.assertEqual(10, len(events))
        self.assertEqual(
            [('echo', 'CREATE_IN_PROGRESS'), ('echo', 'CREATE_COMPLETE')],
            [(e['resource_name'], e['resource_status'])
             for e in self.openstack_json('stack', 'event', 'list', name,
                                          '--filter', 'resource_name=echo')])
        self.assertEqual([e['id'] for e in events[:2]], [
            e['id'] for e in self.openstack_json(
                'stack', 'event', 'list', name, '--limit', '2')])
        self.assertEqual([e['id'] for e in events[5:]], [
            e['id'] for e in self.openstack_json(
                'stack', 'event', 'list', name, '--marker', events[4]['id'])])
        self.assertEqual(['slow', 'slow', name], [
            e['resource_name'] for e in self.openstack_json(
                'stack', 'event', 'list', name, '--sort',
                'resource_name:desc', '--limit', '3')])
        nested = self.openstack_json('stack', 'event', 'list', name,
                                     '--nested-depth', '1')
        self.assertEqual(16, len(nested))
        self.assertEqual(2, len({e['stack_name'] for e in nested}))

        outputs = self.openstack_json('stack', 'output', 'list', name)
        self.assertEqual(['echoed', 'told'],
                         sorted(o['output_key'] for o in outputs))
        self.openstack('stack', 'snapshot', 'create', name, '--name', 'kept')
        # Waited for through the API, then listed by ``openstack``.
        waiting.wait_until(lambda: [
            s for s in self.heat.stacks.snapshot_list(name)['snapshots']
            if s['status'] != 'IN_PROGRESS'])
        snapshots = self.openstack_json('stack', 'snapshot', 'list', name)
        self.assertEqual([('kept', 'COMPLETE')],
                         [(s['name'], s['status']) for s in snapshots])

    def test_openstack_update_and_delete_wait(self):
        name, stack_id = self.create('oscw')
        for word in ('two', 'three'):
            # Each update waits 2 s on `slow`: --wait must see it end.
            self.openstack('stack', 'update', '--wait', '-t', self.template,
                           '--parameter', 'word=%s' % word,
                           '--parameter', 'wait=2', name)
            stack = self.heat.stacks.get(stack_id)
            self.assertEqual('UPDATE_COMPLETE', stack.stack_status,
                             stack.stack_status_reason)
            self.assertEqual(word, stack.parameters['word'])

        # The delete waits 2 s on `slow` too: --wait prints its events, and
        # only those after its marker.
        result = self.openstack('stack', 'delete', '--yes', '--wait', name)
        self.assertIn('[%s]: DELETE_IN_PROGRESS' % name, result.stdout)
        self.assertNotIn('UPDATE_COMPLETE', result.stdout)
        self.assertEqual('DELETE_COMPLETE',
                         self.heat.stacks.get(stack_id).stack_status)

        # By id the wait reads the deleted stack's last event, as Heat's.
        other, other_id = self.create('oscd')
        result = self.openstack('stack', 'delete', '--yes', '--wait',
                                other_id)
        self.assertIn('[%s]: DELETE_COMPLETE' % other, result.stdout)
        self.assertNotIn('CREATE_COMPLETE', result.stdout)
