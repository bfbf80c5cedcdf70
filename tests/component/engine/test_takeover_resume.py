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

"""An engine dies during a create; another one carries it on, per type.

The first engine is simulated in this process: it runs the create until
each resource's ``handle_create`` has returned (and the engine stored
the physical id), and then dies: ``Killed`` (not an ``Exception``: the
engine records no failure for it) leaves every resource it reached
CREATE_IN_PROGRESS, as SIGKILL does. Then ``resume.resume`` runs, as an
engine taking the stack over does, and must bring the stack to
CREATE_COMPLETE. Every registered resource type is taken through this.
"""

import threading
import time
from unittest import mock

from heat_vision.common import context
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import common
from heat_vision.engine.actions import create
from heat_vision.engine.actions import resume
from heat_vision.engine.tree import trust as stack_trust
from heat_vision.resources import registry
from tests.component.engine import stack_ops

HEAD = 'heat_template_version: 2021-04-16\nresources:\n'
GROUP_MEMBER = '{type: OS::Heat::TestResource, properties: ' \
               '{action_wait_secs: {create: 0.3}}}'
CHILD = '''heat_template_version: 2021-04-16
parameters:
  value: {type: string, default: child}
resources:
  inner:
    type: OS::Heat::TestResource
    properties: {value: {get_param: value}, action_wait_secs: {create: 0.3}}
outputs:
  value: {value: {get_attr: [inner, output]}}
'''
CFN_CHILD = '''{"AWSTemplateFormatVersion": "2010-09-09",
 "Resources": {"inner": {"Type": "OS::Heat::Delay",
                          "Properties": {"min_wait": 0.3}}}}'''

# A minimal template for each registered type: the resource under test is
# ``victim``; ``handle`` (when there) survives the first engine.
# Types whose create calls another OpenStack service: no engine-only
# take-over test can run them (their create adopts what an earlier create
# made, by physical name; the functional tests run them against the
# real service).
NEEDS_A_SERVICE = {'OS::Aodh::%s' % name for name in (
    'Alarm', 'EventAlarm', 'GnocchiResourcesAlarm',
    'GnocchiAggregationByMetricsAlarm', 'GnocchiAggregationByResourcesAlarm',
    'CompositeAlarm', 'LBMemberHealthAlarm', 'PrometheusAlarm')} | {
    'OS::Neutron::%s' % name for name in (
        'Net', 'Subnet', 'Port', 'Router', 'RouterInterface', 'FloatingIP',
        'FloatingIPAssociation', 'SecurityGroup', 'SecurityGroupRule')} | {
    'OS::Nova::KeyPair', 'OS::Nova::Server', 'OS::Nova::ServerGroup',
    'OS::Nova::Flavor', 'OS::Cinder::Volume', 'OS::Cinder::VolumeAttachment',
    'OS::Glance::WebImage', 'OS::Keystone::Project', 'OS::Keystone::Role',
    'OS::Keystone::User', 'AWS::IAM::User', 'AWS::IAM::AccessKey'} | {
    'OS::Neutron::%s' % name for name in (
        'QoSPolicy', 'QoSBandwidthLimitRule', 'QoSDscpMarkingRule',
        'QoSMinimumBandwidthRule', 'QoSMinimumPacketRateRule', 'ProviderNet',
        'Segment', 'Trunk', 'AddressScope', 'SubnetPool', 'RBACPolicy',
        'ExtraRouteSet', 'FloatingIPPortForward', 'Quota', 'MeteringLabel',
        'MeteringRule')} | {
    'OS::Keystone::%s' % name for name in (
        'Group', 'Domain', 'Region', 'Service', 'Endpoint',
        'UserRoleAssignment', 'GroupRoleAssignment')} | {
    'OS::Cinder::VolumeType', 'OS::Cinder::EncryptedVolumeType',
    'OS::Cinder::QoSSpecs', 'OS::Cinder::QoSAssociation', 'OS::Cinder::Quota',
    'OS::Nova::HostAggregate', 'OS::Nova::Quota'} | {
    'OS::Zaqar::Queue', 'OS::Zaqar::SignedQueueURL',
    'OS::Zaqar::Subscription'} | {
    'OS::Octavia::%s' % name for name in (
        'LoadBalancer', 'Listener', 'Pool', 'PoolMember', 'HealthMonitor',
        'L7Policy', 'L7Rule', 'FlavorProfile', 'Flavor', 'Quota')} | {
    'OS::Swift::Container', 'AWS::S3::Bucket', 'OS::Heat::SwiftSignalHandle',
    'OS::Heat::SwiftSignal'} | {
    'AWS::EC2::%s' % name for name in (
        'Instance', 'Volume', 'VolumeAttachment', 'EIP', 'EIPAssociation',
        'SecurityGroup', 'NetworkInterface', 'VPC', 'Subnet',
        'InternetGateway', 'VPCGatewayAttachment', 'RouteTable',
        'SubnetRouteTableAssociation')} | {
    'OS::Octavia::AvailabilityZoneProfile', 'OS::Octavia::AvailabilityZone'}
TEMPLATES = {
    'OS::Heat::None': 'victim: {type: OS::Heat::None}',
    'OS::Heat::Value': 'victim: {type: OS::Heat::Value, '
                       'properties: {value: 7, type: number}}',
    'OS::Heat::TestResource': 'victim: {type: OS::Heat::TestResource, '
                              'properties: {action_wait_secs: '
                              '{create: 0.5}}}',
    'OS::Heat::RandomString': 'victim: {type: OS::Heat::RandomString}',
    'OS::Heat::Delay': 'victim: {type: OS::Heat::Delay, '
                       'properties: {min_wait: 0.5}}',
    'OS::Heat::WaitConditionHandle':
        'victim: {type: OS::Heat::WaitConditionHandle}',
    'OS::Heat::WaitCondition':
        'handle: {type: OS::Heat::WaitConditionHandle}\n'
        '  victim: {type: OS::Heat::WaitCondition, properties: '
        '{handle: {get_resource: handle}, timeout: 600}}',
    'AWS::CloudFormation::WaitConditionHandle':
        'victim: {type: AWS::CloudFormation::WaitConditionHandle}',
    'AWS::CloudFormation::WaitCondition':
        'handle: {type: AWS::CloudFormation::WaitConditionHandle}\n'
        '  victim: {type: AWS::CloudFormation::WaitCondition, properties: '
        '{Handle: {get_resource: handle}, Timeout: 600}}',
    'OS::Heat::SoftwareConfig': 'victim: {type: OS::Heat::SoftwareConfig, '
                                'properties: {config: "echo hi"}}',
    'OS::Heat::UpdateWaitConditionHandle':
        'victim: {type: OS::Heat::UpdateWaitConditionHandle}',
    'OS::Heat::StructuredConfig':
        'victim: {type: OS::Heat::StructuredConfig, '
        'properties: {config: {a: 1}}}',
    'OS::Heat::SoftwareComponent':
        'victim: {type: OS::Heat::SoftwareComponent, properties: '
        '{configs: [{actions: [CREATE], config: "echo hi", '
        'tool: script}]}}',
    'OS::Heat::CloudConfig': 'victim: {type: OS::Heat::CloudConfig, '
                             'properties: {cloud_config: {a: 1}}}',
    'OS::Heat::MultipartMime': 'victim: {type: OS::Heat::MultipartMime, '
                               'properties: {parts: [{config: "x"}]}}',
    'OS::Heat::ResourceGroup':
        'victim: {type: OS::Heat::ResourceGroup, properties: '
        '{count: 3, resource_def: %s}}' % GROUP_MEMBER,
    'OS::Heat::AutoScalingGroup':
        'victim: {type: OS::Heat::AutoScalingGroup, properties: '
        '{min_size: 1, desired_capacity: 2, max_size: 3, '
        'resource: %s}}' % GROUP_MEMBER,
    'OS::Heat::ScalingPolicy':
        'victim: {type: OS::Heat::ScalingPolicy, properties: '
        '{auto_scaling_group_id: group, scaling_adjustment: 1, '
        'adjustment_type: change_in_capacity}}',
    'OS::HeatVision::Alarm':
        'victim: {type: OS::HeatVision::Alarm, properties: '
        '{meter_name: cpu, threshold: 80}}',
    'OS::HeatVision::CEP':
        'victim: {type: OS::HeatVision::CEP, properties: '
        '{url: "https://cep.example.net/hook", policies: [group]}}',
    'OS::Heat::ResourceChain':
        'victim: {type: OS::Heat::ResourceChain, properties: '
        '{resources: [OS::Heat::TestResource, OS::Heat::Delay]}}',
    'OS::Heat::Stack': 'victim: {type: OS::Heat::Stack, properties: '
                       '{template: {get_file: child.yaml}}}',
    'AWS::CloudFormation::Stack':
        'victim: {type: AWS::CloudFormation::Stack, properties: '
        '{TemplateURL: cfn_child.json}}',
    'AWS::AutoScaling::LaunchConfiguration':
        'victim: {type: AWS::AutoScaling::LaunchConfiguration, '
        'properties: {ImageId: a, InstanceType: m1.small}}',
    'AWS::AutoScaling::AutoScalingGroup':
        'launch: {type: AWS::AutoScaling::LaunchConfiguration, '
        'properties: {ImageId: a, InstanceType: m1.small}}\n'
        '  victim: {type: AWS::AutoScaling::AutoScalingGroup, properties: '
        '{AvailabilityZones: [], LaunchConfigurationName: '
        '{get_resource: launch}, MinSize: 1, MaxSize: 3, '
        'DesiredCapacity: 2}}',
    'AWS::AutoScaling::ScalingPolicy':
        'victim: {type: AWS::AutoScaling::ScalingPolicy, properties: '
        '{AutoScalingGroupName: group, AdjustmentType: ChangeInCapacity, '
        'ScalingAdjustment: 1}}',
    # Not a registered name: a provider template, by file name.
    'child.yaml': 'victim: {type: child.yaml, properties: {value: v}}',
    'OS::Heat::DeployedServer': 'victim: {type: OS::Heat::DeployedServer}',
    'OS::Heat::AccessPolicy': 'victim: {type: OS::Heat::AccessPolicy, '
                              'properties: {AllowedResources: [victim]}}',
    'OS::Heat::InstanceGroup':
        'launch: {type: AWS::AutoScaling::LaunchConfiguration, '
        'properties: {ImageId: a, InstanceType: m1.small}}\n'
        '  victim: {type: OS::Heat::InstanceGroup, properties: '
        '{AvailabilityZones: [], LaunchConfigurationName: '
        '{get_resource: launch}, Size: 2}}',
}
# Deployments: their deployment is made by the first check, after the
# physical id is stored, so a take-over makes it.
TEMPLATES.update({
    name: 'victim: {type: %s, properties: {server: srv, '
          'signal_transport: NO_SIGNAL}}' % name
    for name in ('OS::Heat::SoftwareDeployment',
                 'OS::Heat::StructuredDeployment')})
TEMPLATES.update({
    name: 'victim: {type: %s, properties: {servers: {a: s1, b: s2}, '
          'signal_transport: NO_SIGNAL}}' % name
    for name in ('OS::Heat::SoftwareDeploymentGroup',
                 'OS::Heat::StructuredDeploymentGroup',
                 'OS::Heat::SoftwareDeployments',
                 'OS::Heat::StructuredDeployments')})
# AWS::EC2::Instance, the AWS group's member, is a Nova server: a stand-in.
INSTANCE = '''heat_template_version: 2021-04-16
parameters:
  ImageId: {type: string}
  InstanceType: {type: string}
  Tags: {type: json}
resources:
  inner:
    type: OS::Heat::TestResource
    properties: {action_wait_secs: {create: 0.3}}
'''
FILES = {'child.yaml': CHILD, 'cfn_child.json': CFN_CHILD,
         'instance.yaml': INSTANCE}
ENVIRONMENT = {'resource_registry': {'AWS::EC2::Instance': 'instance.yaml'}}
SURVIVORS = {'handle', 'launch'}


class Killed(BaseException):
    """The engine died here (SIGKILL: nothing after this runs)."""


class ResumeEveryTypeTest(stack_ops.StackOpsTestCase):

    template = None

    def setUp(self):
        super().setUp()
        self.admin = context.get_admin_context()

    def store(self, name, resources):
        """Store a stack CREATE_IN_PROGRESS that no engine runs yet."""
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': HEAD + '  ' + resources + '\n',
            'files': FILES, 'environment': ENVIRONMENT})
        self.assertEqual(201, response.status_int, response.body)
        return response.json['stack']['id']

    def die_during_create(self, stack_id, real_run):
        """Run the create as the dead engine did, up to its death.

        Every resource but the survivors dies once its handle_create
        returned; the engine then dies in its own bookkeeping.
        """
        real_create_steps = common.create_steps
        real_polling = common.polling
        running = threading.local()

        def create_steps(stack, recorder, row, deadline):
            # Steps of one resource may run on any of the walk's threads:
            # each says whose it is before it runs.
            steps = real_create_steps(stack, recorder, row, deadline)
            while True:
                running.name = row.name
                try:
                    delay = next(steps)
                except StopIteration:
                    return
                yield delay

        def polling(check, deadline, plugin=None):
            if running.name in SURVIVORS:
                return real_polling(check, deadline, plugin)
            raise Killed()

        def die(*args, **kwargs):
            raise Killed()

        with mock.patch.object(common, 'create_steps', create_steps), \
                mock.patch.object(common, 'polling', polling), \
                mock.patch.object(common, 'finish', die):
            self.assertRaises(Killed, real_run, stack_trust.owner_context(
                db_stacks.stack_get(self.admin, stack_id)), stack_id)

    def take_over(self, stack_id):
        row = db_stacks.stack_get(self.admin, stack_id)
        self.assertEqual(('CREATE', 'IN_PROGRESS'), (row.action, row.status))
        resume.resume(stack_trust.owner_context(row), stack_id)
        return db_stacks.stack_get(self.admin, stack_id)

    def killed(self, type_name, name=None):
        """A stack of ``type_name`` whose engine died in the create."""
        return self.killed_from(name or 'k', TEMPLATES[type_name])

    def killed_from(self, name, resources):
        real_run = create.run
        # The API's create spawns what create.runner returns, looked up
        # while the request runs: a runner that does nothing stores it.
        with mock.patch.object(create, 'runner',
                               lambda stack: lambda ctxt, stack_id: None):
            stack_id = self.store(name, resources)
        self.die_during_create(stack_id, real_run)
        return stack_id

    def victim(self, stack_id):
        [row] = [r for r in db_resources.resource_get_all_by_stack(
            self.admin, stack_id) if r.name == 'victim']
        return row

    def test_every_registered_type_has_a_template_here(self):
        self.flags(enable_test_resource_types=False)
        self.assertEqual(set(registry.type_names()) - NEEDS_A_SERVICE,
                         set(TEMPLATES) - {'child.yaml'})

    def test_every_type_is_resumed_to_complete(self):
        for number, type_name in enumerate(sorted(TEMPLATES)):
            with self.subTest(type=type_name):
                stack_id = self.killed(type_name, 'k%d' % number)
                before = self.victim(stack_id)
                self.assertEqual(('CREATE', 'IN_PROGRESS'),
                                 (before.action, before.status),
                                 '%s: %s' % (type_name,
                                             before.status_reason))
                if 'handle' in TEMPLATES[type_name]:
                    self.signal_handle(stack_id, 'k%d' % number, type_name)
                row = self.take_over(stack_id)
                self.assertEqual(('CREATE', 'COMPLETE'),
                                 (row.action, row.status),
                                 '%s: %s' % (type_name, row.status_reason))
                after = self.victim(stack_id)
                self.assertEqual('COMPLETE', after.status)
                if before.physical_resource_id:
                    # Resumed, not made again.
                    self.assertEqual(before.physical_resource_id,
                                     after.physical_resource_id)

    def signal_handle(self, stack_id, name, type_name):
        path = '/v1/demo/stacks/%s/%s/resources/handle/signal' % (
            name, stack_id)
        body = ({'Status': 'SUCCESS', 'Reason': 'up', 'UniqueId': '1',
                 'Data': 'd'} if type_name.startswith('AWS')
                else {'status': 'SUCCESS'})
        response = self.service.request('POST', path, body=body)
        self.assertEqual(200, response.status_int, response.body)

    def test_test_resource_wait_ends_when_it_would_have(self):
        stack_id = self.killed('OS::Heat::TestResource')
        started = self.victim(stack_id).attr_data['create_started_at']
        row = self.take_over(stack_id)
        self.assertEqual('COMPLETE', row.status, row.status_reason)
        self.assertGreaterEqual(time.time(), started + 0.5)

    def test_delay_waits_after_a_take_over(self):
        stack_id = self.killed('OS::Heat::Delay')
        ends = self.victim(stack_id).attr_data['create_wait_ends']
        row = self.take_over(stack_id)
        self.assertEqual('COMPLETE', row.status, row.status_reason)
        self.assertGreaterEqual(time.time(), ends)

    def test_wait_condition_keeps_its_deadline(self):
        stack_id = self.killed_from('w', TEMPLATES[
            'OS::Heat::WaitCondition'].replace('timeout: 600', 'timeout: 1'))
        started = self.victim(stack_id).attr_data['create_started_at']
        row = self.take_over(stack_id)
        self.assertEqual('FAILED', row.status)
        self.assertIn('WaitConditionTimeout', row.status_reason)
        self.assertGreaterEqual(time.time(), started + 1)
