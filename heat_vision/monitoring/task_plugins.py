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

"""``alarm.evaluate``: the task of an older version's alarm jobs.

An older version gave each built-in alarm a persistent job running this
task. The engines' evaluators (``evaluation_service``) evaluate every
alarm now and cancel those jobs; a run of one that starts before its
cancel lands evaluates nothing, so an alarm is not evaluated twice. The
action stays registered for those runs: unknown, it would fail them.
"""

from heat_vision.common import exception
from heat_vision.db import alarms as db_alarms
from heat_vision.tasks.plugins import base


class AlarmEvaluate(base.TaskPlugin):
    """Left for the alarm jobs of an older version; evaluates nothing."""

    description = ('Kept for the alarm jobs of an older version: the '
                   'engines evaluate built-in alarms themselves.')
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['alarm_id'],
        'properties': {'alarm_id': {'type': 'string', 'minLength': 1,
                                    'maxLength': 36}},
    }

    def execute(self, runtime, alarm_id):
        try:
            db_alarms.alarm_get(runtime.context, alarm_id)
        except exception.NotFound:
            raise exception.TaskFailed(
                reason='alarm %s does not exist' % alarm_id)
        return {'alarm_id': alarm_id, 'changed': False}
