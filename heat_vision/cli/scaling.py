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

"""``policy signal|rotate-url`` and ``group show``: autoscaling."""

from cliff import show

from heat_vision.cli import common
from heat_vision.cli import resources

GROUP_FIELDS = ('resource_name', 'current_size', 'min_size', 'max_size',
                'desired_capacity', 'cooldown', 'cooldown_end',
                'scaling_in_progress', 'members', 'pending_signals',
                'pending_adjustments', 'pending_due_at')


class SignalPolicy(resources.SignalResource):
    """Signal a scaling policy (as an alarm would), with optional data.

    A group that is scaling or in cooldown queues the adjustment; the
    policy's events say what became of each signal.
    """


class RotatePolicyUrl(show.ShowOne):
    """Give a policy a new signing secret: its old alarm_url is refused.

    The stack's alarms that use the URL are updated to the new one.
    """

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('policy', help='Scaling policy (resource) name')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'resources', args.policy,
                                         'rotate_signal_url')
        return common.show_dict(self.app.client.post(path, None))


class ShowGroup(show.ShowOne):
    """Show an autoscaling group: size, bounds, members, pending work."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('stack', help='Stack name or ID')
        parser.add_argument('group', help='AutoScalingGroup resource name')
        return parser

    def take_action(self, args):
        path = common.resolve_stack_path(self.app.client, args.stack,
                                         'resources', args.group, 'scaling')
        group = self.app.client.get(path)['scaling_group']
        group['members'] = [m['name'] for m in group.get('members', [])]
        return common.show_dict(group, GROUP_FIELDS)
