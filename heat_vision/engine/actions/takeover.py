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

"""Finding operations whose engine died, and taking them over.

Every engine looks on each heartbeat for top-level stacks IN_PROGRESS
whose lock belongs to an engine that stopped beating (or that have no
lock and have not moved for as long), takes the lock, and resumes them.
The orphans are shared by load (``placement.Shares``): an engine takes
those it is the least loaded live engine for, and any orphan its chosen
engine has left for two more heartbeats. The lock's single row decides
which engine wins. It also removes from
the service list the engines silent for ``service_cleanup_time``.
"""

import datetime

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils

from heat_vision.db import locks as db_locks
from heat_vision.db import resources as db_resources
from heat_vision.db import services as db_services
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import placement
from heat_vision.engine import locks

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


def clean_dead_services(admin_context, now=None):
    """Remove the records of engines that died without deregistering.

    An engine is removed once silent for ``service_cleanup_time`` (and
    never before ``service_down_time``, when it is taken for dead).

    :returns: the engine ids removed.
    """
    now = now or timeutils.utcnow()
    grace = max(CONF.service_cleanup_time, CONF.service_down_time)
    removed = db_services.service_delete_stale(
        admin_context, now - datetime.timedelta(seconds=grace))
    for engine_id in removed:
        LOG.info('Engine %s has not reported for %ss: removed from the '
                 'service list', engine_id, grace)
    return removed


def claim_orphans(admin_context, engine_id):
    """Take the locks of stacks whose operation no engine carries on.

    :returns: the stack rows this engine now holds and must resume.
    """
    now = timeutils.utcnow()
    services = db_services.service_get_all(admin_context, db_services.ENGINE)
    live = {s['engine_id'] for s in services if locks.engine_alive(s, now)}
    last_seen = {s['engine_id']: s['updated_at'] or s['created_at']
                 for s in services}
    quiet_since = now - datetime.timedelta(seconds=CONF.service_down_time)
    # Past this, an orphan's chosen engine had two heartbeats to take it.
    left_since = quiet_since - datetime.timedelta(
        seconds=2 * CONF.report_interval)
    shares = None
    claimed = []
    for row, owner in db_stacks.stack_get_in_progress(admin_context):
        if owner == engine_id or owner in live:
            continue
        moved = (row.updated_at or row.created_at if owner is None
                 else last_seen.get(owner))
        if owner is None and moved > quiet_since:
            continue        # being stored right now, most likely
        size = db_resources.resource_count_to_do(admin_context, row.id)
        if shares is None:
            shares = placement.Shares(admin_context, engine_id, live)
        if not shares.mine(size):
            if moved is not None and moved > left_since:
                continue    # another engine's share, for now
            shares.taken(size)
        if owner is None:
            if db_locks.lock_create(admin_context, row.id,
                                    engine_id) is not None:
                continue
        elif not db_locks.lock_steal(admin_context, row.id, owner,
                                     engine_id):
            continue
        LOG.info('Engine %s takes over %s of stack %s (%s) from %s',
                 engine_id, row.action, row.name, row.id,
                 owner or 'no engine')
        claimed.append(row)
    return claimed
