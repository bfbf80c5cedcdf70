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

"""A ``heat-vision-tasks``'s row in the service table (local jobboard).

On the local jobboard a job is run by the service that owns it: its
``owner`` is the id of a row of the service table, whose heartbeat says
that service is alive (``LocalBoard``). An engine's task service is owned
by the engine's row, which the engine beats. A ``heat-vision-tasks`` on
the local jobboard keeps a row of its own here (binary
``heat-vision-tasks``): the engines' own lists of live engines leave it
out.
"""

import socket

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import uuidutils

from heat_vision.common import context as hv_context
from heat_vision.db import services as db_services

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class Presence:
    """This process's row: registered, beaten, removed at stop."""

    def __init__(self):
        self.service_id = uuidutils.generate_uuid()

    def register(self):
        db_services.service_create(hv_context.get_admin_context(), {
            'engine_id': self.service_id,
            'host': CONF.host or socket.gethostname(),
            'hostname': socket.gethostname(), 'binary': db_services.TASKS,
            'topic': CONF.tasks.topic,
            'report_interval': CONF.report_interval})

    def beat(self):
        ctxt = hv_context.get_admin_context()
        if not db_services.service_heartbeat(ctxt, self.service_id):
            LOG.warning('Task service %s was removed from the service list '
                        'as dead; registering again', self.service_id)
            db_services.service_revive(ctxt, self.service_id)

    def leave(self):
        db_services.service_delete(hv_context.get_admin_context(),
                                   self.service_id)
