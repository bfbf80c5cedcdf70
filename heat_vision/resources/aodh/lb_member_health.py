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

"""OS::Aodh::LBMemberHealthAlarm: a load balancer pool's failed members.

Heat's schema (heat/engine/resources/openstack/aodh/alarm.py
``LBMemberHealthAlarm``), as Aodh's ``loadbalancer_member_health_rule``
(aodh/api/controllers/v2/alarm_rules/loadbalancer.py): ``pool_id``,
``stack_id``, ``autoscaling_group_id``. Aodh's evaluator marks a member
in ERROR unhealthy in the group and updates the root stack. ``pool`` is
a pool's name or id, resolved through Octavia as Heat's translation rule
does (``get_pool``); without Octavia in the catalog it is taken as the
pool's id.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.aodh import base
from heat_vision.resources.aodh import schema
from heat_vision.resources.openstack import base as openstack_base
from heat_vision.template import constraints

Schema = constraints.Schema


class LBMemberHealthAlarm(base.BaseAlarm):
    """Fires when a member of a load balancer pool reports ERROR."""

    alarm_type = 'loadbalancer_member_health'

    PROPERTIES = (POOL, STACK, AUTOSCALING_GROUP_ID) = (
        'pool', 'stack', 'autoscaling_group_id')

    properties_schema = {
        POOL: Schema(
            Schema.STRING,
            _('ID of the loadbalancer pool for which the health of each '
              'member will be evaluated.'),
            required=True, update_allowed=True,
            constraints=[constraints.Length(max=schema.MAX_TEXT)]),
        STACK: Schema(
            Schema.STRING,
            _('Name or ID of the root / top level Heat stack containing '
              'the loadbalancer pool and members. An update will be '
              'triggered on the root Stack if an unhealthy member is '
              'detected in the loadbalancer pool.'),
            required=True,
            constraints=[constraints.Length(max=schema.MAX_TEXT)]),
        AUTOSCALING_GROUP_ID: Schema(
            Schema.STRING,
            _('ID of the Heat autoscaling group that contains the '
              'loadbalancer members. Unhealthy members will be marked as '
              'such before an update is triggered on the root stack.'),
            required=True, update_allowed=True,
            constraints=[constraints.Length(max=schema.MAX_TEXT)]),
    }
    properties_schema.update(schema.common_properties_schema)

    def pool_id(self, value):
        try:
            return openstack_base.find_id(self.stack.client('octavia'),
                                          '/lbaas/pools', 'pool', value)
        except exception.ServiceNotConfigured:
            return value

    def rule(self, properties):
        return {'pool_id': self.pool_id(properties[self.POOL]),
                'stack_id': properties[self.STACK],
                'autoscaling_group_id': properties[self.AUTOSCALING_GROUP_ID]}
