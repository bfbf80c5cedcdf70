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

"""heat-vision-relay as its own process, reaching the native API over
HTTP (the distributed deployment), beside a heat-vision-all that does
not mount the relay itself.
"""

import os

import boto3
import botocore.config
from heatclient import client as heat_client
import requests

from tests.functional.compat import base
from tests.functional.compat import test_cfn_relay
from tests.functional import processes
from tests import waiting


class RelayProcessTest(base.ServiceTestCase):

    SERVICE_CONFIG = {'relay': {'mount_in_api': 'false'}}

    def setUp(self):
        super().setUp()
        port = processes.free_port()
        config = processes.write_config(
            os.path.join(self.service.dir, 'relay.conf'),
            {'relay': {'bind_port': port,
                       'native_api_url': self.service.root}})
        self.relay = self.useFixture(processes.Process(
            'heat-vision-relay', ['--config-file', config],
            self.service.dir, label='relay'))
        self.relay.attach_log_to(self)
        self.relay_root = 'http://127.0.0.1:%d' % port
        processes.wait_for_http(self.relay_root + '/v1/demo/relay/cfn',
                                self.relay)

    def test_cfn_through_the_relay_process(self):
        cfn = boto3.client(
            'cloudformation', region_name='RegionOne',
            endpoint_url=self.relay_root + '/v1/demo/relay/cfn',
            aws_access_key_id='any', aws_secret_access_key='any',
            config=botocore.config.Config(retries={'max_attempts': 1}))
        name = self.unique('remote')
        arn = cfn.create_stack(StackName=name,
                               TemplateBody=test_cfn_relay.CFN_TEMPLATE)
        self.assertIn('/%s/' % name, arn['StackId'])

        def complete():
            [stack] = cfn.describe_stacks(StackName=name)['Stacks']
            return stack['StackStatus'] == 'CREATE_COMPLETE' and stack
        stack = waiting.wait_until(complete)
        self.assertEqual('hello', stack['Outputs'][0]['OutputValue'])

        heat = heat_client.Client('1', endpoint=self.service.endpoint,
                                  token='compat-token')
        native = heat.stacks.get(name)
        self.assertEqual('CREATE_COMPLETE', native.stack_status)
        self.assertIn('relay:cfn', native.tags)
        cfn.delete_stack(StackName=name)
        waiting.wait_until(lambda: heat.stacks.get(
            native.id).stack_status == 'DELETE_COMPLETE')

    def test_not_mounted_in_the_api(self):
        response = requests.get(self.service.endpoint + '/relay/cfn',
                                timeout=30)
        self.assertEqual(404, response.status_code)
