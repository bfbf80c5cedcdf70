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
"""ZAQAR_SIGNAL on the test cloud, driven as a server's agent drives it.

heat-vision behind the cloud's Keystone with the stack-user domain the
test cloud makes (``heat``, ``tools/test-cloud``; made here too on a
cloud started before it had one). A POLL_SERVER_HEAT DeployedServer
and a deployment to it signalled by ZAQAR_SIGNAL: with the server's
``os_collect_config`` credentials the guest reads its metadata, then,
with the deployment's own ``deploy_*`` user, posts the outputs to the
queue ``deploy_queue_id`` in Zaqar; the stack completes with them.
After the delete the deployment's user is gone.
"""

import uuid

from heatclient import client as heat_client
from keystoneauth1 import adapter
from keystoneauth1.identity import v3
from keystoneauth1 import session as ks_session
import openstack.exceptions

from tests.cloud.auth import test_stack_users
from tests.cloud.openstack import cloud_base

DOMAIN = 'heat'

# The HEAT_SIGNAL stack of the auth tests, signalled through Zaqar.
TEMPLATE = test_stack_users.POLL_TEMPLATE.replace(
    'signal_transport: HEAT_SIGNAL', 'signal_transport: ZAQAR_SIGNAL')


class ZaqarSignalTest(cloud_base.CloudTestCase):

    OPTIONAL_SERVICES = ('zaqar',)
    USES_COMPUTE = False

    def stack_user_domain(self):
        """heat-vision's options for the cloud's stack-user domain, with
        a domain admin of this test's own.
        """
        identity = self.admin.identity
        domain = identity.find_domain(DOMAIN)
        if domain is None:
            try:
                domain = identity.create_domain(name=DOMAIN)
            except openstack.exceptions.ConflictException:
                domain = identity.find_domain(DOMAIN)
        password = uuid.uuid4().hex
        user = identity.create_user(name=cloud_base.unique('heat-admin'),
                                    domain_id=domain.id, password=password)
        self.addCleanup(identity.delete_user, user, ignore_missing=True)
        identity.assign_domain_role_to_user(domain, user,
                                            identity.find_role('admin'))
        if identity.find_role('heat_stack_user') is None:
            try:
                identity.create_role(name='heat_stack_user')
            except openstack.exceptions.ConflictException:
                pass
        return {'stack_user_domain_id': domain.id,
                'stack_domain_admin': user.name,
                'stack_domain_admin_password': password}

    def session(self, user_id, password, project_id):
        return ks_session.Session(auth=v3.Password(
            auth_url=self.cloud.auth['auth_url'], user_id=user_id,
            password=password, project_id=project_id))

    def create_with_stack_users(self, prefix, template):
        """Start heat-vision with the stack-user domain and create a
        stack of ``template`` as the demo user.

        :returns: the owner's heatclient, the stack's name and id.
        """
        self.start_heat_vision(keystone=True, extra={
            'DEFAULT': self.stack_user_domain()})
        owner = heat_client.Client('1', endpoint='http://127.0.0.1:%d/v1/%s'
                                   % (self.port,
                                      self.demo.current_project_id),
                                   token=self.demo.auth_token)
        name = cloud_base.unique(prefix)
        stack_id = owner.stacks.create(stack_name=name,
                                       template=template)['stack']['id']
        return owner, name, stack_id

    def test_zaqar_signal_as_the_guest(self):
        owner, name, stack_id = self.create_with_stack_users('zsig',
                                                             TEMPLATE)

        def collect_config():
            try:
                occ = owner.resources.get(stack_id, 'server').attributes[
                    'os_collect_config']
            except Exception:
                return None
            return (occ or {}).get('heat', {}).get('user_id') and \
                occ['heat']
        occ = self.wait_for(collect_config, timeout=300)
        server_session = self.session(occ['user_id'], occ['password'],
                                      occ['project_id'])
        guest = heat_client.Client(
            '1', endpoint='http://127.0.0.1:%d/v1/%s' % (
                self.port, occ['project_id']),
            token=server_session.get_token())
        deployments = self.wait_for(lambda: guest.resources.metadata(
            occ['stack_id'], occ['resource_name'])['deployments'],
            timeout=120)
        inputs = {i['name']: i['value'] for i in deployments[0]['inputs']}
        self.assertEqual('ZAQAR_SIGNAL', inputs['deploy_signal_transport'])

        zaqar = adapter.Adapter(self.session(
            inputs['deploy_user_id'], inputs['deploy_password'],
            inputs['deploy_project_id']), service_type='messaging',
            interface='public', region_name=self.cloud.region_name)
        response = zaqar.post(
            '/v2/queues/%s/messages' % inputs['deploy_queue_id'],
            json={'messages': [{'ttl': 600, 'body': {
                'deploy_status_code': 0, 'result': 'via zaqar'}}]},
            headers={'Client-ID': str(uuid.uuid4())}, raise_exc=False)
        self.assertEqual(201, response.status_code, response.text)

        stack = self.wait_stack(name, stack_id, 300)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack.get('stack_status_reason'))
        self.assertEqual('via zaqar',
                         self.outputs(name, stack_id)['result'])

        self.delete_stack(name, stack_id)
        for user_id in (inputs['deploy_user_id'], occ['user_id']):
            self.assertIsNone(self.admin.identity.find_user(user_id))
