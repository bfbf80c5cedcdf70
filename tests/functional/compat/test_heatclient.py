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

"""python-heatclient's Python API against a real heat-vision-all.

The client is used exactly as scripts use it against Heat:
``heatclient.client.Client('1', endpoint=..., token=...)``, no Keystone.
"""

from heatclient import client as heat_client
from heatclient import exc as heat_exc

from tests import file_server
from tests.functional.compat import base
from tests import waiting


class HeatclientTestCase(base.ServiceTestCase):
    """A heatclient ``self.heat`` and helpers to create and wait."""

    SHARED_SERVICE = True

    def setUp(self):
        super().setUp()
        self.heat = heat_client.Client('1', endpoint=self.service.endpoint,
                                       token='compat-token')

    def create(self, name=None, wait=True, **kwargs):
        name = name or self.unique()
        kwargs.setdefault('template', base.TEMPLATE)
        created = self.heat.stacks.create(stack_name=name, **kwargs)
        stack_id = created['stack']['id']
        self.addCleanup(self._delete_quietly, stack_id)
        if wait:
            self.wait_for(name, 'CREATE_COMPLETE')
        return name, stack_id

    def _delete_quietly(self, stack_id):
        try:
            self.heat.stacks.delete(stack_id)
        except heat_exc.HTTPNotFound:
            pass

    def wait_for(self, name, status):
        def done():
            stack = self.heat.stacks.get(name)
            if stack.stack_status.endswith('IN_PROGRESS'):
                return None
            return stack
        stack = waiting.wait_until(done)
        self.assertEqual(status, stack.stack_status,
                         stack.stack_status_reason)
        return stack


class HeatclientTest(HeatclientTestCase):

    def test_create_get_and_outputs(self):
        name, stack_id = self.create(
            parameters={'word': 'Portland'},
            environment={'parameter_defaults': {'unused': 1}})
        stack = self.heat.stacks.get(name)
        self.assertEqual(stack_id, stack.id)
        self.assertEqual(name, stack.stack_name)
        self.assertEqual("The compatibility tests' stack.", stack.description)
        self.assertEqual('Portland', stack.parameters['word'])
        outputs = {o['output_key']: o['output_value'] for o in stack.outputs}
        self.assertEqual({'echoed': 'Portland'}, outputs)
        # By name and id, and by id alone, as the clients do.
        self.assertEqual(stack_id,
                         self.heat.stacks.get('%s/%s' % (name, stack_id)).id)
        self.assertEqual(stack_id, self.heat.stacks.get(stack_id).id)

    def test_get_by_id_without_outputs(self):
        # The lookup's 302 is followed with heatclient's own parameters.
        name, stack_id = self.create()
        stack = self.heat.stacks.get(stack_id, resolve_outputs=False)
        self.assertEqual(name, stack.stack_name)
        self.assertFalse(hasattr(stack, 'outputs'))
        stack = self.heat.stacks.get(name, resolve_outputs=True)
        self.assertEqual(['echoed'], [o['output_key'] for o in stack.outputs])

    def test_create_with_environment_as_text(self):
        name, _ = self.create(
            environment='parameters:\n  word: from-environment\n')
        stack = self.heat.stacks.get(name)
        self.assertEqual('from-environment', stack.parameters['word'])

    def test_list_filters_and_paging(self):
        prefix = self.unique('page')
        names = ['%s-%d' % (prefix, i) for i in range(3)]
        for name in names:
            self.create(name)
        listed = [s.stack_name for s in self.heat.stacks.list()]
        for name in names:
            self.assertIn(name, listed)
        by_name = list(self.heat.stacks.list(filters={'name': names[1]}))
        self.assertEqual([names[1]], [s.stack_name for s in by_name])
        self.assertEqual('self', by_name[0].links[0]['rel'])
        self.assertTrue(by_name[0].links[0]['href'].endswith(
            '/stacks/%s/%s' % (names[1], by_name[0].id)))
        complete = list(self.heat.stacks.list(
            filters={'status': 'COMPLETE', 'name': names}))
        self.assertEqual(sorted(names),
                         sorted(s.stack_name for s in complete))
        ordered = list(self.heat.stacks.list(
            filters={'name': names}, sort_keys='stack_name', sort_dir='asc'))
        self.assertEqual(names, [s.stack_name for s in ordered])
        # heatclient pages by itself when given a limit and a marker.
        first = list(self.heat.stacks.list(
            filters={'name': names}, sort_keys='stack_name', sort_dir='asc',
            limit=2))
        self.assertEqual(names[:2], [s.stack_name for s in first])
        rest = list(self.heat.stacks.list(
            filters={'name': names}, sort_keys='stack_name', sort_dir='asc',
            marker=first[-1].id))
        self.assertEqual(names[2:], [s.stack_name for s in rest])

    def test_delete(self):
        name, stack_id = self.create()
        self.heat.stacks.delete(stack_id)

        def gone():
            stack = self.heat.stacks.get(stack_id)
            return stack.stack_status == 'DELETE_COMPLETE'
        # As Heat's: by id, the deleted stack shows DELETE_COMPLETE.
        waiting.wait_until(gone)
        self.assertRaises(heat_exc.HTTPNotFound, self.heat.stacks.get, name)
        self.assertNotIn(name, [s.stack_name
                                for s in self.heat.stacks.list()])

    def test_validate(self):
        result = self.heat.stacks.validate(template=base.TEMPLATE)
        self.assertEqual("The compatibility tests' stack.",
                         result['Description'])
        self.assertEqual('String', result['Parameters']['word']['Type'])
        self.assertEqual('hello', result['Parameters']['word']['Default'])

    def test_validate_rejects_a_broken_template(self):
        broken = base.TEMPLATE.replace('OS::Heat::None', 'No::Such::Type')
        error = self.assertRaises(heat_exc.HTTPBadRequest,
                                  self.heat.stacks.validate, template=broken)
        self.assertIn('No::Such::Type', str(error))

    def test_template_versions_and_functions(self):
        versions = {v.version: v.type
                    for v in self.heat.template_versions.list()}
        self.assertEqual('hot', versions['heat_template_version.2021-04-16'])
        self.assertEqual('cfn',
                         versions['AWSTemplateFormatVersion.2010-09-09'])
        functions = [f.functions for f in self.heat.template_versions.get(
            'heat_template_version.2021-04-16')]
        self.assertIn('get_attr', functions)
        self.assertIn('get_param', functions)

    def test_resource_types(self):
        types = [t.resource_type for t in self.heat.resource_types.list()]
        self.assertIn('OS::Heat::None', types)
        self.assertIn('OS::Heat::Value', types)

    def test_errors_are_heatclient_exceptions(self):
        self.assertRaises(heat_exc.HTTPNotFound, self.heat.stacks.get,
                          self.unique('missing'))
        self.assertRaises(heat_exc.HTTPBadRequest, self.heat.stacks.create,
                          stack_name='1-starts-with-a-digit',
                          template=base.TEMPLATE)
        name, _ = self.create()
        self.assertRaises(heat_exc.HTTPConflict, self.heat.stacks.create,
                          stack_name=name, template=base.TEMPLATE)

    def test_outputs_list_and_show(self):
        """GET /stacks/{name}/{id}/outputs[/{key}]."""
        name, _ = self.create(parameters={'word': 'out'})
        outputs = self.heat.stacks.output_list(name)['outputs']
        self.assertEqual(['echoed'], [o['output_key'] for o in outputs])
        output = self.heat.stacks.output_show(name, 'echoed')['output']
        self.assertEqual('out', output['output_value'])
        self.assertEqual('The word, through a resource attribute.',
                         output['description'])

    def test_resources_list_and_get(self):
        """GET /stacks/{name}/{id}/resources[/{resource}]."""
        name, stack_id = self.create(parameters={'word': 'res'})
        resources = {r.resource_name: r
                     for r in self.heat.resources.list(name)}
        self.assertEqual({'first', 'echo'}, set(resources))
        self.assertEqual('OS::Heat::Value', resources['echo'].resource_type)
        self.assertEqual('CREATE_COMPLETE',
                         resources['echo'].resource_status)
        detailed = self.heat.resources.list(name, with_detail=True)
        self.assertEqual(2, len(list(detailed)))
        echo = self.heat.resources.get(name, 'echo')
        self.assertEqual('echo', echo.resource_name)
        self.assertEqual('res', echo.attributes['value'])
        self.assertRaises(heat_exc.HTTPNotFound, self.heat.resources.get,
                          name, 'no-such-resource')

    def test_events_list(self):
        """GET /stacks/{name}/{id}/events and .../resources/{r}/events."""
        name, _ = self.create()
        events = list(self.heat.events.list(name))
        statuses = [(e.resource_name, e.resource_status) for e in events]
        self.assertIn((name, 'CREATE_COMPLETE'), statuses)
        self.assertIn(('echo', 'CREATE_COMPLETE'), statuses)
        echo_events = list(self.heat.events.list(name,
                                                 resource_name='echo'))
        self.assertTrue(echo_events)
        self.assertEqual({'echo'}, {e.resource_name for e in echo_events})
        event = self.heat.events.get(name, 'echo', echo_events[0].id)
        self.assertEqual('echo', event.resource_name)

    def test_template_and_environment(self):
        """GET /stacks/{name}/{id}/template and .../environment."""
        name, _ = self.create(parameters={'word': 'tpl'})
        template = self.heat.stacks.template(name)
        self.assertEqual('2021-04-16',
                         str(template['heat_template_version']))
        self.assertIn('echo', template['resources'])
        environment = self.heat.stacks.environment(name)
        self.assertEqual('tpl', environment['parameters']['word'])

    def test_resource_type_show(self):
        """GET /resource_types/{type}."""
        schema = self.heat.resource_types.get('OS::Heat::Value')
        self.assertEqual('OS::Heat::Value', schema['resource_type'])
        self.assertIn('value', schema['properties'])

    def test_update_put_and_patch(self):
        """PUT and PATCH /stacks/{name}/{id}."""
        name, stack_id = self.create(parameters={'word': 'one'})
        self.heat.stacks.update(stack_id, template=base.TEMPLATE,
                                parameters={'word': 'two'})
        stack = self.wait_for(name, 'UPDATE_COMPLETE')
        self.assertEqual('two', stack.parameters['word'])
        self.heat.stacks.update(stack_id, existing=True,
                                parameters={'word': 'three'})
        stack = self.wait_for(name, 'UPDATE_COMPLETE')
        self.assertEqual('three', stack.parameters['word'])
        outputs = {o['output_key']: o['output_value'] for o in stack.outputs}
        self.assertEqual({'echoed': 'three'}, outputs)

    def test_suspend_resume_check(self):
        """POST /stacks/{name}/{id}/actions."""
        name, stack_id = self.create()
        self.heat.actions.suspend(stack_id)
        self.wait_for(name, 'SUSPEND_COMPLETE')
        self.heat.actions.resume(stack_id)
        self.wait_for(name, 'RESUME_COMPLETE')
        self.heat.actions.check(stack_id)
        self.wait_for(name, 'CHECK_COMPLETE')

    def test_build_info(self):
        """GET /build_info."""
        info = self.heat.build_info.build_info()
        self.assertIn('api', info)
        self.assertIn('engine', info)


class HeatclientTemplateURLTest(HeatclientTestCase):
    """``template_url``: the service fetches it from an allowed address."""

    ALLOWED = '127.0.0.6'
    SERVICE_CONFIG = {'url_fetch': {'allowed_networks': ALLOWED + '/32'}}
    SHARED_SERVICE = False

    def setUp(self):
        super().setUp()
        self.files = self.useFixture(file_server.FileServer(
            self.ALLOWED, {'/stack.yaml': base.TEMPLATE}))

    def test_create_and_validate_from_a_url(self):
        url = self.files.url('/stack.yaml')
        result = self.heat.stacks.validate(template_url=url)
        self.assertEqual("The compatibility tests' stack.",
                         result['Description'])
        name, _ = self.create(template=None, template_url=url,
                              parameters={'word': 'fetched'})
        stack = self.heat.stacks.get(name)
        self.assertEqual({'echoed': 'fetched'},
                         {o['output_key']: o['output_value']
                          for o in stack.outputs})
        self.assertEqual(['/stack.yaml', '/stack.yaml'], self.files.hits)

    def test_a_missing_document_is_a_bad_request(self):
        url = self.files.url('/missing.yaml')
        error = self.assertRaises(heat_exc.HTTPBadRequest,
                                  self.heat.stacks.create,
                                  stack_name=self.unique(), template_url=url)
        self.assertIn(url, str(error))
        self.assertIn('HTTP 404', str(error))
