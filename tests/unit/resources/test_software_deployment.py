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

"""Software deployments, structured deployments and deployed servers,
run against an in-memory stand-in of the facade's configs and
deployments.
"""

import copy

from heat_vision.common import exception
from heat_vision.common import signing
from heat_vision.engine import constraints as engine_constraints
from heat_vision.resources.heat import deployed_server
from heat_vision.resources.heat import deployment_group
from heat_vision.resources.heat import deployment_io as io
from heat_vision.resources.heat import software_deployment as sd
from heat_vision.resources.heat import structured_deployment as structured
from tests import base
from tests.unit.resources.openstack import swift_fakes
from tests.unit.resources import utils

SOURCE = {'id': 'source', 'name': 'cfg', 'group': 'script',
          'config': 'echo hi', 'options': {},
          'inputs': [{'name': 'foo', 'type': 'String', 'default': 'dflt',
                      'replace_on_change': True},
                     {'name': 'bar', 'description': 'Bar.'}],
          'outputs': [{'name': 'result'},
                      {'name': 'broken', 'error_output': True}]}


class DeploymentStack(utils.FakeStack):
    """FakeStack with the facade's software configs and deployments."""

    def __init__(self):
        super().__init__()
        self.configs = {'source': copy.deepcopy(SOURCE)}
        self.deployments = {}
        self.counter = 0

    def create_software_config(self, name, config, group=None, inputs=None,
                               outputs=None, options=None, at_once=False):
        self.counter += 1
        config_id = 'derived-%d' % self.counter
        self.configs[config_id] = {
            'id': config_id, 'name': name, 'config': config, 'group': group,
            'inputs': inputs, 'outputs': outputs, 'options': options}
        return self.configs[config_id]

    def software_config(self, config_id):
        return self.configs.get(config_id)

    def delete_software_config(self, config_id, at_once=False):
        self.configs.pop(config_id, None)

    def create_software_deployment(self, deployment_id, server_id,
                                   config_id, input_values, action, status,
                                   status_reason):
        self.deployments[deployment_id] = {
            'id': deployment_id, 'server_id': server_id,
            'config_id': config_id, 'input_values': input_values,
            'action': action, 'status': status,
            'status_reason': status_reason, 'output_values': {}}
        return dict(self.deployments[deployment_id])

    def software_deployment(self, deployment_id):
        found = self.deployments.get(deployment_id)
        return dict(found) if found else None

    def update_software_deployment(self, deployment_id, values,
                                   only_if_status=None):
        found = self.deployments.get(deployment_id)
        if found is None or (only_if_status and
                             found['status'] != only_if_status):
            return None
        found.update(values)
        return dict(found)

    def delete_software_deployment(self, deployment_id):
        self.deployments.pop(deployment_id, None)


def derived_inputs(stack, deployment_id):
    config = stack.configs[stack.deployments[deployment_id]['config_id']]
    return {i['name']: i['value'] for i in config['inputs']}


class OutcomeTest(base.TestCase):

    def test_success_keeps_declared_outputs_and_the_standard_ones(self):
        values, reason = io.outcome(
            'd1', SOURCE['outputs'],
            {'deploy_stdout': 'out', 'deploy_status_code': 0,
             'result': 'ok', 'undeclared': 'dropped'}, {'old': 1})
        self.assertEqual('deployment d1 succeeded', reason)
        self.assertEqual('COMPLETE', values['status'])
        self.assertEqual({'old': 1, 'result': 'ok', 'deploy_stdout': 'out',
                          'deploy_stderr': None, 'deploy_status_code': 0},
                         values['output_values'])

    def test_non_zero_status_code_fails(self):
        values, reason = io.outcome('d1', [], {'deploy_status_code': '3'},
                                    None)
        self.assertEqual('FAILED', values['status'])
        self.assertEqual('deployment d1 failed (3)', reason)
        self.assertEqual('deploy_status_code : Deployment exited with '
                         'non-zero status code: 3', values['status_reason'])

    def test_error_output_fails(self):
        values, reason = io.outcome('d1', SOURCE['outputs'],
                                    {'broken': 'disk full'}, None)
        self.assertEqual(('FAILED', 'broken : disk full'),
                         (values['status'], values['status_reason']))
        self.assertEqual('deployment d1 failed', reason)

    def test_not_a_map_is_no_outputs(self):
        values, _reason = io.outcome('d1', [], ['x'], None)
        self.assertEqual('COMPLETE', values['status'])
        self.assertIsNone(values['output_values']['deploy_status_code'])


class InputsTest(base.TestCase):

    def test_values_defaults_and_undeclared(self):
        inputs = io.value_inputs(SOURCE['inputs'], {'bar': 1, 'extra': 2})
        self.assertEqual([
            {'name': 'foo', 'type': 'String', 'default': 'dflt',
             'replace_on_change': True, 'value': 'dflt'},
            {'name': 'bar', 'type': 'String', 'description': 'Bar.',
             'value': 1},
            {'name': 'extra', 'type': 'String', 'value': 2}], inputs)

    def test_replace_on_change(self):
        old = io.value_inputs(SOURCE['inputs'], {'foo': 'a', 'bar': 'b'})
        self.assertIsNone(io.replaced_by(old, io.value_inputs(
            SOURCE['inputs'], {'foo': 'a', 'bar': 'other'})))
        self.assertEqual('foo', io.replaced_by(old, io.value_inputs(
            SOURCE['inputs'], {'foo': 'new'})))

    def test_select(self):
        self.assertEqual(2, io.select({'a': [1, 2]}, ['a', 1]))
        self.assertIsNone(io.select({'a': [1, 2]}, ['a', 5]))
        self.assertIsNone(io.select(None, ['a']))


class SoftwareDeploymentTest(base.TestCase):

    def make(self, **props):
        props.setdefault('config', 'source')
        props.setdefault('server', 'server-1')
        self.stack = DeploymentStack()
        return utils.make(sd.SoftwareDeployment, 'deploy', props,
                          stack=self.stack)

    def test_create_waits_for_the_signal(self):
        plugin = self.make(input_values={'bar': 'B'})
        token = plugin.handle_create()
        # The physical id and the secret come before the deployment.
        self.assertEqual({}, self.stack.deployments)
        self.assertIn(signing.SECRET_KEY, plugin.data)
        self.assertFalse(plugin.check_create_complete(token))
        inputs = derived_inputs(self.stack, plugin.resource_id)
        self.assertEqual(('dflt', 'B', 'CREATE', 'server-1', 'deploy',
                          'CFN_SIGNAL', 'POST'),
                         tuple(inputs[k] for k in (
                             'foo', 'bar', 'deploy_action',
                             'deploy_server_id', 'deploy_resource_name',
                             'deploy_signal_transport',
                             'deploy_signal_verb')))
        self.assertIn('/v1/signal/%s/deploy?signature=' % self.stack.id,
                      inputs['deploy_signal_id'])
        self.assertIn('deployment %s succeeded' % plugin.resource_id,
                      plugin.handle_signal({'deploy_status_code': 0,
                                            'result': 'ok'}))
        self.assertEqual('IN_PROGRESS', self.stack.software_deployment(
            plugin.resource_id)['status'])
        self.assertIsNone(plugin.after_signal())
        self.assertTrue(plugin.check_create_complete(token))
        self.assertEqual('ok', plugin.get_attribute('result'))
        self.assertEqual(0, plugin.get_attribute('deploy_status_code'))
        self.assertEqual(('COMPLETE', 'server-1'), (
            plugin.get_attribute('show', 'status'),
            plugin.get_attribute('show')['server_id']))

    def test_failed_signal_fails_the_check(self):
        plugin = self.make()
        token = plugin.handle_create()
        plugin.check_create_complete(token)
        plugin.handle_signal({'deploy_status_code': 1})
        plugin.after_signal()
        error = self.assertRaises(sd.DeploymentFailed,
                                  plugin.check_create_complete, token)
        self.assertIn('non-zero status code: 1', str(error))

    def test_no_signal_is_complete_and_ignores_signals(self):
        plugin = self.make(signal_transport='NO_SIGNAL')
        utils.run(plugin)
        deployment = self.stack.software_deployment(plugin.resource_id)
        self.assertEqual('COMPLETE', deployment['status'])
        self.assertNotIn(signing.SECRET_KEY, plugin.data)
        self.assertIn('signal ignored', plugin.handle_signal({}))
        self.assertIsNone(plugin.after_signal())

    def test_heat_signal_inputs(self):
        self.flags(group='clients', auth_url='http://keystone:5000/v3')
        plugin = self.make(signal_transport='HEAT_SIGNAL')
        plugin.check_create_complete(plugin.handle_create())
        inputs = derived_inputs(self.stack, plugin.resource_id)
        self.assertEqual(('http://keystone:5000/v3', 'demo'),
                         (inputs['deploy_auth_url'],
                          inputs['deploy_project_id']))
        self.assertNotIn('deploy_signal_id', inputs)

    def test_actions_not_listed_do_nothing(self):
        plugin = self.make(actions=['CREATE'])
        token = plugin.handle_create()
        plugin.check_create_complete(token)
        plugin.handle_signal({})
        plugin.after_signal()
        self.assertIsNone(plugin.handle_suspend())
        self.assertIsNone(plugin.handle_delete())
        self.assertTrue(plugin.check_delete_complete(None))
        self.assertEqual({}, self.stack.deployments)
        self.assertEqual(['source'], list(self.stack.configs))

    def test_update_redeploys_or_asks_for_replacement(self):
        plugin = self.make(input_values={'foo': 'a'})
        token = plugin.handle_create()
        plugin.check_create_complete(token)
        first = self.stack.deployments[plugin.resource_id]['config_id']
        new = dict(plugin.properties, input_values={'foo': 'a', 'bar': 2})
        self.assertTrue(plugin.handle_update(new, {'input_values': None}))
        self.assertNotIn(first, self.stack.configs)
        self.assertEqual('UPDATE', derived_inputs(
            self.stack, plugin.resource_id)['deploy_action'])
        new = dict(plugin.properties, input_values={'foo': 'b'})
        self.assertRaises(exception.UpdateReplace, plugin.handle_update,
                          new, {'input_values': None})

    def test_delete_after_the_config_went(self):
        plugin = self.make(actions=['CREATE', 'DELETE'])
        plugin.check_create_complete(plugin.handle_create())
        del self.stack.configs['source']
        self.assertIsNone(plugin.handle_delete())
        self.assertTrue(plugin.check_delete_complete(None))
        self.assertEqual({}, self.stack.deployments)

    def test_component_config_deploys_for_its_actions(self):
        plugin = self.make()
        self.stack.configs['source'].update(group='component', config={
            'configs': [{'actions': ['CREATE'], 'tool': 'script'}]})
        self.assertFalse(plugin.check_create_complete(
            plugin.handle_create()))
        self.assertIn(plugin.resource_id, self.stack.deployments)
        self.assertIsNone(plugin.handle_suspend())

    def test_resume_token_deploys_once(self):
        plugin = self.make()
        plugin.handle_create()
        self.assertEqual({'deploy': True}, plugin.resume_token('CREATE'))
        plugin.check_create_complete(plugin.resume_token('CREATE'))
        self.assertEqual({}, plugin.resume_token('CREATE'))
        self.assertEqual(1, len(self.stack.deployments))

    def test_unknown_config_and_unavailable_transports(self):
        plugin = self.make(config='nope')
        error = self.assertRaises(exception.Invalid,
                                  plugin.check_create_complete,
                                  plugin.handle_create())
        self.assertIn('resources.deploy.properties.config', str(error))
        for transport in sd.UNAVAILABLE:
            error = self.assertRaises(
                exception.StackValidationFailed,
                sd.SoftwareDeployment.validate_properties,
                {'signal_transport': transport},
                ['resources', 'deploy', 'properties'])
            self.assertIn(transport, str(error))
            self.assertEqual('resources.deploy.properties.signal_transport',
                             '.'.join(error.path))


class TempUrlSignalTest(base.TestCase):
    """TEMP_URL_SIGNAL: the server PUTs its outputs to a Swift object."""

    def setUp(self):
        super().setUp()
        self.stack = DeploymentStack()
        self.swift = swift_fakes.MemorySwift()
        self.stack.client = {'swift': self.swift}.__getitem__
        self.plugin = utils.make(sd.SoftwareDeployment, 'deploy', {
            'config': 'source', 'server': 'server-1',
            'signal_transport': 'TEMP_URL_SIGNAL',
            'actions': ['CREATE', 'UPDATE', 'DELETE']}, stack=self.stack)
        self.token = self.plugin.handle_create()
        self.assertFalse(self.plugin.check_create_complete(self.token))
        self.name = self.plugin.physical_resource_name()

    def put(self, body):
        """What the server's PUT to the temporary URL does."""
        self.swift.put(self.stack.id, self.name, body)

    def test_inputs_name_a_put_temp_url_of_an_empty_object(self):
        inputs = derived_inputs(self.stack, self.plugin.resource_id)
        self.assertEqual('PUT', inputs['deploy_signal_verb'])
        url = inputs['deploy_signal_id']
        self.assertTrue(url.startswith('%s/%s/%s?temp_url_sig=' % (
            swift_fakes.ACCOUNT, self.stack.id, self.name)), url)
        self.assertEqual({self.name: b''},
                         self.swift.containers[self.stack.id]['objects'])
        self.assertNotIn(signing.SECRET_KEY, self.plugin.data)

    def test_the_put_outputs_complete_the_deployment(self):
        self.assertFalse(self.plugin.check_create_complete(self.token))
        self.put(b'{"deploy_status_code": 0, "result": "ok"}')
        self.assertTrue(self.plugin.check_create_complete(self.token))
        self.assertEqual('ok', self.plugin.get_attribute('result'))

    def test_a_failure_or_a_bad_body_fails(self):
        self.put(b'{"deploy_status_code": 2}')
        error = self.assertRaises(sd.DeploymentFailed,
                                  self.plugin.check_create_complete,
                                  self.token)
        self.assertIn('non-zero status code: 2', str(error))
        self.stack.deployments[self.plugin.resource_id]['status'] = \
            'IN_PROGRESS'
        self.put(b'[1]')
        error = self.assertRaises(sd.DeploymentFailed,
                                  self.plugin.check_create_complete,
                                  self.token)
        self.assertIn('not a JSON object', str(error))

    def test_an_update_waits_for_a_new_put(self):
        self.put(b'{"result": "one"}')
        self.assertTrue(self.plugin.check_create_complete(self.token))
        new = dict(self.plugin.properties, input_values={'bar': 2})
        token = self.plugin.handle_update(new, {'input_values': None})
        self.assertFalse(self.plugin.check_update_complete(token))
        self.put(b'{"result": "two"}')
        self.assertTrue(self.plugin.check_update_complete(token))
        self.assertEqual('two', self.plugin.get_attribute('result'))

    def test_delete_waits_then_removes_the_object_and_container(self):
        self.put(b'{}')
        self.assertTrue(self.plugin.check_create_complete(self.token))
        token = self.plugin.handle_delete()
        self.assertFalse(self.plugin.check_delete_complete(token))
        self.put(b'{}')
        self.assertTrue(self.plugin.check_delete_complete(token))
        self.assertEqual({}, self.stack.deployments)
        self.assertEqual({}, self.swift.containers)


class StructuredTest(base.TestCase):

    def test_parse(self):
        snippet = {'a': {'get_input': 'x'}, 'b': [{'get_input': 'y'}, 3],
                   'c': {'get_input': 'x', 'other': 1}, 'd': 'text'}
        self.assertEqual({'a': 1, 'b': [None, 3],
                          'c': {'get_input': 'x', 'other': 1}, 'd': 'text'},
                         structured.parse({'x': 1}, 'get_input', snippet,
                                          False, 'dep'))
        self.assertRaises(structured.InputMissing, structured.parse,
                          {'x': 1}, 'get_input', snippet, True, 'dep')

    def test_derived_config_with_a_custom_input_key(self):
        stack = DeploymentStack()
        stack.configs['source']['config'] = {'word': {'my_input': 'foo'},
                                             'act': {'my_input':
                                                     'deploy_action'}}
        plugin = utils.make(structured.StructuredDeployment, 'deploy', {
            'config': 'source', 'server': 'srv', 'input_key': 'my_input',
            'input_values': {'foo': 'bar'},
            'signal_transport': 'NO_SIGNAL'}, stack=stack)
        utils.run(plugin)
        config = stack.configs[stack.deployments[plugin.resource_id][
            'config_id']]
        self.assertEqual({'word': 'bar', 'act': 'CREATE'}, config['config'])


class DeploymentGroupTest(base.TestCase):

    def test_members(self):
        plugin = utils.make(structured.StructuredDeploymentGroup, 'group', {
            'config': 'c', 'servers': {'a': 's1', 'b': 's2'},
            'signal_transport': 'NO_SIGNAL'})
        template = plugin.child_template()
        self.assertEqual({'a', 'b'}, set(template['resources']))
        member = template['resources']['b']
        self.assertEqual('OS::Heat::StructuredDeployment', member['type'])
        self.assertEqual({'config': 'c', 'server': 's2',
                          'signal_transport': 'NO_SIGNAL',
                          'actions': ['CREATE', 'UPDATE'],
                          'input_key': 'get_input',
                          'input_values_validate': 'LAX'},
                         member['properties'])

    def test_old_names_are_hidden(self):
        self.assertEqual(
            'HIDDEN', deployment_group.SoftwareDeployments.support_status[
                'status'])
        self.assertEqual('HIDDEN',
                         structured.StructuredDeployments.support_status[
                             'status'])


class DeployedServerTest(base.TestCase):

    def test_metadata_for_os_collect_config(self):
        self.flags(group='clients', auth_url='http://keystone:5000/v3')
        stack = utils.FakeStack()
        plugin = utils.make(deployed_server.DeployedServer, 'srv',
                            stack=stack, metadata={
                                'os-collect-config': {
                                    'cfn': {'metadata_url': 'old'}},
                                'own': 1})
        utils.run(plugin)
        self.assertTrue(plugin.resource_id)
        occ = plugin.get_attribute('os_collect_config')
        self.assertEqual({'metadata_url': None}, occ['cfn'])
        self.assertEqual(['heat', 'local'], occ['collectors'])
        self.assertEqual({'auth_url': 'http://keystone:5000/v3',
                          'project_id': 'demo',
                          'stack_id': '%s/%s' % (stack.name, stack.id),
                          'resource_name': 'srv', 'region_name': None},
                         occ['heat'])
        self.assertEqual(([], 1), (plugin.metadata['deployments'],
                                   plugin.metadata['own']))
        self.assertEqual('teststack-srv-abcdefghijkl',
                         plugin.get_attribute('name'))
        self.assertEqual({'os_collect_config': occ},
                         plugin.get_attribute('show'))

    def test_user_transports_need_a_domain(self):
        for transport in ('POLL_SERVER_CFN', 'ZAQAR_MESSAGE'):
            error = self.assertRaises(
                exception.StackValidationFailed,
                deployed_server.DeployedServer.validate_properties,
                {'software_config_transport': transport},
                ['resources', 'srv', 'properties'])
            self.assertIn('stack-user domain', str(error))
        deployed_server.DeployedServer.validate_properties(
            {'software_config_transport': 'POLL_TEMP_URL'},
            ['resources', 'srv', 'properties'])


class ConfigConstraintTest(base.TestCase):
    """``heat.software_config`` without a database: what it lets by."""

    def test_nothing_to_check_without_a_context_or_a_value(self):
        check = engine_constraints.SoftwareConfigConstraint()
        self.assertTrue(check.validate('any-id', None))
        self.assertTrue(check.validate('', object()))
        self.assertIsNone(check.error_message)
