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

"""The events that say what became of each signal."""

from oslo_log import log as logging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.db import events as db_events
from heat_vision.engine import states

LOG = logging.getLogger(__name__)


def record(ctxt, stack_id, row, reason, status=states.COMPLETE,
           physical_id=None, action='SIGNAL', event_id=None):
    """Record an event of resource ``row`` (``SIGNAL`` by default) with
    its reason, outside a stack operation.

    :param row: the resource's row (name, type, physical id).
    :param physical_id: the physical id, when newer than the row's.
    :param event_id: the event's id (None: a new one).
    """
    LOG.info('Resource %s of stack %s signalled: %s', row.name, stack_id,
             reason)
    db_events.event_create_many(ctxt, [{
        'uuid': event_id or uuidutils.generate_uuid(),
        'stack_id': stack_id,
        'resource_name': row.name,
        'physical_resource_id': physical_id or row.physical_resource_id,
        'resource_type': row.type,
        'resource_action': action,
        'resource_status': status,
        'resource_status_reason': reason[:4096],
        'created_at': timeutils.utcnow(),
    }])
