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

"""Signal ids: what a caller follows, and what makes a retry a no-op.

A signal's id is, in this order:

* the caller's idempotency key (the ``Idempotency-Key`` header), recorded
  for ``signal_retry_window`` seconds;
* for an alarm transition (Aodh's notifier body, the queue's payload,
  heat-vision's own alarms), the digest of the transition and its target
  (``engine.alarms.transition_dedup``), recorded for ``[monitoring]
  transition_dedup_window`` seconds. Aodh's HTTP body carries no
  transition id or time, and its ``x-openstack-request-id`` is new for
  each notification, so the body is what identifies a transition;
* else a new UUID: such a signal cannot be told from its retry.

A recorded id is inserted once (``db.transition_deliveries``, a unique
key): a second delivery of it within its window is a duplicate. The event
that says what became of a signal has an id derived from the signal id
and the time its first delivery was recorded, so that a retry is told the
same place to look, and a transition that repeats after the window gets
an event of its own.
"""

import datetime
import hashlib
import uuid

from oslo_config import cfg
from oslo_serialization import jsonutils
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import context as hv_context
from heat_vision.common import signal_limits
from heat_vision.db import transition_deliveries as db_deliveries
from heat_vision.engine.alarms import transition_dedup

CONF = cfg.CONF

_EVENT_NAMESPACE = uuid.UUID('0b9c5c3e-7f3e-4a5b-9a59-5f1d2f4f6c61')


class Signal:
    """One delivery of a signal.

    :ivar id: the signal id (see the module's docstring).
    :ivar key: the recorded digest, None when nothing was recorded.
    :ivar earlier: the first delivery's row when this is a duplicate.
    """

    def __init__(self, signal_id, key, accepted_at, earlier=None):
        self.id = signal_id
        self.key = key
        self.accepted_at = accepted_at
        self.earlier = earlier

    @property
    def event_id(self):
        """The id of the event saying what became of the signal."""
        return str(uuid.uuid5(_EVENT_NAMESPACE, '%s/%s' % (
            self.key or self.id, self.accepted_at.isoformat())))

    def answer(self, stack_row, resource_name, status):
        """:returns: what the caller is told (plain JSON): the id, what
        became of the signal so far, and where its event will be.
        """
        return {'id': self.id, 'status': status,
                'event_id': self.event_id, 'resource_name': resource_name,
                'stack_id': stack_row.id, 'stack_name': stack_row.name,
                'tenant': stack_row.project_id}


def identify(stack_id, resource_name, details, via, idempotency_key=None):
    """Name this delivery and record it.

    :param via: the path it came by (``transition_dedup.VIA_*``).
    :returns: a ``Signal``, whose ``earlier`` is set for a duplicate.
    """
    now = timeutils.utcnow()
    if signal_limits.check_key(idempotency_key):
        key = hashlib.sha256(jsonutils.dump_as_bytes(
            ['idempotency-key', stack_id, resource_name, idempotency_key])
        ).hexdigest()
        window, signal_id, alarm_id = (CONF.signal_retry_window,
                                       idempotency_key, None)
    else:
        window = CONF.monitoring.transition_dedup_window
        key = signal_id = window and transition_dedup.digest(
            stack_id, resource_name, details)
        alarm_id = key and details['alarm_id'][:255]
    if not key:
        return Signal(uuidutils.generate_uuid(), None, now)
    earlier = db_deliveries.first_delivery(
        hv_context.get_admin_context(), key,
        {'stack_id': stack_id, 'resource_name': resource_name,
         'alarm_id': alarm_id, 'via': via},
        now - datetime.timedelta(seconds=window), now=now)
    if earlier is not None:
        return Signal(signal_id, key, earlier.created_at, earlier)
    return Signal(signal_id, key, now)


def forget(signal):
    """Drop a delivery that failed, so that another may act."""
    if signal.key is not None and signal.earlier is None:
        db_deliveries.forget(hv_context.get_admin_context(), signal.key)
