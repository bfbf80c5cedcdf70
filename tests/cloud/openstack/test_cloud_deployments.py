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

"""A software deployment to a real Nova server of the test cloud.

The test plays the server's agent: it reads the server resource's
metadata (os-collect-config's heat collector), finds the deployment's
derived config under ``deployments`` and POSTs the outputs to its signed
``deploy_signal_id`` (heat-config-notify with CFN_SIGNAL). The stack then
completes with the outputs as the deployment's attributes, and its
delete leaves nothing in the cloud.
"""

import json

import requests

from tests.cloud.openstack import cloud_base

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  image: {type: string}
  flavor: {type: string}
resources:
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.40.0.0/24}
  server:
    type: OS::Nova::Server
    depends_on: subnet
    properties:
      image: {get_param: image}
      flavor: {get_param: flavor}
      networks: [{network: {get_resource: net}}]
      user_data_format: SOFTWARE_CONFIG
      software_config_transport: POLL_SERVER_HEAT
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: "#!/bin/sh\\necho $name"
      inputs: [{name: name}]
      outputs: [{name: greeting}]
  deployment:
    type: OS::Heat::SoftwareDeployment
    properties:
      config: {get_resource: config}
      server: {get_resource: server}
      input_values: {name: nova}
outputs:
  greeting: {value: {get_attr: [deployment, greeting]}}
  server: {value: {get_resource: server}}
'''


class CloudDeploymentTest(cloud_base.CloudTestCase):

    def test_agent_completes_the_deployment(self):
        self.start_heat_vision()
        name = cloud_base.unique('deploy')
        stack_id = self.client.create(name, TEMPLATE, parameters={
            'image': self.image.id, 'flavor': self.flavors[0].name})

        def deployed():
            response = self.client.request(
                'GET', '/stacks/%s/%s/resources/server/metadata' % (
                    name, stack_id))
            if response.status_code != 200:
                return None
            return response.json()['metadata'].get('deployments') or None
        [config] = self.wait_for(deployed)
        inputs = {i['name']: i.get('value') for i in config['inputs']}
        self.assertEqual(('nova', 'CREATE', 'CFN_SIGNAL'),
                         (inputs['name'], inputs['deploy_action'],
                          inputs['deploy_signal_transport']))
        response = requests.post(
            inputs['deploy_signal_id'], timeout=60,
            data=json.dumps({'deploy_status_code': 0,
                             'deploy_stdout': 'nova\n',
                             'greeting': 'hello nova'}),
            headers={'content-type': 'application/json'})
        self.assertEqual(200, response.status_code, response.text)
        stack = self.wait_stack(name, stack_id, 900)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        outputs = self.outputs(name, stack_id)
        self.assertEqual('hello nova', outputs['greeting'])
        server = self.demo.compute.get_server(outputs['server'])
        self.assertEqual(server.id, inputs['deploy_server_id'])
        self.delete_stack(name, stack_id)
        self.assertEqual(self.before, self.cloud_objects())
