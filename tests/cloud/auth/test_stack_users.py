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
"""AWS::IAM::User and AWS::IAM::AccessKey against a real Keystone.

heat-vision-all behind the test Keystone with a stack-user domain made
as devstack makes Heat's (``keystone_service.stack_user_domain``). A
stack of a user with a login password, an access policy and an access
key is created: the user is in the domain, in the stack's project there,
can log in with its password as a guest would, and owns an EC2
credential whose blob holds the access key (the key's physical id) and
the secret (its ``SecretAccessKey``). After the stack's delete the user,
the credential and the project are gone.

A stack of an OS::Heat::DeployedServer (POLL_SERVER_HEAT) and a software
deployment to it (HEAT_SIGNAL) is then driven as the server's agent
drives it: with only the credentials of the server's
``os_collect_config`` the guest reads the server's metadata (the
deployment is there), then signals the deployment with the deployment's
own ``deploy_*`` user, as heat-config-notify does, and the stack
completes with its outputs; the server's credentials cannot show the
stack. After the delete both users are gone.
"""

import json
from urllib import parse
from xml.etree import ElementTree

from heatclient import client as heat_client
from heatclient import exc as heat_exc
from keystoneauth1.identity import v3
from keystoneauth1 import session as ks_session
from keystoneclient.contrib.ec2 import utils as ec2_utils
import requests

from tests.cloud.auth import base
from tests.cloud import keystone_service
from tests.functional.compat import base as compat_base
from tests import waiting

TEMPLATE = '''AWSTemplateFormatVersion: '2010-09-09'
Resources:
  Policy:
    Type: OS::Heat::AccessPolicy
    Properties: {AllowedResources: [Key]}
  User:
    Type: AWS::IAM::User
    Properties:
      LoginProfile: {Password: hv-guest-secret-1}
      Policies: [{Ref: Policy}]
  Key:
    Type: AWS::IAM::AccessKey
    Properties: {UserName: {Ref: User}}
Outputs:
  Secret: {Value: {'Fn::GetAtt': [Key, SecretAccessKey]}}
  UserName: {Value: {'Fn::GetAtt': [Key, UserName]}}
'''


POLL_TEMPLATE = '''heat_template_version: 2021-04-16
resources:
  server:
    type: OS::Heat::DeployedServer
    properties: {software_config_transport: POLL_SERVER_HEAT}
  config:
    type: OS::Heat::SoftwareConfig
    properties:
      group: script
      config: "#!/bin/sh\\necho hi"
      outputs: [{name: result}]
  deployment:
    type: OS::Heat::SoftwareDeployment
    properties:
      config: {get_resource: config}
      server: {get_resource: server}
      signal_transport: HEAT_SIGNAL
outputs:
  occ: {value: {get_attr: [server, os_collect_config]}}
  result: {value: {get_attr: [deployment, result]}}
'''


class StackUsersTest(base.KeystoneServiceTestCase):

    @classmethod
    def service_config(cls, keystone_url):
        config = base.trusts_config(keystone_url)
        admin = keystone_service.Admin(keystone_url)
        config['DEFAULT'].update(keystone_service.stack_user_domain(admin))
        config['clients'] = {'auth_mode': 'keystone_token',
                             'auth_url': keystone_url}
        # POLL_SERVER_CFN: the agent signs with its EC2 keypair.
        config['relay'] = {'ec2_auth_url': keystone_url}
        return config

    def wait(self, heat, stack_id, status):
        def done():
            stack = heat.stacks.get(stack_id)
            return None if stack.stack_status.endswith(
                'IN_PROGRESS') else stack
        stack = waiting.wait_until(done, timeout=120)
        self.assertEqual(status, stack.stack_status,
                         stack.stack_status_reason)
        return stack

    def gone(self, path):
        try:
            self.keystone.admin.get(path)
        except requests.HTTPError as error:
            return error.response.status_code == 404
        return False

    def test_user_and_key_made_and_gone(self):
        heat = heat_client.Client('1', session=base.session(
            self.keystone, 'hv-member'))
        admin = self.keystone.admin
        name = compat_base.ServiceTestCase.unique('iam')
        stack_id = heat.stacks.create(stack_name=name,
                                      template=TEMPLATE)['stack']['id']
        stack = self.wait(heat, stack_id, 'CREATE_COMPLETE')
        outputs = {o['output_key']: o['output_value']
                   for o in stack.outputs}
        ids = {r.resource_name: r.physical_resource_id
               for r in heat.resources.list(stack_id)}

        user = admin.get('users/' + ids['User'])['user']
        domain = admin.get('domains?name=%s' % (
            keystone_service.STACK_USER_DOMAIN))['domains'][0]
        self.assertEqual(domain['id'], user['domain_id'])
        self.assertEqual(outputs['UserName'], user['name'])
        project_id = user['default_project_id']
        project = admin.get('projects/' + project_id)['project']
        self.assertEqual(('%s-%s' % (self.keystone.project_id('hv-member'),
                                     stack_id))[:64], project['name'])
        roles = admin.get('role_assignments?user.id=%s&include_names=1' %
                          user['id'])['role_assignments']
        self.assertEqual([('heat_stack_user', project_id)],
                         [(a['role']['name'], a['scope']['project']['id'])
                          for a in roles])

        # The guest logs in with the password of its LoginProfile.
        guest = ks_session.Session(auth=v3.Password(
            auth_url=self.keystone.url, user_id=user['id'],
            password='hv-guest-secret-1', project_id=project_id))
        self.assertEqual(project_id, guest.get_project_id())

        credentials = admin.get('credentials?user_id=%s&type=ec2' %
                                user['id'])['credentials']
        self.assertEqual(1, len(credentials))
        blob = credentials[0]['blob']
        self.assertIn('"access": "%s"' % ids['Key'], blob)
        self.assertIn('"secret": "%s"' % outputs['Secret'], blob)

        heat.stacks.delete(stack_id)
        waiting.wait_until(lambda: self._deleted(heat, stack_id),
                           timeout=120)
        self.assertTrue(self.gone('users/' + user['id']))
        self.assertTrue(self.gone('credentials/' + credentials[0]['id']))
        self.assertTrue(self.gone('projects/' + project_id))

    def test_poll_server_heat_as_the_guest(self):
        heat = heat_client.Client('1', session=base.session(
            self.keystone, 'hv-member'))
        name = compat_base.ServiceTestCase.unique('poll')
        stack_id = heat.stacks.create(stack_name=name,
                                      template=POLL_TEMPLATE)['stack']['id']
        occ = waiting.wait_until(
            lambda: self._collect_config(heat, stack_id), timeout=120)
        self.assertEqual(self.keystone.url, occ['auth_url'])
        self.assertEqual('server', occ['resource_name'])

        # The agent, with what the server was given and nothing else.
        guest = heat_client.Client('1', session=ks_session.Session(
            auth=v3.Password(auth_url=occ['auth_url'],
                             user_id=occ['user_id'],
                             password=occ['password'],
                             project_id=occ['project_id'])))
        # The deployment joins the metadata once it is deployed.
        deployments = waiting.wait_until(
            lambda: guest.resources.metadata(
                occ['stack_id'], occ['resource_name'])['deployments'],
            timeout=120)
        self.assertEqual(1, len(deployments))
        inputs = {i['name']: i['value'] for i in deployments[0]['inputs']}
        self.assertEqual('deployment', inputs['deploy_resource_name'])
        # The deployment's own user, as Heat gives it.
        self.assertNotEqual(occ['user_id'], inputs['deploy_user_id'])
        self.assertEqual(occ['project_id'], inputs['deploy_project_id'])
        self.signal_and_complete(heat, stack_id, inputs, 'done by the guest')
        self.assertRaises(heat_exc.HTTPForbidden, guest.stacks.get,
                          occ['stack_id'])

        heat.stacks.delete(stack_id)
        waiting.wait_until(lambda: self._deleted(heat, stack_id),
                           timeout=120)
        for user_id in (occ['user_id'], inputs['deploy_user_id']):
            self.assertTrue(self.gone('users/' + user_id))
        self.assertTrue(self.gone('projects/' + occ['project_id']))

    def test_poll_server_cfn_as_the_guest(self):
        """POLL_SERVER_CFN: the agent signs a DescribeStackResource with
        its keypair exactly as os-collect-config's cfn collector does
        (os_collect_config/cfn.py) and finds the deployment in the
        metadata of the answer; only its own resource is its to read
        (another resource's metadata, the stack, are refused).
        """
        heat = heat_client.Client('1', session=base.session(
            self.keystone, 'hv-member'))
        name = compat_base.ServiceTestCase.unique('cfnpoll')
        template = POLL_TEMPLATE.replace(
            'software_config_transport: POLL_SERVER_HEAT',
            'software_config_transport: POLL_SERVER_CFN')
        stack_id = heat.stacks.create(stack_name=name,
                                      template=template)['stack']['id']
        cfn = waiting.wait_until(
            lambda: self._collect_config(heat, stack_id, 'cfn'),
            timeout=120)
        self.assertEqual(
            {'metadata_url', 'access_key_id', 'secret_access_key',
             'stack_name', 'path'}, set(cfn))
        self.assertEqual((name, 'server.Metadata'),
                         (cfn['stack_name'], cfn['path']))

        deployments = waiting.wait_until(
            lambda: cfn_collect(cfn).get('deployments'), timeout=120)
        inputs = {i['name']: i['value'] for i in deployments[0]['inputs']}
        self.assertEqual('deployment', inputs['deploy_resource_name'])
        # Another resource of the stack is not the agent's to read.
        self.assertEqual(403, cfn_collect(
            dict(cfn, path='deployment.Metadata'), raw=True).status_code)

        self.signal_and_complete(heat, stack_id, inputs, 'polled by cfn')

        heat.stacks.delete(stack_id)
        waiting.wait_until(lambda: self._deleted(heat, stack_id),
                           timeout=120)
        credentials = self.keystone.admin.get(
            'credentials?type=ec2')['credentials']
        self.assertNotIn(cfn['access_key_id'],
                         ' '.join(c['blob'] for c in credentials))

    def signal_and_complete(self, heat, stack_id, inputs, result):
        """heat-config-notify signals with the deployment's user; the
        stack completes with the output.
        """
        notify = heat_client.Client('1', session=ks_session.Session(
            auth=v3.Password(auth_url=inputs['deploy_auth_url'],
                             user_id=inputs['deploy_user_id'],
                             password=inputs['deploy_password'],
                             project_id=inputs['deploy_project_id'])))
        notify.resources.signal(inputs['deploy_stack_id'],
                                inputs['deploy_resource_name'],
                                data={'deploy_status_code': 0,
                                      'result': result})
        stack = self.wait(heat, stack_id, 'CREATE_COMPLETE')
        outputs = {o['output_key']: o['output_value']
                   for o in stack.outputs}
        self.assertEqual(result, outputs['result'])

    def _collect_config(self, heat, stack_id, section='heat'):
        stack = heat.stacks.get(stack_id)
        if stack.stack_status == 'CREATE_FAILED':
            self.fail(stack.stack_status_reason)
        try:
            occ = heat.resources.get(stack_id, 'server').attributes.get(
                'os_collect_config')
        except heat_exc.HTTPNotFound:
            return None
        found = (occ or {}).get(section) or {}
        return (found.get('user_id') or found.get('access_key_id')) and found

    def _deleted(self, heat, stack_id):
        try:
            stack = heat.stacks.get(stack_id)
        except Exception:
            return True
        if stack.stack_status == 'DELETE_FAILED':
            self.fail(stack.stack_status_reason)
        return stack.stack_status == 'DELETE_COMPLETE'


def cfn_collect(cfn, raw=False):
    """What os-collect-config's cfn collector does with ``cfn``
    (os_collect_config/cfn.py ``Collector.collect``): a version 2
    signature of keystoneclient's Ec2Signer, a GET, the answer's
    ``DescribeStackResourceResult/StackResourceDetail/<field>`` by their
    bare names, its JSON.
    """
    resource, field = cfn['path'].split('.', 1)
    params = {'Action': 'DescribeStackResource',
              'StackName': cfn['stack_name'],
              'LogicalResourceId': resource,
              'AWSAccessKeyId': cfn['access_key_id'],
              'SignatureVersion': '2'}
    url = parse.urlparse(cfn['metadata_url'])
    params['Signature'] = ec2_utils.Ec2Signer(
        secret_key=cfn['secret_access_key']).generate({
            'params': params, 'verb': 'GET', 'host': url.netloc,
            'path': url.path})
    response = requests.get(cfn['metadata_url'], params=params,
                            headers={'Content-Type': 'application/json'},
                            timeout=30)
    if raw:
        return response
    response.raise_for_status()
    # The collector parses the decoded text with lxml, which refuses an
    # encoding declaration.
    assert not response.text.startswith('<?xml'), response.text[:100]
    detail = ElementTree.fromstring(response.text).find(
        'DescribeStackResourceResult').find('StackResourceDetail')
    return json.loads(detail.find(field).text)
