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

"""Record Heat's resource type schemas as reference data for the tests.

Run with the Python of a virtualenv holding ``openstack-heat`` (27.x):

    python dump_heat27.py > heat27_schemas.json

It keeps only what a template depends on (property names and types,
``required``, ``update_allowed``, ``immutable``, nested schemas and
attribute names), not Heat's descriptions, as ``resource type show``
returns them.
"""

import json
import sys

TYPES = sys.argv[1:] or [
    'OS::Nova::Server', 'OS::Nova::KeyPair', 'OS::Nova::ServerGroup',
    'OS::Nova::Flavor', 'OS::Neutron::Net', 'OS::Neutron::Subnet',
    'OS::Neutron::Port', 'OS::Neutron::Router',
    'OS::Neutron::RouterInterface', 'OS::Neutron::FloatingIP',
    'OS::Neutron::FloatingIPAssociation', 'OS::Neutron::SecurityGroup',
    'OS::Neutron::SecurityGroupRule', 'OS::Cinder::Volume',
    'OS::Cinder::VolumeAttachment', 'OS::Glance::WebImage',
    'OS::Keystone::Project', 'OS::Keystone::User', 'OS::Keystone::Role',
    'OS::Neutron::QoSPolicy', 'OS::Neutron::QoSBandwidthLimitRule',
    'OS::Neutron::QoSDscpMarkingRule', 'OS::Neutron::QoSMinimumBandwidthRule',
    'OS::Neutron::QoSMinimumPacketRateRule', 'OS::Neutron::Trunk',
    'OS::Neutron::Segment', 'OS::Neutron::ProviderNet',
    'OS::Neutron::AddressScope', 'OS::Neutron::SubnetPool',
    'OS::Neutron::RBACPolicy', 'OS::Neutron::ExtraRouteSet',
    'OS::Neutron::FloatingIPPortForward', 'OS::Neutron::Quota',
    'OS::Keystone::Group', 'OS::Keystone::Domain', 'OS::Keystone::Region',
    'OS::Keystone::Service', 'OS::Keystone::Endpoint',
    'OS::Keystone::UserRoleAssignment', 'OS::Keystone::GroupRoleAssignment',
    'OS::Cinder::VolumeType', 'OS::Cinder::EncryptedVolumeType',
    'OS::Cinder::QoSSpecs', 'OS::Cinder::QoSAssociation',
    'OS::Cinder::Quota', 'OS::Nova::HostAggregate', 'OS::Nova::Quota',
    'OS::Heat::UpdateWaitConditionHandle', 'OS::Neutron::MeteringLabel',
    'OS::Neutron::MeteringRule', 'OS::Heat::StructuredConfig',
    'OS::Heat::SoftwareComponent', 'OS::Zaqar::Queue',
    'OS::Zaqar::SignedQueueURL', 'OS::Zaqar::Subscription',
    'OS::Octavia::LoadBalancer', 'OS::Octavia::Listener', 'OS::Octavia::Pool',
    'OS::Octavia::PoolMember', 'OS::Octavia::HealthMonitor',
    'OS::Octavia::L7Policy', 'OS::Octavia::L7Rule', 'OS::Octavia::Flavor',
    'OS::Octavia::FlavorProfile', 'OS::Octavia::Quota',
    'OS::Heat::SoftwareDeployment',
    'OS::Heat::SoftwareDeploymentGroup', 'OS::Heat::StructuredDeployment',
    'OS::Heat::StructuredDeploymentGroup', 'OS::Heat::DeployedServer',
    'OS::Heat::InstanceGroup', 'OS::Heat::AccessPolicy',
    'OS::Swift::Container', 'AWS::S3::Bucket', 'OS::Heat::SwiftSignal',
    'OS::Heat::SwiftSignalHandle']


def _property(schema):
    out = {key: schema[key] for key in
           ('type', 'required', 'update_allowed', 'immutable')}
    nested = schema.get('schema')
    if nested:
        if set(nested) == {'*'}:
            out['schema'] = {'*': _property(nested['*'])}
        else:
            out['schema'] = {k: _property(v) for k, v in nested.items()}
    return out


def main():
    from heat.common import config  # noqa
    from heat.engine import resources
    from heat.engine import service
    from oslo_config import cfg
    cfg.CONF([], project='heat')
    resources.initialise()
    engine = service.EngineService('host', 'topic')

    class Context:
        pass
    out = {}
    for name in TYPES:
        cls = resources.global_env().get_class(name)
        cls.is_service_available = classmethod(lambda c, ctx: (True, None))
        engine.resource_enforcer.enforce = lambda *a, **k: None
        shown = engine.resource_schema(Context(), name)
        out[name] = {
            'properties': {k: _property(v) for k, v in
                           shown['properties'].items()},
            'attributes': sorted(shown['attributes']),
        }
    json.dump(out, sys.stdout, indent=1, sort_keys=True)


if __name__ == '__main__':
    main()
