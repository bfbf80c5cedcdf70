"""python-heatclient's Python API against a real heat-vision-all.

The client is used exactly as scripts use it against Heat:
``heatclient.client.Client('1', endpoint=..., token=...)``, no Keystone.
"""

from heatclient import client as heat_client
from heatclient import exc as heat_exc

from tests.functional.compat import base


class HeatclientTestCase(base.ServiceTestCase):
    """A heatclient ``self.heat`` and helpers to create and wait."""

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
        stack = base.wait_until(done)
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
            try:
                stack = self.heat.stacks.get(stack_id)
            except heat_exc.HTTPNotFound:
                return True
            return stack.stack_status == 'DELETE_COMPLETE'
        base.wait_until(gone)
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
        functions = [f.functionname for f in self.heat.template_versions.get(
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
