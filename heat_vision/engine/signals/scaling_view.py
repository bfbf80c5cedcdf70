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

"""What a client may read of scaling: a group's state."""

from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import resource_claims as db_claims
from heat_vision.engine import stack as stack_mod
from heat_vision.resources.heat import scaling


def describe_group(ctxt, stack_id, name):
    """:returns: the group's size, bounds, members and pending work.

    :raises: ResourceNotFound; Invalid when ``name`` is no scaling group.
    """
    stack = stack_mod.Stack.load(ctxt, stack_id)
    if name not in stack.rows:
        raise exception.ResourceNotFound(name, stack.name)
    plugin = stack.plugin(name)
    if not callable(getattr(plugin, 'scaling_blocked', None)):
        raise exception.Invalid(
            reason=_('Resource %s is not an autoscaling group') % name)
    refs = plugin.get_attribute('refs_map') or {}
    claim = db_claims.claim_get(ctxt, stack_id, name)
    now = timeutils.utcnow()
    scaling_now = bool(claim and claim.holder and claim.claimed_until and
                       claim.claimed_until >= now)
    end = scaling.in_cooldown(plugin.metadata)
    pending = (claim.pending if claim else None) or []
    due = claim.due_at if claim and pending else None
    return {
        'resource_name': name,
        'current_size': len(refs),
        'min_size': plugin.properties[plugin.MIN_SIZE],
        'max_size': plugin.properties[plugin.MAX_SIZE],
        'desired_capacity': plugin.properties[plugin.DESIRED_CAPACITY],
        'cooldown': plugin.properties[plugin.COOLDOWN],
        'cooldown_end': end.isoformat() if end else None,
        'scaling_in_progress': scaling_now,
        'members': [{'name': n, 'reference_id': refs[n]} for n in refs],
        'pending_adjustments': pending,
        'pending_signals': scaling.signal_count(pending),
        'pending_due_at': due.isoformat() if due else None,
    }
