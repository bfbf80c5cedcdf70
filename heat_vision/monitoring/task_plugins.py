"""``alarm.evaluate``: the task that evaluates one built-in alarm.

It joins the task system through the ``heat_vision.tasks`` entry point;
each built-in alarm has a persistent job running it (``alarms``).
"""

from heat_vision.common import exception
from heat_vision.monitoring import alarms
from heat_vision.tasks.plugins import base


class AlarmEvaluate(base.TaskPlugin):
    """Evaluates a built-in alarm of the job's project once."""

    description = 'Evaluate a built-in threshold alarm.'
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['alarm_id'],
        'properties': {'alarm_id': {'type': 'string', 'minLength': 1,
                                    'maxLength': 36}},
    }

    def execute(self, runtime, alarm_id):
        try:
            payload = alarms.evaluate(runtime.context, alarm_id)
        except exception.NotFound:
            raise exception.TaskFailed(
                reason='alarm %s does not exist' % alarm_id)
        if payload is None:
            return {'alarm_id': alarm_id, 'changed': False}
        return {'alarm_id': alarm_id, 'changed': True,
                'previous': payload['previous'],
                'current': payload['current']}
