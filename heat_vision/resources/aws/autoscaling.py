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

"""AWS::AutoScaling::{AutoScalingGroup,LaunchConfiguration,ScalingPolicy}.

Heat's CloudFormation names on the native implementation
(``resources.heat.autoscaling_group`` and ``scaling_policy``): the same
claims, pending-adjustment queue, cooldowns and signed URL. As in Heat,
the members are ``AWS::EC2::Instance`` resources with the launch
configuration's properties (``resources.aws.ec2_instance``, or what a
stack's ``resource_registry`` maps that type to).
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.resources.heat import autoscaling_group
from heat_vision.resources.heat import scaling
from heat_vision.resources.heat import scaling_policy
from heat_vision.template import attributes
from heat_vision.template import constraints

MEMBER_TYPE = 'AWS::EC2::Instance'
_S = constraints.Schema


def _string(description, **kwargs):
    return _S(_S.STRING, description, **kwargs)


def _list(description):
    return _S(_S.LIST, description)


def _known(properties, key):
    """A property's value, or None while it cannot be resolved yet."""
    try:
        return properties[key]
    except (exception.UnresolvedReference, exception.UserParameterMissing):
        return None


class LaunchConfiguration(base.Resource):
    """The instance properties an AWS AutoScalingGroup's members get."""

    PROPERTIES = (IMAGE_ID, INSTANCE_TYPE, KEY_NAME, USER_DATA,
                  SECURITY_GROUPS, KERNEL_ID, RAM_DISK_ID,
                  BLOCK_DEVICE_MAPPINGS, NOVA_SCHEDULER_HINTS,
                  INSTANCE_ID) = (
        'ImageId', 'InstanceType', 'KeyName', 'UserData', 'SecurityGroups',
        'KernelId', 'RamDiskId', 'BlockDeviceMappings', 'NovaSchedulerHints',
        'InstanceId')

    properties_schema = {
        IMAGE_ID: _string(_('Glance image ID or name.')),
        INSTANCE_TYPE: _string(_('Nova instance type (flavor).'),
                               required=True),
        KEY_NAME: _string(_('Optional Nova keypair name.')),
        USER_DATA: _string(_('User data to pass to the instance.')),
        SECURITY_GROUPS: _list(_('Security group names to assign.')),
        KERNEL_ID: _string(_('Not implemented (as in Heat).')),
        RAM_DISK_ID: _string(_('Not implemented (as in Heat).')),
        BLOCK_DEVICE_MAPPINGS: _list(_('Block device mappings.')),
        NOVA_SCHEDULER_HINTS: _list(_('Scheduler hints to pass to Nova.')),
        INSTANCE_ID: _string(_('Not supported by heat-vision: it needs the '
                               'existing server from Nova.')),
    }

    @classmethod
    def validate_properties(cls, properties, path):
        if _known(properties, cls.INSTANCE_ID) is not None:
            raise exception.StackValidationFailed(
                _('InstanceId is not supported: give ImageId and '
                  'InstanceType.'), path=path + [cls.INSTANCE_ID])

    def handle_create(self):
        self.resource_id = self.physical_resource_name()

    def instance_properties(self):
        """The properties an ``AWS::EC2::Instance`` member gets."""
        return {key: value for key, value in self.properties.items()
                if value is not None and key != self.INSTANCE_ID}


class AWSAutoScalingGroup(autoscaling_group.AutoScalingGroup):
    """A group of ``AWS::EC2::Instance`` from a LaunchConfiguration.

    Attribute ``InstanceList``: the members' ``PublicIp``, comma-joined.
    Rolling replacement uses Heat's defaults (one at a time, none kept
    in service, no pause).
    """

    PROPERTIES = (AVAILABILITY_ZONES, LAUNCH_CONFIGURATION_NAME, MAX_SIZE,
                  MIN_SIZE, COOLDOWN, DESIRED_CAPACITY,
                  HEALTH_CHECK_GRACE_PERIOD, HEALTH_CHECK_TYPE,
                  LOAD_BALANCER_NAMES, VPCZONE_IDENTIFIER, TAGS,
                  INSTANCE_ID) = (
        'AvailabilityZones', 'LaunchConfigurationName', 'MaxSize',
        'MinSize', 'Cooldown', 'DesiredCapacity', 'HealthCheckGracePeriod',
        'HealthCheckType', 'LoadBalancerNames', 'VPCZoneIdentifier', 'Tags',
        'InstanceId')
    ATTRIBUTES = (INSTANCE_LIST,) = ('InstanceList',)
    MEMBER_KEYS = (LAUNCH_CONFIGURATION_NAME,)
    RESOURCE = ROLLING_UPDATES = None

    properties_schema = {
        AVAILABILITY_ZONES: _S(_S.LIST, _('Not implemented (as in Heat).'),
                               required=True),
        LAUNCH_CONFIGURATION_NAME: _string(
            _('The reference to a LaunchConfiguration resource (required: '
              'InstanceId is not supported).'),
            required=True, update_allowed=True),
        INSTANCE_ID: _string(_('Not supported by heat-vision: it needs '
                               'the existing server from Nova.')),
        MAX_SIZE: _S(_S.INTEGER, _('Maximum number of instances.'),
                     required=True, update_allowed=True,
                     constraints=[constraints.Range(min=0)]),
        MIN_SIZE: _S(_S.INTEGER, _('Minimum number of instances.'),
                     required=True, update_allowed=True,
                     constraints=[constraints.Range(min=0)]),
        COOLDOWN: _S(_S.INTEGER, _('Cooldown period, in seconds.'),
                     update_allowed=True,
                     constraints=[constraints.Range(min=0)]),
        DESIRED_CAPACITY: _S(_S.INTEGER,
                             _('Desired initial number of instances.'),
                             update_allowed=True),
        HEALTH_CHECK_GRACE_PERIOD: _S(_S.INTEGER, _('Not implemented.')),
        HEALTH_CHECK_TYPE: _string(_('Not implemented.'), constraints=[
            constraints.AllowedValues(['EC2', 'ELB'])]),
        LOAD_BALANCER_NAMES: _list(_('Not implemented by heat-vision.')),
        VPCZONE_IDENTIFIER: _list(_('The subnet the instances attach to '
                                    '(exactly one; passed as SubnetId).')),
        TAGS: _list(_('Tags to attach to this group (Key, Value).')),
    }
    attributes_schema = {
        INSTANCE_LIST: attributes.Schema(
            _('A comma-delimited list of the members\' PublicIp.'),
            type=attributes.Schema.STRING),
    }

    @classmethod
    def validate_properties(cls, properties, path):
        """Sizes in order; exactly a LaunchConfigurationName."""
        low, high, desired = (_known(properties, key) for key in (
            cls.MIN_SIZE, cls.MAX_SIZE, cls.DESIRED_CAPACITY))
        if low is not None and high is not None and low > high:
            raise exception.StackValidationFailed(
                _('MinSize can not be greater than MaxSize'),
                path=path + [cls.MIN_SIZE])
        if desired is not None and low is not None and high is not None \
                and not low <= desired <= high:
            raise exception.StackValidationFailed(
                _('DesiredCapacity must be between MinSize and MaxSize'),
                path=path + [cls.DESIRED_CAPACITY])
        if _known(properties, cls.INSTANCE_ID) is not None:
            raise exception.StackValidationFailed(
                _('InstanceId is not supported: give a '
                  'LaunchConfigurationName.'), path=path + [cls.INSTANCE_ID])
        zones = _known(properties, cls.VPCZONE_IDENTIFIER)
        if zones is not None and len(zones) != 1:
            raise exception.StackValidationFailed(
                _('Anything other than one VPCZoneIdentifier is not '
                  'supported.'), path=path + [cls.VPCZONE_IDENTIFIER])

    def rolling_policy(self):
        return {}

    def _launch_configuration(self):
        wanted = self.properties[self.LAUNCH_CONFIGURATION_NAME]
        for name in self.stack.resource_names():
            if wanted in (name, self.stack.get_reference_id(name)):
                plugin = self.stack.plugin(name)
                if callable(getattr(plugin, 'instance_properties', None)):
                    return plugin
        raise exception.Invalid(
            reason=_('LaunchConfiguration %s not found') % wanted)

    def member_definition(self, name=None):
        properties = self._launch_configuration().instance_properties()
        zones = self.properties[self.VPCZONE_IDENTIFIER]
        if zones:
            properties['SubnetId'] = zones[0]
        tags = list(self.properties[self.TAGS] or [])
        tags.append({'Key': 'metering.AutoScalingGroupName',
                     'Value': self.physical_resource_name()})
        properties['Tags'] = tags
        return {'type': MEMBER_TYPE, 'properties': properties}

    def get_attribute(self, name, *path):
        if name == self.INSTANCE_LIST:
            child = self.child() if self.resource_id else None
            if child is None:
                return None
            return ','.join(str(child.get_attribute(n, 'PublicIp'))
                            for n in self._names()) or None
        return super().get_attribute(name, *path)


class AWSScalingPolicy(scaling_policy.ScalingPolicy):
    """Adjusts ``AutoScalingGroupName`` when signalled (``AlarmUrl``).

    As in Heat, its reference (``Ref``) is the signed alarm URL.
    """

    PROPERTIES = (GROUP_ID, ADJUSTMENT_TYPE, SCALING_ADJUSTMENT, COOLDOWN,
                  MIN_ADJUSTMENT_STEP) = (
        'AutoScalingGroupName', 'AdjustmentType', 'ScalingAdjustment',
        'Cooldown', 'MinAdjustmentStep')
    ATTRIBUTES = (ALARM_URL,) = ('AlarmUrl',)
    SIGNAL_URL = None
    ADJUSTMENT_NAMES = {
        'ChangeInCapacity': scaling.CHANGE_IN_CAPACITY,
        'ExactCapacity': scaling.EXACT_CAPACITY,
        'PercentChangeInCapacity': scaling.PERCENT_CHANGE_IN_CAPACITY}

    properties_schema = {
        GROUP_ID: _string(_('AutoScaling group name to apply policy to.'),
                          required=True),
        SCALING_ADJUSTMENT: _S(_S.INTEGER, _('Size of adjustment.'),
                               required=True, update_allowed=True),
        ADJUSTMENT_TYPE: _string(
            _('Type of adjustment (absolute or percentage).'),
            required=True, update_allowed=True,
            constraints=[constraints.AllowedValues(sorted(
                ADJUSTMENT_NAMES))]),
        COOLDOWN: _S(_S.INTEGER, _('Cooldown period, in seconds.'),
                     update_allowed=True,
                     constraints=[constraints.Range(min=0)]),
        MIN_ADJUSTMENT_STEP: _S(
            _S.INTEGER, _('Minimum number of resources that are added or '
                          'removed when the AutoScaling group scales up or '
                          'down (PercentChangeInCapacity only).'),
            update_allowed=True, constraints=[constraints.Range(min=0)]),
    }
    attributes_schema = {
        ALARM_URL: attributes.Schema(
            _('A signed URL to handle the alarm (Heat extension).'),
            type=attributes.Schema.STRING),
    }

    def get_reference_id(self):
        return self.get_attribute(self.ALARM_URL) or self.name
