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

"""Options of monitoring: the alarm listener, the built-in alarm, metrics.
"""

from oslo_config import cfg

monitoring_group = cfg.OptGroup('monitoring', title='Monitoring options')

monitoring_opts = [
    cfg.BoolOpt('listener_enabled', default=True,
                help='Run the alarm notification listener in every '
                     'engine.'),
    cfg.StrOpt('aodh_exchange', default='aodh',
               help="Exchange Aodh publishes its alarm transitions on "
                    "(Aodh's control_exchange)."),
    cfg.ListOpt('aodh_topics', default=['alarming'],
                help="Topics of Aodh's alarm transitions "
                     "(Aodh's [DEFAULT] notifier_topic); empty: do not "
                     'listen to Aodh.'),
    cfg.StrOpt('topic', default='heat-vision-alarming',
               help="Topic, on heat-vision's own exchange, of the "
                    "built-in alarms' transitions and of metric samples; "
                    'the engines share its queue <topic>.sample. RabbitMQ '
                    'queue names are global to a vhost, so it must not be '
                    "one of aodh_topics: the queue would be aodh-notifier's "
                    "own (Aodh's notifier_topic, alarming.sample)."),
    cfg.StrOpt('listener_pool', default='heat-vision-monitoring',
               help="Notification pool of the engines on Aodh's exchange: "
                    'each transition goes to one engine of the pool, and '
                    "other consumers (aodh-notifier) keep their own copy."),
    cfg.BoolOpt('act_on_action_urls', default=True,
                help="Signal the resource when an alarm's actions name "
                     'its signed signal URL (as well as alarms bound by '
                     "id). Aodh's notifier may POST to the same URLs: "
                     'a transition acts once whichever path delivers it '
                     'first (transition_dedup_window).'),
    cfg.IntOpt('transition_dedup_window', default=30, min=0, max=3600,
               help='Seconds during which a second delivery of the same '
                    'alarm transition (alarm, states, reason and reason '
                    "data) to the same resource is ignored: Aodh's HTTP "
                    'action and its queue bring each transition twice. '
                    "Keep it under Aodh's evaluation interval, or an "
                    'alarm that repeats its actions with the same reason '
                    'acts once per window. 0 turns the check off.'),
    cfg.IntOpt('route_timeout', default=10, min=1, max=300,
               help='Seconds to wait for the engine holding a stack lock '
                    'to take an alarm transition before handling it here.'),
    cfg.IntOpt('evaluation_interval', default=60, min=1, max=86400,
               help='Seconds between two rounds of each engine\'s alarm '
                    'evaluator, which evaluates its share of the built-in '
                    'alarms.'),
    cfg.FloatOpt('outbox_retry_delay', default=1.0, min=0.1, max=600,
                 help='Seconds before a built-in alarm transition the '
                      'queue did not take is sent again; each later '
                      'attempt waits twice as long, up to '
                      'outbox_max_retry_delay. Transitions wait in the '
                      'database meanwhile, and are sent until the broker '
                      'takes them.'),
    cfg.FloatOpt('outbox_max_retry_delay', default=30, min=0.1, max=3600,
                 help='Longest wait between two attempts to send a built-in '
                      'alarm transition.'),
    cfg.FloatOpt('outbox_delivery_timeout', default=10, min=1, max=3600,
                 help='Seconds after the broker took a built-in alarm '
                      'transition before it is sent again if no '
                      "engine's listener took it (a broker restart loses "
                      'what it routes before the listeners have '
                      'reconnected), then after twice as long each '
                      'time; a listener ignores a transition it took '
                      'before.'),
    cfg.IntOpt('outbox_keep_sent', default=3600, min=0, max=2592000,
               help='Seconds a built-in alarm transition is kept in the '
                    "outbox once an engine's listener took it, before it "
                    'is purged (one sent that long ago but never taken '
                    'is purged too).'),
    cfg.IntOpt('max_alarm_history', default=100, min=1, max=10000,
               help='History entries kept per built-in alarm; older ones '
                    'are dropped.'),
    cfg.IntOpt('metric_retention', default=86400, min=60, max=2592000,
               help='Seconds metric samples are kept; an alarm window '
                    '(period x evaluation_periods) may not be longer.'),
    cfg.IntOpt('max_samples_per_request', default=1000, min=1,
               max=100000,
               help='Most samples one POST /metrics (or one queue message) '
                    'may carry.'),
    cfg.IntOpt('max_samples_per_project', default=100000, min=100,
               max=100000000,
               help='Most samples stored for one project; a push beyond it '
                    'is refused until old samples expire.'),
    cfg.IntOpt('max_dimensions', default=16, min=0, max=256,
               help='Most dimensions (or matching_metadata keys) per '
                    'sample or alarm.'),
    cfg.IntOpt('max_dimension_length', default=255, min=1, max=4096,
               help='Longest metric name, dimension name or value.'),
]


def register_opts(conf):
    conf.register_group(monitoring_group)
    conf.register_opts(monitoring_opts, group=monitoring_group)


def list_opts():
    return {monitoring_group: monitoring_opts}
