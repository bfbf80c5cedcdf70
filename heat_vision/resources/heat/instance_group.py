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

"""OS::Heat::InstanceGroup: ``Size`` instances of a LaunchConfiguration.

As Heat's heat/engine/resources/openstack/heat/instance_group.py: the
fixed-size parent of AWS::AutoScaling::AutoScalingGroup, whose members
(``AWS::EC2::Instance``, which a stack maps to a provider template
here) are made from an ``AWS::AutoScaling::LaunchConfiguration``. Its
size is ``Size`` alone: it is the group's minimum, maximum and desired
capacity at once. ``InstanceList`` lists the members' ``PublicIp``.
``LoadBalancerNames`` is not implemented (as for the AWS group).

A change of ``LaunchConfigurationName`` replaces the members as its
``RollingUpdate`` update policy says: ``MaxBatchSize`` at a time,
``MinInstancesInService`` left alone, ``PauseTime`` (ISO 8601,
``PT#H#M#S``, at most an hour, as Heat checks) between batches.
"""

import re

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.aws import autoscaling
from heat_vision.resources.heat import resource_group
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema
ROLLING_UPDATE = 'RollingUpdate'
# Heat's heat/common/timeutils.py iso_duration_re.
_ISO_DURATION = re.compile(r'PT(?:(\d+)H)?(?:(\d+)M)?(?:(\d+)S)?$')
MAX_PAUSE = 3600


def pause_seconds(duration, path):
    """Seconds of an ISO 8601 ``PT#H#M#S`` duration (Heat's
    ``parse_isoduration``), at most an hour.

    :raises: StackValidationFailed naming ``path``.
    """
    found = _ISO_DURATION.match(duration or '')
    if not found:
        raise exception.StackValidationFailed(
            _('Only ISO 8601 duration format of the form PT#H#M#S is '
              'supported.'), path=path)
    hours, minutes, seconds = (int(g or 0) for g in found.groups())
    total = hours * 3600 + minutes * 60 + seconds
    if total > MAX_PAUSE:
        raise exception.StackValidationFailed(
            _('Maximum PauseTime is 1 hour.'), path=path)
    return total


class InstanceGroup(autoscaling.AWSAutoScalingGroup):
    """A group of ``Size`` instances from a LaunchConfiguration."""

    PROPERTIES = (AVAILABILITY_ZONES, LAUNCH_CONFIGURATION_NAME, SIZE,
                  LOAD_BALANCER_NAMES, TAGS) = (
        'AvailabilityZones', 'LaunchConfigurationName', 'Size',
        'LoadBalancerNames', 'Tags')
    # The sizes the autoscaling group reads are all Size.
    MIN_SIZE = MAX_SIZE = DESIRED_CAPACITY = SIZE
    _ASG = autoscaling.AWSAutoScalingGroup.properties_schema

    properties_schema = {
        AVAILABILITY_ZONES: _ASG['AvailabilityZones'],
        LAUNCH_CONFIGURATION_NAME: _ASG['LaunchConfigurationName'],
        SIZE: Schema(Schema.INTEGER, _('Desired number of instances.'),
                     required=True, update_allowed=True,
                     constraints=[constraints.Range(min=0)]),
        LOAD_BALANCER_NAMES: _ASG['LoadBalancerNames'],
        TAGS: Schema(
            Schema.LIST, _('Tags to attach to this group.'),
            schema=Schema(Schema.MAP, _('A tag.'), schema={
                'Key': Schema(Schema.STRING, _('Tag key.'), required=True),
                'Value': Schema(Schema.STRING, _('Tag value.'),
                                required=True)})),
    }
    attributes_schema = {
        autoscaling.AWSAutoScalingGroup.INSTANCE_LIST:
        autoscaling.AWSAutoScalingGroup.attributes_schema['InstanceList'],
        'show': attributes.Schema(
            _('Detailed information about the resource: none here (Heat '
              'shows its nested stack).'), type=attributes.Schema.MAP),
    }

    update_policy_schemas = {ROLLING_UPDATE: {
        'MinInstancesInService': Schema(
            Schema.INTEGER, _('Members left in service during a roll.'),
            default=0, constraints=[constraints.Range(min=0)]),
        'MaxBatchSize': Schema(
            Schema.INTEGER, _('The most members replaced at once.'),
            default=1, constraints=[constraints.Range(min=1)]),
        'PauseTime': Schema(
            Schema.STRING, _('The pause between two batches (ISO 8601, '
                             'PT#H#M#S, at most an hour).'),
            default='PT0S', constraints=[
                constraints.Length(max=32),
                constraints.AllowedPattern(_ISO_DURATION.pattern[:-1])]),
    }}

    @classmethod
    def validate_properties(cls, properties, path):
        """Size is ranged by its schema; nothing relates."""

    def rolling_policy(self):
        policy = resource_group.update_policy(self, ROLLING_UPDATE)
        if not policy:
            return {}
        return {
            self.MIN_IN_SERVICE: policy['MinInstancesInService'],
            self.MAX_BATCH_SIZE: policy['MaxBatchSize'],
            self.PAUSE_TIME: pause_seconds(
                policy['PauseTime'], ['resources', self.name,
                                      'update_policy', ROLLING_UPDATE,
                                      'PauseTime'])}

    def get_attribute(self, name, *path):
        if name == 'show':
            return None
        return super().get_attribute(name, *path)

    def member_definition(self, name=None):
        properties = self._launch_configuration().instance_properties()
        properties['Tags'] = self._tags()
        return {'type': autoscaling.MEMBER_TYPE, 'properties': properties}

    def _tags(self):
        """The tags, with the one Ceilometer picks up unless the user
        gave a ``metering.`` tag (Heat's ``_tags``).
        """
        tags = list(self.properties[self.TAGS] or [])
        if any(tag['Key'].startswith('metering.') for tag in tags):
            return tags
        return tags + [{'Key': 'metering.groupname',
                        'Value': self.get_reference_id()}]
