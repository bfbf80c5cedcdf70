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

"""Software deployments driven as a server's agent drives them.

The test plays os-collect-config (it reads the server's metadata
through the resource metadata API) and heat-config-notify (it signals
the outputs back as the deployment's ``deploy_signal_transport`` says:
a POST to ``deploy_signal_id`` for CFN_SIGNAL, the resource signal API
at ``deploy_stack_id``/``deploy_resource_name`` for HEAT_SIGNAL).
"""

import urllib.parse

from tests.component.engine import stack_ops
from tests import waiting

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  transport: {type: string, default: CFN_SIGNAL}
  foo: {type: string, default: bar}
  actions: {type: comma_delimited_list, default: [CREATE, UPDATE]}
resources:
  server: {type: OS::Heat::DeployedServer}
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: echo hi
      inputs: [{name: foo}]
      outputs: [{name: result}, {name: broken, error_output: true}]
  deployment:
    type: OS::Heat::SoftwareDeployment
    properties:
      config: {get_resource: config}
      server: {get_resource: server}
      input_values: {foo: {get_param: foo}}
      signal_transport: {get_param: transport}
      actions: {get_param: actions}
outputs:
  result: {value: {get_attr: [deployment, result]}}
  stdout: {value: {get_attr: [deployment, deploy_stdout]}}
  code: {value: {get_attr: [deployment, deploy_status_code]}}
  server: {value: {get_resource: server}}
'''

STRUCTURED = '''heat_template_version: 2021-04-16
resources:
  server: {type: OS::Heat::DeployedServer}
  config:
    type: OS::Heat::StructuredConfig
    properties:
      group: apply-config
      config:
        word: {get_input: foo}
        action: {get_input: deploy_action}
        kept: [1, {get_input: foo}]
  deployment:
    type: OS::Heat::StructuredDeployment
    properties:
      config: {get_resource: config}
      server: {get_resource: server}
      input_values: {foo: bar}
      signal_transport: NO_SIGNAL
'''

GROUP = '''heat_template_version: 2021-04-16
resources:
  one: {type: OS::Heat::DeployedServer}
  two: {type: OS::Heat::DeployedServer}
  config:
    type: OS::Heat::SoftwareConfig
    properties: {group: script, config: echo hi}
  deployments:
    type: OS::Heat::SoftwareDeploymentGroup
    properties:
      config: {get_resource: config}
      servers: {first: {get_resource: one}, second: {get_resource: two}}
      signal_transport: HEAT_SIGNAL
outputs:
  stdouts: {value: {get_attr: [deployments, deploy_stdouts]}}
'''


class DeploymentTestCase(stack_ops.StackOpsTestCase):

    template = None

    def start(self, name, template=TEMPLATE, **params):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': template,
            'parameters': params})
        self.assertEqual(201, response.status_int, response.body)
        self.stack_name = name
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/demo/stacks/%s/%s' % (name, self.stack_id)
        return self.stack_id

    def metadata(self, server='server', path=None):
        """The server's metadata, as os-collect-config's heat collector
        reads it.
        """
        response = self.service.request(
            'GET', '%s/resources/%s/metadata' % (path or self.path, server))
        self.assertEqual(200, response.status_int, response.body)
        return response.json['metadata']

    def deployed(self, action, server='server', count=1):
        """Wait for ``count`` configs deployed for ``action``."""
        def found():
            configs = [c for c in self.metadata(server).get(
                'deployments', []) if inputs(c).get('deploy_action') ==
                action]
            return configs if len(configs) == count else None
        return waiting.wait_until(found, describe='%s deployed' % action)

    def notify(self, config, outputs, expected=200):
        """Signal the outputs back, as heat-config-notify does."""
        values = inputs(config)
        if values['deploy_signal_transport'] == 'CFN_SIGNAL':
            url = urllib.parse.urlsplit(values['deploy_signal_id'])
            response = self.service.request(
                values['deploy_signal_verb'], '%s?%s' % (url.path,
                                                         url.query),
                body=outputs)
        else:
            response = self.service.request(
                'POST', '/v1/%s/stacks/%s/resources/%s/signal' % (
                    values['deploy_project_id'], values['deploy_stack_id'],
                    values['deploy_resource_name']), body=outputs)
        self.assertEqual(expected, response.status_int, response.body)
        return response

    def outputs(self):
        stack = self.service.request('GET', self.path).json['stack']
        return {o['output_key']: o['output_value'] for o in stack['outputs']}

    def deployments(self, server_id):
        return self.service.request(
            'GET', '/v1/demo/software_deployments?server_id=%s' %
            server_id).json['software_deployments']


def inputs(config):
    return {item['name']: item.get('value') for item in config['inputs']}


class SoftwareDeploymentTest(DeploymentTestCase):

    def test_cfn_signal_completes_the_create(self):
        self.start('cfn')
        [config] = self.deployed('CREATE')
        values = inputs(config)
        self.assertEqual('bar', values['foo'])
        self.assertEqual('cfn/%s' % self.stack_id, values['deploy_stack_id'])
        self.assertEqual('deployment', values['deploy_resource_name'])
        self.assertIn('signature=', values['deploy_signal_id'])
        self.assertEqual('echo hi', config['config'])
        self.assertEqual('script', config['group'])
        self.assertEqual('IN_PROGRESS', self.states()['deployment'].split(
            '_', 1)[1])
        self.notify(config, {'deploy_stdout': 'hi', 'deploy_stderr': '',
                             'deploy_status_code': 0, 'result': 'ok'})
        self.wait('CREATE_COMPLETE')
        outputs = self.outputs()
        self.assertEqual({'result': 'ok', 'stdout': 'hi', 'code': 0},
                         {k: outputs[k] for k in ('result', 'stdout',
                                                  'code')})
        # The deployments API shows the server the same configs.
        server_id = outputs['server']
        response = self.service.request(
            'GET', '/v1/demo/software_deployments/metadata/%s' % server_id)
        self.assertEqual([config['id']], [
            c['id'] for c in response.json['metadata']])
        [deployment] = self.deployments(server_id)
        self.assertEqual(('CREATE', 'COMPLETE', 'Outputs received'),
                         (deployment['action'], deployment['status'],
                          deployment['status_reason']))
        occ = self.metadata()['os-collect-config']
        self.assertEqual(['heat', 'local'], occ['collectors'])
        self.assertEqual('server', occ['heat']['resource_name'])

    def test_heat_signal_and_a_failure(self):
        self.start('failing', transport='HEAT_SIGNAL')
        [config] = self.deployed('CREATE')
        self.assertEqual('demo', inputs(config)['deploy_project_id'])
        self.notify(config, {'deploy_status_code': 2,
                             'deploy_stderr': 'boom'})
        stack = self.wait('CREATE_FAILED')
        self.assertIn('Deployment to server failed: deploy_status_code : '
                      'Deployment exited with non-zero status code: 2',
                      stack['stack_status_reason'])
        # A failed create takes no more signals.
        self.notify(config, {'deploy_status_code': 0}, expected=400)

    def test_error_output_fails(self):
        self.start('erroring')
        [config] = self.deployed('CREATE')
        self.notify(config, {'deploy_status_code': 0, 'broken': 'disk'})
        stack = self.wait('CREATE_FAILED')
        self.assertIn('broken : disk', stack['stack_status_reason'])

    def test_no_signal_completes_at_once(self):
        self.start('nosignal', transport='NO_SIGNAL')
        self.wait('CREATE_COMPLETE')
        [config] = self.deployed('CREATE')
        self.assertNotIn('deploy_signal_id', inputs(config))
        self.assertIsNone(self.outputs()['stdout'])
        # A deployment not in progress ignores what it is sent.
        response = self.service.request(
            'POST', self.path + '/resources/deployment/signal',
            body={'deploy_status_code': 0, 'deploy_stdout': 'late'})
        self.assertEqual(200, response.status_int, response.body)
        self.assertIsNone(self.outputs()['stdout'])

    def test_update_redeploys_and_forgets_the_old_config(self):
        self.start('update')
        [created] = self.deployed('CREATE')
        self.notify(created, {'deploy_status_code': 0})
        self.wait('CREATE_COMPLETE')
        server_id = self.outputs()['server']
        response = self.service.request('PATCH', self.path, body={
            'parameters': {'foo': 'baz'}})
        self.assertEqual(202, response.status_int, response.body)
        [updated] = self.deployed('UPDATE')
        self.assertEqual('baz', inputs(updated)['foo'])
        # The old derived config goes once the new one is deployed.
        waiting.wait_until(lambda: self.service.request(
            'GET', '/v1/demo/software_configs/%s' %
            created['id']).status_int == 404,
            describe='the old derived config deleted')
        self.notify(updated, {'deploy_status_code': 0,
                              'deploy_stdout': 'again'})
        self.wait('UPDATE_COMPLETE')
        self.assertEqual('again', self.outputs()['stdout'])
        [deployment] = self.deployments(server_id)
        self.assertEqual(updated['id'], deployment['config_id'])

    def test_delete_and_suspend_deploy_when_asked(self):
        self.start('lifecycle', actions='CREATE,SUSPEND,RESUME,DELETE')
        self.notify(self.deployed('CREATE')[0], {'deploy_status_code': 0})
        self.wait('CREATE_COMPLETE')
        server_id = self.outputs()['server']
        self.action('suspend')
        self.notify(self.deployed('SUSPEND')[0], {'deploy_status_code': 0})
        self.wait('SUSPEND_COMPLETE')
        self.action('resume')
        self.notify(self.deployed('RESUME')[0], {'deploy_status_code': 0})
        self.wait('RESUME_COMPLETE')
        response = self.service.request('DELETE', self.path)
        self.assertEqual(204, response.status_int, response.body)
        self.notify(self.deployed('DELETE')[0], {'deploy_status_code': 0})
        gone = self.service.wait_for_stack('demo', 'lifecycle')
        self.assertEqual(404, gone.status_int)
        self.assertEqual([], self.deployments(server_id))

    def test_the_zaqar_transport_is_refused(self):
        for transport in ('ZAQAR_SIGNAL',):
            response = self.service.request(
                'POST', '/v1/demo/stacks', body={
                    'stack_name': 'refused', 'template': TEMPLATE,
                    'parameters': {'transport': transport}})
            self.assertEqual(400, response.status_int, response.body)
            self.assertIn('resources.deployment.properties.signal_transport',
                          response.text)
            self.assertIn(transport, response.text)


class StructuredDeploymentTest(DeploymentTestCase):

    def test_inputs_replace_get_input(self):
        self.start('structured', STRUCTURED)
        self.wait('CREATE_COMPLETE')
        [config] = self.deployed('CREATE')
        self.assertEqual({'word': 'bar', 'action': 'CREATE',
                          'kept': [1, 'bar']}, config['config'])


class DeploymentGroupTest(DeploymentTestCase):

    def test_one_deployment_per_server(self):
        self.start('group', GROUP)
        for server, stdout in (('one', 'from one'), ('two', 'from two')):
            [config] = self.deployed('CREATE', server)
            self.assertIn(inputs(config)['deploy_resource_name'],
                          ('first', 'second'))
            self.notify(config, {'deploy_status_code': 0,
                                 'deploy_stdout': stdout})
        self.wait('CREATE_COMPLETE')
        self.assertEqual({'first': 'from one', 'second': 'from two'},
                         self.outputs()['stdouts'])


BATCHED = '''heat_template_version: 2021-04-16
parameters:
  word: {type: string, default: one}
resources:
  a: {type: OS::Heat::DeployedServer}
  b: {type: OS::Heat::DeployedServer}
  c: {type: OS::Heat::DeployedServer}
  config:
    type: OS::Heat::SoftwareConfig
    properties: {group: script, config: echo, inputs: [{name: word}]}
  deployments:
    type: OS::Heat::SoftwareDeploymentGroup
    update_policy:
      batch_create: {max_batch_size: 2}
      rolling_update: {max_batch_size: 1}
    properties:
      config: {get_resource: config}
      input_values: {word: {get_param: word}}
      servers:
        first: {get_resource: a}
        second: {get_resource: b}
        third: {get_resource: c}
'''


class DeploymentGroupBatchesTest(DeploymentTestCase):

    def pending(self, action):
        """``{server: its config}`` of the configs deployed for action."""
        found = {}
        for server in ('a', 'b', 'c'):
            for config in self.metadata(server).get('deployments', []):
                if inputs(config)['deploy_action'] == action:
                    found[server] = config
        return found

    def test_batch_create_then_rolling_update(self):
        self.start('batches', BATCHED)

        def two_or_more():
            found = self.pending('CREATE')
            return found if len(found) >= 2 else None
        # The third waits for the first batch of two, which waits for
        # its signals.
        first = waiting.wait_until(two_or_more)
        self.assertEqual(2, len(first), first)
        for config in first.values():
            self.notify(config, {'deploy_status_code': 0})
        [last] = set('abc') - set(first)
        self.notify(self.deployed('CREATE', last)[0],
                    {'deploy_status_code': 0})
        self.wait('CREATE_COMPLETE')
        response = self.service.request('PATCH', self.path, body={
            'parameters': {'word': 'two'}})
        self.assertEqual(202, response.status_int, response.body)
        updated = {}

        def fresh():
            return {server: config for server, config in
                    self.pending('UPDATE').items()
                    if server not in updated} or None
        for number in range(3):
            # One member at a time: the next once this one signalled.
            [(server, config)] = waiting.wait_until(fresh).items()
            self.assertEqual('two', inputs(config)['word'])
            self.assertEqual(number + 1, len(self.pending('UPDATE')))
            updated[server] = config
            self.notify(config, {'deploy_status_code': 0})
        self.wait('UPDATE_COMPLETE')


class ConfigConstraintTest(DeploymentTestCase):

    def test_a_literal_config_must_exist(self):
        template = TEMPLATE.replace('config: {get_resource: config}',
                                    'config: {get_param: config_id}')
        template = template.replace(
            'parameters:\n', 'parameters:\n  config_id: {type: string}\n', 1)
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'noconfig', 'template': template,
            'parameters': {'config_id': 'no-such-config'}})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('resources.deployment.properties.config', response.text)
        self.assertIn('The software config (no-such-config) could not be '
                      'found', response.text)
        stored = self.service.request('POST', '/v1/demo/software_configs',
                                      body={'name': 'c', 'config': 'x'})
        self.start('withconfig', template,
                   config_id=stored.json['software_config']['id'],
                   transport='NO_SIGNAL')
        self.wait('CREATE_COMPLETE')


class ServerUserDataFormatTest(DeploymentTestCase):
    """Heat's check: a server of the stack that software is deployed to
    has ``user_data_format: SOFTWARE_CONFIG``.
    """

    def server_template(self, user_data_format):
        server = ('{type: OS::Nova::Server, properties: {image: img, '
                  'flavor: small, user_data_format: %s}}' % user_data_format)
        return TEMPLATE.replace('server: {type: OS::Heat::DeployedServer}',
                                'server: ' + server)

    def test_only_software_config_servers_take_deployments(self):
        response = self.service.request('POST', '/v1/demo/validate', body={
            'template': self.server_template('RAW')})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn("Resource server's property user_data_format should "
                      "be set to SOFTWARE_CONFIG", response.text)
        self.assertIn('resources.deployment.properties.server',
                      response.text)
        response = self.service.request('POST', '/v1/demo/validate', body={
            'template': self.server_template('SOFTWARE_CONFIG')})
        self.assertEqual(200, response.status_int, response.body)


class UpdatePolicyValidationTest(DeploymentTestCase):

    def test_a_bad_batch_size_is_refused_at_validation(self):
        template = BATCHED.replace('batch_create: {max_batch_size: 2}',
                                   'batch_create: {max_batch_size: 0}')
        response = self.service.request('POST', '/v1/demo/validate',
                                        body={'template': template})
        self.assertEqual(400, response.status_int, response.body)
        self.assertIn('resources.deployments.update_policy.batch_create.'
                      'max_batch_size', response.text)
