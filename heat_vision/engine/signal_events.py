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
