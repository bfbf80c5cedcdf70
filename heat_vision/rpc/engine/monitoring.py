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

"""Engine RPC client methods of monitoring: alarms, history, metrics.

Served by ``heat_vision.engine.endpoints.monitoring``.
"""

from oslo_config import cfg

CONF = cfg.CONF


class MonitoringMethods:
    """Client side of ``MonitoringEndpoint``."""

    def push_metrics(self, ctxt, samples):
        """Store metric samples for the caller's project.

        :param samples: ``[{"name", "value", "dimensions", "timestamp"}]``.
        :returns: ``{"stored": n}``
        :raises: InvalidParameter (naming the sample's path),
            RequestTooLarge, Conflict (the project keeps too many)
        """
        return self._call(ctxt, 'push_metrics', version='1.12',
                          samples=samples)

    def list_alarms(self, ctxt, limit=None, marker=None):
        """:returns: the project's built-in alarms, oldest first.

        :raises: EntityNotFound when ``marker`` is not one of them.
        """
        return self._call(ctxt, 'list_alarms', version='1.12', limit=limit,
                          marker=marker)

    def show_alarm(self, ctxt, alarm_id):
        """:returns: a built-in alarm of the project.

        :raises: EntityNotFound (also for another project's alarm)
        """
        return self._call(ctxt, 'show_alarm', version='1.12',
                          alarm_id=alarm_id)

    def alarm_history(self, ctxt, alarm_id, limit=None):
        """:returns: the alarm's state transitions, newest first.

        :raises: EntityNotFound (also for another project's alarm)
        """
        return self._call(ctxt, 'alarm_history', version='1.12',
                          alarm_id=alarm_id, limit=limit)

    def alarm_transition(self, ctxt, stack_id, resource_name, transition,
                         engine_id):
        """Engine to engine: signal a resource of a stack ``engine_id``
        holds the lock of with an alarm transition.

        :param transition: the transition dict the resource receives.
        :returns: True once that engine handled it; False if it is not
            ``engine_id``.
        """
        client = self._prepare('alarm_transition', '1.12', server=engine_id,
                               timeout=CONF.monitoring.route_timeout)
        return client.call(ctxt, 'alarm_transition', stack_id=stack_id,
                           resource_name=resource_name,
                           transition=transition, engine_id=engine_id)
