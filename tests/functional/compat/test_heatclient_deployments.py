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

"""heatclient's stack list filters and software deployments."""

import json

from heatclient import exc as heat_exc
import requests

from tests.functional.compat import test_heatclient
from tests import waiting


class HeatclientListFilterTest(test_heatclient.HeatclientTestCase):

    def test_tag_filters(self):
        tag = self.unique('tag')
        tagged, _ = self.create(tags='%s,common' % tag)
        plain, _ = self.create()

        def names(**filters):
            return {s.stack_name for s in self.heat.stacks.list(
                filters=filters)}

        self.assertEqual({tagged}, names(tags=tag))
        self.assertEqual({tagged}, names(tags_any='%s,nope' % tag))
        self.assertNotIn(tagged, names(not_tags_any=tag))
        self.assertIn(plain, names(not_tags='%s,common' % tag))

    def test_global_tenant_needs_admin(self):
        self.assertRaises(heat_exc.HTTPForbidden, list,
                          self.heat.stacks.list(global_tenant=True))


class HeatclientDeploymentTest(test_heatclient.HeatclientTestCase):

    def test_lifecycle(self):
        config = self.heat.software_configs.create(
            name=self.unique('cfg'), group='script', config='echo hi',
            inputs=[{'name': 'foo'}])
        server_id = self.unique('server')
        deployment = self.heat.software_deployments.create(
            config_id=config.id, server_id=server_id,
            input_values={'foo': 'bar'}, action='CREATE',
            status='IN_PROGRESS')
        self.assertEqual('IN_PROGRESS', deployment.status)
        self.assertEqual(
            [deployment.id],
            [d.id for d in self.heat.software_deployments.list(
                server_id=server_id)])
        [deployed] = self.heat.software_deployments.metadata(server_id)
        self.assertEqual(config.id, deployed['id'])
        self.assertEqual('bar', deployed['inputs'][0]['value'])
        updated = self.heat.software_deployments.update(
            deployment.id, status='COMPLETE',
            output_values={'result': 'ok'})
        self.assertEqual('COMPLETE', updated.status)
        self.assertEqual({'result': 'ok'},
                         self.heat.software_deployments.get(
                             deployment.id).output_values)
        self.heat.software_deployments.delete(deployment.id)
        self.assertRaises(heat_exc.HTTPNotFound,
                          self.heat.software_deployments.get, deployment.id)
        self.heat.software_configs.delete(config.id)


DEPLOYED = '''heat_template_version: 2021-04-16
parameters:
  transport: {type: string}
resources:
  server: {type: OS::Heat::DeployedServer}
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: "#!/bin/sh\\necho $greeting"
      inputs: [{name: greeting}]
      outputs: [{name: said}]
  deployment:
    type: OS::Heat::SoftwareDeployment
    properties:
      config: {get_resource: config}
      server: {get_resource: server}
      input_values: {greeting: hello}
      signal_transport: {get_param: transport}
outputs:
  said: {value: {get_attr: [deployment, said]}}
  code: {value: {get_attr: [deployment, deploy_status_code]}}
'''


class HeatclientDeployedServerTest(test_heatclient.HeatclientTestCase):
    """A DeployedServer configured the way its agent does it.

    The test is os-collect-config's heat collector (it polls the
    server's resource metadata with heatclient) and heat-config-notify
    (it signals what the config printed, by the deployment's
    ``deploy_signal_transport``).
    """

    def collect(self, stack_id):
        """The configs deployed to the server, once there are any."""
        def deployments():
            metadata = self.heat.resources.metadata(stack_id, 'server')
            return metadata.get('deployments') or None
        return waiting.wait_until(deployments, describe='a deployment')

    def notify(self, config, outputs):
        inputs = {i['name']: i.get('value') for i in config['inputs']}
        if inputs['deploy_signal_transport'] == 'CFN_SIGNAL':
            response = requests.request(
                inputs['deploy_signal_verb'], inputs['deploy_signal_id'],
                data=json.dumps(outputs),
                headers={'content-type': 'application/json'}, timeout=30)
            response.raise_for_status()
        else:
            self.heat.resources.signal(inputs['deploy_stack_id'],
                                       inputs['deploy_resource_name'],
                                       data=outputs)

    def check(self, transport):
        name, stack_id = self.create(template=DEPLOYED, wait=False,
                                     parameters={'transport': transport})
        [config] = self.collect(stack_id)
        greeting = {i['name']: i.get('value')
                    for i in config['inputs']}['greeting']
        self.assertEqual('IN_PROGRESS', self.heat.stacks.get(
            stack_id).stack_status.split('_', 1)[1])
        self.notify(config, {'deploy_stdout': greeting + '\n',
                             'deploy_stderr': '', 'deploy_status_code': 0,
                             'said': greeting})
        stack = self.wait_for(name, 'CREATE_COMPLETE')
        outputs = {o['output_key']: o['output_value'] for o in stack.outputs}
        self.assertEqual({'said': 'hello', 'code': 0}, outputs)
        deployment = self.heat.software_deployments.get(
            self.heat.resources.get(stack_id,
                                    'deployment').physical_resource_id)
        self.assertEqual(('COMPLETE', 'hello\n'),
                         (deployment.status,
                          deployment.output_values['deploy_stdout']))
        self.heat.stacks.delete(stack_id)
        self.wait_for_deleted(stack_id)
        self.assertEqual([], self.heat.software_deployments.metadata(
            deployment.server_id))

    def wait_for_deleted(self, stack_id):
        def gone():
            try:
                stack = self.heat.stacks.get(stack_id)
            except heat_exc.HTTPNotFound:
                return True
            return stack.stack_status == 'DELETE_COMPLETE' or None
        waiting.wait_until(gone, describe='stack deleted')

    def test_cfn_signal(self):
        self.check('CFN_SIGNAL')

    def test_heat_signal(self):
        self.check('HEAT_SIGNAL')
