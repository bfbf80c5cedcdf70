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

"""Names on the wire: event types, alarm states, payload keys.

The transition shape is the one Aodh's evaluator hands its notifier (and
its HTTP notifier POSTs): see doc/source/monitoring.rst.
"""

#: Event type of an alarm transition (Aodh's, and the built-in alarm's).
TRANSITION_EVENT = 'alarm.update'
#: Event type of metric samples published on the queue.
SAMPLES_EVENT = 'metric.samples'
#: Publisher id of the built-in alarms' transitions.
PUBLISHER_ID = 'heat-vision.alarm'

STATE_OK = 'ok'
STATE_ALARM = 'alarm'
STATE_INSUFFICIENT = 'insufficient data'
STATES = (STATE_OK, STATE_ALARM, STATE_INSUFFICIENT)

#: The keys a receiving resource gets (``handle_signal(details)``).
TRANSITION_KEYS = ('alarm_id', 'alarm_name', 'severity', 'previous',
                   'current', 'reason', 'reason_data')
SOURCE_AODH = 'aodh'
SOURCE_HEAT_VISION = 'heat-vision'

#: The resource type of a user's CEP: an alarm bound to one goes to it,
#: not to the resources its action URLs name.
CEP_TYPE = 'OS::HeatVision::CEP'

#: The most action URLs of one transition looked at.
MAX_ACTIONS = 50
