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
"""POLL_TEMP_URL and ZAQAR_MESSAGE on the test cloud, read as
os-collect-config reads them.

One stack, no Nova server: two OS::Heat::DeployedServer, one polled
through a Swift temporary URL, one fed through a Zaqar queue, and a
deployment to each (HEAT_SIGNAL). The guest of the first does what
os-collect-config's request collector does (os_collect_config/request.py:
HEAD then GET of ``request.metadata_url``), the guest of the second what
its zaqar collector does (os_collect_config/zaqar.py: log in with the
``zaqar`` section, pop a message of ``queue_id``); each finds its
deployment's config once it is deployed (pushed again by the engine),
then signals it, and the stack completes with both outputs. After the
delete the Swift container and the queue user are gone.
"""

import uuid

from heatclient import client as heat_client
from keystoneauth1 import adapter
import requests

from tests.cloud.openstack import cloud_base
from tests.cloud.openstack import test_cloud_zaqar_signal as zaqar_signal

TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: "#!/bin/sh\\necho hi"
      outputs: [{name: result}]
  by_swift:
    type: OS::Heat::DeployedServer
    properties: {software_config_transport: POLL_TEMP_URL}
  by_zaqar:
    type: OS::Heat::DeployedServer
    properties: {software_config_transport: ZAQAR_MESSAGE}
  swift_deployment:
    type: OS::Heat::SoftwareDeployment
    properties:
      config: {get_resource: config}
      server: {get_resource: by_swift}
      signal_transport: HEAT_SIGNAL
  zaqar_deployment:
    type: OS::Heat::SoftwareDeployment
    properties:
      config: {get_resource: config}
      server: {get_resource: by_zaqar}
      signal_transport: HEAT_SIGNAL
outputs:
  swift_result: {value: {get_attr: [swift_deployment, result]}}
  zaqar_result: {value: {get_attr: [zaqar_deployment, result]}}
'''


class PushedMetadataTest(cloud_base.CloudTestCase):

    OPTIONAL_SERVICES = ('swift', 'zaqar')
    USES_COMPUTE = False

    stack_user_domain = zaqar_signal.ZaqarSignalTest.stack_user_domain
    session = zaqar_signal.ZaqarSignalTest.session
    create_with_stack_users = \
        zaqar_signal.ZaqarSignalTest.create_with_stack_users

    def occ(self, owner, stack_id, name, section):
        try:
            occ = owner.resources.get(stack_id, name).attributes[
                'os_collect_config']
        except Exception:
            return None
        return (occ or {}).get(section, {}).get(
            'metadata_url' if section == 'request' else 'user_id') and occ

    def request_collect(self, url):
        """os-collect-config's request collector: HEAD, then GET."""
        head = requests.head(url, timeout=30)
        if head.status_code != 200:
            return None
        answer = requests.get(url, timeout=30)
        answer.raise_for_status()
        return answer.json()

    def zaqar_collect(self, zaqar):
        """os-collect-config's zaqar collector: pop one message."""
        session = self.session(zaqar['user_id'], zaqar['password'],
                               zaqar['project_id'])
        api = adapter.Adapter(session, service_type='messaging',
                              interface='public',
                              region_name=zaqar['region_name'])
        popped = api.delete(
            '/v2/queues/%s/messages?pop=1' % zaqar['queue_id'],
            headers={'Client-ID': str(uuid.uuid4())}, raise_exc=False)
        if popped.status_code != 200:
            return None
        messages = popped.json().get('messages') or []
        return messages[0]['body'] if messages else None

    def deployed_inputs(self, metadata):
        deployments = (metadata or {}).get('deployments') or []
        if not deployments:
            return None
        return {i['name']: i['value'] for i in deployments[0]['inputs']}

    def signal(self, inputs, result):
        endpoint = 'http://127.0.0.1:%d/v1/%s' % (
            self.port, inputs['deploy_project_id'])
        notify = heat_client.Client('1', endpoint=endpoint,
                                    session=self.session(
                                        inputs['deploy_user_id'],
                                        inputs['deploy_password'],
                                        inputs['deploy_project_id']))
        notify.resources.signal(inputs['deploy_stack_id'],
                                inputs['deploy_resource_name'],
                                data={'deploy_status_code': 0,
                                      'result': result})

    def test_temp_url_and_zaqar_as_the_guests(self):
        owner, name, stack_id = self.create_with_stack_users('push',
                                                             TEMPLATE)

        swift_occ = self.wait_for(lambda: self.occ(
            owner, stack_id, 'by_swift', 'request'), timeout=300)
        self.assertEqual(['request', 'local'], swift_occ['collectors'])
        url = swift_occ['request']['metadata_url']
        inputs = self.wait_for(lambda: self.deployed_inputs(
            self.request_collect(url)), timeout=300)
        self.assertEqual('swift_deployment', inputs['deploy_resource_name'])
        self.signal(inputs, 'read from swift')

        zaqar_occ = self.wait_for(lambda: self.occ(
            owner, stack_id, 'by_zaqar', 'zaqar'), timeout=300)
        zaqar = zaqar_occ['zaqar']
        self.assertEqual(['zaqar', 'local'], zaqar_occ['collectors'])
        # Messages come in order: the one made with the server has no
        # deployment yet; the engine's push after the deployment has.
        inputs = self.wait_for(lambda: self.deployed_inputs(
            self.zaqar_collect(zaqar)), timeout=300)
        self.assertEqual('zaqar_deployment', inputs['deploy_resource_name'])
        self.signal(inputs, 'popped from zaqar')

        stack = self.wait_stack(name, stack_id, 300)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack.get('stack_status_reason'))
        self.assertEqual({'swift_result': 'read from swift',
                          'zaqar_result': 'popped from zaqar'},
                         self.outputs(name, stack_id))

        self.delete_stack(name, stack_id)
        self.assertEqual(404, requests.get(url, timeout=30).status_code)
        self.assertIsNone(self.admin.identity.find_user(zaqar['user_id']))
