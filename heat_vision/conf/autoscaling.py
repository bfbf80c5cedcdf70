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

"""Options of autoscaling: what happens to signals a group cannot take now.
"""

from oslo_config import cfg

autoscaling_group = cfg.OptGroup(
    'autoscaling', title='Autoscaling',
    help='Scaling signals that arrive while their group is scaling or in '
         'cooldown.')

autoscaling_opts = [
    cfg.StrOpt('pending_adjustments', default='queue',
               choices=[('queue', 'Keep the adjustment (coalesced with '
                                  'those already waiting) and apply it '
                                  'when the running scaling ends or the '
                                  'cooldown expires.'),
                        ('drop', "Refuse it, as Heat does (recorded as an "
                                 "event with its reason).")],
               help='What a scaling signal does when its group is busy '
                    'scaling or in cooldown.'),
    cfg.IntOpt('max_pending_adjustments', default=20, min=1, max=1000,
               help='Most adjustments waiting per group, after coalescing; '
                    'a signal beyond it is refused (with an event).'),
    cfg.IntOpt('claim_timeout', default=600, min=10, max=86400,
               help='Seconds after which the claim of a scaling operation '
                    'that does not name its engine (written before the '
                    'engine was recorded in claims) is considered stale. '
                    'A claim naming its engine is freed as soon as that '
                    'engine is dead (service_down_time), never before.'),
]


def register_opts(conf):
    conf.register_group(autoscaling_group)
    conf.register_opts(autoscaling_opts, group=autoscaling_group)


def list_opts():
    return {autoscaling_group: autoscaling_opts}
