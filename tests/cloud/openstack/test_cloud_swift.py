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

"""Swift containers and signals on the test cloud (its optional
``swift`` service).

A HOT stack makes a container with metadata and a public read ACL, an
S3 bucket, and a SwiftSignal waiting for two signals on its handle;
the test signals as a guest would, by PUTs to the handle's temporary
URL without a token, and puts an object in the container meanwhile.
Swift holds what the template says, the signal's data is what was
PUT, and the delete (with PurgeOnDelete) leaves no container behind.

A software deployment with ``signal_transport: TEMP_URL_SIGNAL`` to an
``OS::Heat::DeployedServer``: the test plays the server's agent, reads
the derived config from the server's metadata and PUTs the outputs to
its ``deploy_signal_id`` (heat-config-notify with TEMP_URL_SIGNAL).
"""

import json

import requests

from tests.cloud.openstack import cloud_base

HOT = '''heat_template_version: 2018-08-31
resources:
  box:
    type: OS::Swift::Container
    properties:
      X-Container-Read: .r:*
      X-Container-Meta: {team: blue}
      PurgeOnDelete: true
  bucket:
    type: AWS::S3::Bucket
    properties:
      AccessControl: PublicRead
      Tags: [{Key: team, Value: green}]
  handle:
    type: OS::Heat::SwiftSignalHandle
  wait:
    type: OS::Heat::SwiftSignal
    properties:
      handle: {get_resource: handle}
      timeout: 600
      count: 2
outputs:
  handle_url: {value: {get_attr: [handle, endpoint]}}
  curl: {value: {get_attr: [handle, curl_cli]}}
  website: {value: {get_attr: [box, WebsiteURL]}}
  root: {value: {get_attr: [box, RootURL]}}
  domain: {value: {get_attr: [box, DomainName]}}
  count: {value: {get_attr: [box, ObjectCount]}}
  bytes: {value: {get_attr: [box, BytesUsed]}}
  bucket_url: {value: {get_attr: [bucket, WebsiteURL]}}
  data: {value: {get_attr: [wait, data]}}
'''

DEPLOYMENT = '''heat_template_version: 2021-04-16
resources:
  server:
    type: OS::Heat::DeployedServer
    properties: {software_config_transport: POLL_SERVER_HEAT}
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
      input_values: {name: swift}
      signal_transport: TEMP_URL_SIGNAL
outputs:
  greeting: {value: {get_attr: [deployment, greeting]}}
'''


class SwiftOnCloudTest(cloud_base.CloudTestCase):

    OPTIONAL_SERVICES = ('swift',)
    USES_COMPUTE = False

    def containers(self):
        return {c.name for c in self.demo.object_store.containers()}

    def test_container_bucket_and_signal(self):
        self.start_heat_vision()
        name = cloud_base.unique('swift')
        stack_id = self.client.create(name, HOT)

        def handle_url():
            response = self.client.show(name, stack_id)
            if response.status_code != 200:
                return None     # a busy host's 503 as wait_stack takes it
            url = {o['output_key']: o['output_value'] for o in
                   response.json()['stack']['outputs']}.get('handle_url')
            return url if str(url).startswith('http') else None
        url = self.wait_for(handle_url, timeout=300)
        ids = self.physical_ids(name, stack_id)
        box = ids['box']
        self.demo.object_store.upload_object(container=box, name='hello',
                                             data=b'hello swift')
        # A guest's signals: no token, the temporary URL only.
        for body in ({'status': 'SUCCESS', 'data': 'one'},
                     {'id': 'second', 'data': {'two': 2}}):
            response = requests.put(url, data=json.dumps(body), timeout=60)
            self.assertEqual(201, response.status_code, response.text)
        stack = self.wait_stack(name, stack_id, 600)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])

        outputs = self.outputs(name, stack_id)
        self.assertEqual({'1': 'one', 'second': {'two': 2}},
                         json.loads(outputs['data']))
        self.assertEqual("curl -i -X PUT '%s'" % url, outputs['curl'])
        account = self.demo.object_store.get_endpoint().rstrip('/')
        self.assertEqual(account, outputs['root'])
        self.assertEqual(account + '/' + box, outputs['website'])
        self.assertEqual('127.0.0.1', outputs['domain'])
        self.assertEqual((1, len(b'hello swift')),
                         (outputs['count'], outputs['bytes']))
        self.assertEqual(account + '/' + ids['bucket'],
                         outputs['bucket_url'])
        metadata = self.demo.object_store.get_container_metadata(box)
        self.assertEqual({'team': 'blue'}, metadata.metadata)
        bucket = self.demo.object_store.get_container_metadata(
            ids['bucket'])
        self.assertEqual('.r:*', bucket.read_ACL)
        self.assertEqual({'s3-tag-team': 'green'}, bucket.metadata)
        # The container's read ACL lets anyone read its objects.
        public = requests.get(outputs['website'] + '/hello', timeout=60)
        self.assertEqual(b'hello swift', public.content)
        self.assertEqual({box, ids['bucket'], stack_id}, self.containers())

        self.delete_stack(name, stack_id)
        self.assertEqual(set(), self.containers())

    def test_deployment_signalled_through_a_temp_url(self):
        self.start_heat_vision()
        name = cloud_base.unique('tempurl')
        stack_id = self.client.create(name, DEPLOYMENT)

        def deployed():
            response = self.client.request(
                'GET', '/stacks/%s/%s/resources/server/metadata' % (
                    name, stack_id))
            if response.status_code != 200:
                return None
            return response.json()['metadata'].get('deployments') or None
        [config] = self.wait_for(deployed)
        inputs = {i['name']: i.get('value') for i in config['inputs']}
        self.assertEqual(('TEMP_URL_SIGNAL', 'PUT'),
                         (inputs['deploy_signal_transport'],
                          inputs['deploy_signal_verb']))
        response = requests.put(
            inputs['deploy_signal_id'], timeout=60,
            data=json.dumps({'deploy_status_code': 0,
                             'deploy_stdout': 'swift\n',
                             'greeting': 'hello swift'}))
        self.assertEqual(201, response.status_code, response.text)
        stack = self.wait_stack(name, stack_id, 600)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        self.assertEqual('hello swift',
                         self.outputs(name, stack_id)['greeting'])
        self.assertEqual({stack_id}, self.containers())
        self.delete_stack(name, stack_id)
        self.assertEqual(set(), self.containers())
