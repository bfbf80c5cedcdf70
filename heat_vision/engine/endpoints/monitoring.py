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

"""RPC endpoint of monitoring: metric samples, built-in alarms, routed
alarm transitions.
"""

from oslo_config import cfg
import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import alarms as db_alarms
from heat_vision.engine.alarms import routing
from heat_vision.engine.endpoints import base
from heat_vision.monitoring import alarms
from heat_vision.monitoring import samples as metric_samples

CONF = cfg.CONF


def _limit(limit):
    """:returns: ``limit`` lowered to ``[api] max_limit``."""
    if limit is None:
        return CONF.api.max_limit
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 0:
        raise exception.InvalidParameter(
            reason=_('limit: must be an integer of at least 0'))
    return min(limit, CONF.api.max_limit)


class MonitoringEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id, run_in_background=None):
        self.engine_id = engine_id
        self.run_in_background = run_in_background

    @base.user_errors
    def push_metrics(self, ctxt, samples=None):
        """Store samples for the caller's project.

        :returns: ``{'stored': n}``
        :raises: InvalidParameter, RequestTooLarge, Conflict
        """
        if not ctxt.project_id:
            raise exception.InvalidParameter(
                reason=_('Samples belong to a project: the request has '
                         'none.'))
        return {'stored': metric_samples.store(ctxt, ctxt.project_id,
                                               samples)}

    @base.user_errors
    def list_alarms(self, ctxt, limit=None, marker=None):
        """:returns: the project's built-in alarms, oldest first."""
        return [alarms.format_alarm(row) for row in
                db_alarms.alarm_get_all(ctxt, _limit(limit), marker)]

    @base.user_errors
    def show_alarm(self, ctxt, alarm_id):
        """:raises: EntityNotFound (also for another project's alarm)"""
        return alarms.format_alarm(db_alarms.alarm_get(ctxt, alarm_id))

    @base.user_errors
    def alarm_history(self, ctxt, alarm_id, limit=None):
        """:returns: the alarm's transitions, newest first."""
        return [alarms.format_history(row) for row in
                db_alarms.history_get(ctxt, alarm_id, _limit(limit))]

    @base.user_errors
    def alarm_transition(self, ctxt, stack_id, resource_name, transition,
                         engine_id):
        """Signal a resource with a transition another engine routed here.

        :param engine_id: the engine meant to receive it.
        :returns: True if handled here; False if this is not ``engine_id``.
        """
        if engine_id != self.engine_id:
            return False
        routing.handle(self.engine_id, stack_id, resource_name, transition,
                       self.run_in_background)
        return True
