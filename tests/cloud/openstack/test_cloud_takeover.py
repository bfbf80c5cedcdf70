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

"""An engine killed while it creates a server: another one finishes.

heat-vision's api behind the test cloud's Keystone and two engines
(RabbitMQ, MariaDB), with a trust per stack (``deferred_auth_method =
trusts``). The demo user creates a stack of one OS::Nova::Server; the
engine doing the create is killed (SIGKILL) as soon as Nova lists the
server, before it is ACTIVE when the fake driver leaves time for it. The
other engine takes the create over with a token of the stack's trust
(no request brings it the user's) and must find the half-made server by
its tag instead of booting a second one: the stack completes, Nova holds
exactly one server of the stack, and the delete leaves none.
"""

import signal

from testtools import content

from tests.cloud.openstack import cloud_base

STACK = '''heat_template_version: 2021-04-16
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
'''


class CloudTakeOverTest(cloud_base.CloudTestCase):

    def new_servers(self):
        """The demo project's servers made since the test began."""
        project = self.demo.current_project_id
        return [s for s in self.admin.compute.servers(
            all_projects=True, project_id=project)
            if s.id not in self.before['servers']]

    def working_engine(self, name):
        return self.wait_for(lambda: next(
            (label for label, engine in self.engines.items()
             if 'creates stack %s' % name in engine.log()), None),
            timeout=120, interval=0.1)

    def test_killed_during_server_create_leaves_one_server(self):
        self.start_heat_vision(engines=2, keystone=True)
        name = cloud_base.unique('takeover')
        stack_id = self.client.create(name, STACK, parameters={
            'image': self.image.id, 'flavor': self.flavors[0].id})
        label = self.working_engine(name)
        # Right after the POST /servers: Nova lists it (BUILD, mostly).
        seen = self.wait_for(self.new_servers, timeout=600, interval=0.1)
        victim = self.engines.pop(label)
        victim.popen.send_signal(signal.SIGKILL)
        victim.popen.wait()
        self.addDetail('status-when-killed', content.text_content(
            ', '.join(s.status for s in seen)))

        stack = self.wait_stack(name, stack_id, 900)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        survivor = next(iter(self.engines.values()))
        self.assertIn('takes over CREATE of stack %s' % name,
                      survivor.log())
        servers = self.new_servers()
        self.assertEqual([seen[0].id], [s.id for s in servers])
        self.assertEqual(servers[0].id,
                         self.physical_ids(name, stack_id)['server'])
        self.assertEqual('ACTIVE', servers[0].status)

        self.delete_stack(name, stack_id)
        self.assertEqual([], self.new_servers())
        self.assertEqual(self.before, self.cloud_objects())
