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

"""Generic task plugins: noop, sleep, log."""

from oslo_config import cfg
from oslo_log import log as logging

from heat_vision.tasks import document
from heat_vision.tasks.plugins import base

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class Noop(base.TaskPlugin):
    """Does nothing, returns its input (tests, benchmarks, placeholders)."""

    description = 'Do nothing and return the input.'

    def execute(self, runtime, **inputs):
        return inputs


class Sleep(base.TaskPlugin):
    """Waits ``seconds`` (up to ``[tasks] max_task_timeout``); a cancel
    interrupts it.
    """

    description = 'Wait a number of seconds.'
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['seconds'],
        'properties': {'seconds': {'type': 'number', 'minimum': 0}},
    }

    @classmethod
    def validate(cls, inputs, path='input'):
        super().validate(inputs, path)
        document.check_range(inputs['seconds'], 0,
                             CONF.tasks.max_task_timeout, path + '.seconds')

    def execute(self, runtime, seconds):
        runtime.wait(seconds)
        return {'slept': seconds}


class Log(base.TaskPlugin):
    """Writes a message to the conductor's log."""

    description = "Write a message to the service's log."
    LEVELS = {'debug': logging.DEBUG, 'info': logging.INFO,
              'warning': logging.WARNING, 'error': logging.ERROR}
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['message'],
        'properties': {'message': {'type': 'string'},
                       'level': {'enum': list(LEVELS)}},
    }

    def execute(self, runtime, message, level='info'):
        LOG.log(self.LEVELS[level], 'Task job %s, task %s: %s',
                runtime.job_id, runtime.task_name, message)
        return {'logged': message}
