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

"""One alarm transition acts once, whichever path delivers it first.

When an alarm's actions name a signed URL of ours, Aodh's notifier POSTs
the transition to that URL and the engines' listener reads the same
transition from Aodh's queue. Neither carries an id of the transition:
Aodh's HTTP body is its queue payload without ``actions``, and its
request id is new for each POST. So the key is a digest of what both
carry (the alarm's id, name and severity, both states, the reason and
its data; the timestamp and transition id too when heat-vision's own
alarms put them in: their outbox may send a transition twice)
and of the resource it is delivered to. The first delivery inserts the
key (``db.transition_deliveries``, a unique key); a later one within
``[monitoring] transition_dedup_window`` is recorded as an event of the
resource and does nothing else. A delivery that fails forgets its key,
so that the other path may still act. The digest is also the signal's id
(``engine.signals.ids``, which records the deliveries).
"""

import datetime
import hashlib

from oslo_config import cfg
from oslo_log import log as logging
from oslo_serialization import jsonutils
from oslo_utils import timeutils

from heat_vision.db import resource_data
from heat_vision.db import transition_deliveries as db_deliveries
from heat_vision.engine.signals import events as signal_events
from heat_vision.monitoring import constants as c

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

VIA_QUEUE = 'queue'
VIA_SIGNED_URL = 'signed-url'
VIA_API = 'api'


def digest(stack_id, resource_name, details):
    """:returns: the key of an alarm transition delivered to a resource,
    or None when ``details`` is not an alarm transition.
    """
    if not isinstance(details, dict) or not isinstance(
            details.get('alarm_id'), str) or not isinstance(
            details.get('current'), str):
        return None
    what = {key: details.get(key) for key in c.TRANSITION_KEYS}
    if details.get('source') == c.SOURCE_HEAT_VISION:
        # Our own alarms stamp and number their transitions: two with
        # the same reason are still two, and one that the outbox sent
        # again (``monitoring.outbox``) is the same one.
        what['timestamp'] = details.get('timestamp')
        what['transition_id'] = details.get('transition_id')
    what['target'] = [stack_id, resource_name]
    return hashlib.sha256(jsonutils.dump_as_bytes(
        what, sort_keys=True)).hexdigest()


def record_duplicate(ctxt, stack_id, resource_name, details, via, earlier):
    """The event saying a delivery was ignored, and why."""
    LOG.info('Alarm %s: transition to %s for resource %s of stack %s '
             'delivered again (via %s, first via %s); ignored',
             details.get('alarm_id'), details.get('current'),
             resource_name, stack_id, via, earlier.via)
    row = resource_data.resource_get_by_name(ctxt, stack_id,
                                             resource_name)
    if row is None:
        return
    reason = ('Signal: duplicate ignored: alarm %s (%s -> %s) was '
              'delivered via %s at %s; this delivery came via %s' % (
                  details.get('alarm_name') or details['alarm_id'],
                  details.get('previous') or '-', details['current'],
                  earlier.via, earlier.created_at.isoformat() + 'Z', via))
    signal_events.record(ctxt, stack_id, row, reason[:1024])


def purge(admin_ctxt):
    """Forget deliveries older than the windows (the engines' heartbeat):
    this one's, and that of signals with an idempotency key
    (``engine.signals.ids``), kept in the same table.
    """
    window = max(CONF.monitoring.transition_dedup_window,
                 CONF.signal_retry_window, 1)
    return db_deliveries.purge(
        admin_ctxt, timeutils.utcnow() - datetime.timedelta(seconds=window))
