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

"""Which engine signals a resource with an alarm transition.

The engine holding the stack's lock (an update, a scaling under way)
takes it, reached on its own topic as a cancel is
(``endpoints.stack_actions``); with no live holder, the engine that read
the notification does. If the holder does not answer within ``[monitoring]
route_timeout`` this engine handles it: a transition is never dropped.

A transition to a resource that acts elsewhere (a scaling policy) is
applied as a signal through the API is: it claims (or queues behind the
claim of) its group, stored in the database, and the resize runs on the
engine's worker pool, so the listener's thread takes the next
notification at once and an engine that dies leaves the claim to the
others (``engine.scaling_signals``).
"""

from oslo_log import log as logging

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.db import locks as db_locks
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.alarms import transition_dedup
from heat_vision.engine import locks
from heat_vision.engine.signals import delivery
from heat_vision.engine.tree import trust as stack_trust
from heat_vision.rpc import engine_client

LOG = logging.getLogger(__name__)


def deliver_here(engine_id, stack_id, resource_name, transition,
                 spawn=None, stack_row=None):
    """Signal the resource as its stack's owner; a refusal is logged.

    :param spawn: runs a signal that acts elsewhere in the background
        (None: before returning).
    :param stack_row: the stack's row if the caller just read it.
    :returns: True if the resource took the signal.
    """
    admin = context.get_admin_context()
    try:
        stack_row = stack_row or db_stacks.stack_get(admin, stack_id)
        owner = stack_trust.owner_context(stack_row)
        delivery.deliver(owner, stack_id, resource_name, transition,
                         engine_id=engine_id,
                         via=transition_dedup.VIA_QUEUE, spawn=spawn,
                         stack_row=stack_row)
    except exception.HeatVisionException as exc:
        LOG.info('Alarm %s: resource %s of stack %s refused the '
                 'transition: %s', transition.get('alarm_id'),
                 resource_name, stack_id, exc)
        return False
    return True


class Router:
    """Routes transitions for the engine ``engine_id``, whose worker
    pool's ``spawn`` applies them.
    """

    def __init__(self, engine_id, spawn=None):
        self.engine_id = engine_id
        self.spawn = spawn

    def route(self, stack_id, resource_name, transition, stack_row=None):
        """Hand the transition to the lock holder, or handle it here.

        :param stack_row: the stack's row if the caller just read it.
        :returns: the id of the engine that handled it.
        """
        admin = context.get_admin_context()
        holder = db_locks.lock_owner(admin, stack_id)
        if holder and holder != self.engine_id and locks.owner_alive(
                admin, holder):
            LOG.info('Engine %s forwards alarm %s for resource %s of stack '
                     '%s to engine %s (the lock holder)', self.engine_id,
                     transition.get('alarm_id'), resource_name, stack_id,
                     holder)
            try:
                if engine_client.EngineClient().alarm_transition(
                        admin, stack_id, resource_name, transition, holder):
                    return holder
            except Exception as exc:
                LOG.warning('Engine %s did not take the transition of '
                            'alarm %s (%s); handling it here', holder,
                            transition.get('alarm_id'), exc)
        handle(self.engine_id, stack_id, resource_name, transition,
               self.spawn, stack_row)
        return self.engine_id


def handle(engine_id, stack_id, resource_name, transition, spawn=None,
           stack_row=None):
    """Signal the resource in engine ``engine_id`` (this one), logged."""
    LOG.info('Engine %s handles alarm %s for resource %s of stack %s',
             engine_id, transition.get('alarm_id'), resource_name, stack_id)
    return deliver_here(engine_id, stack_id, resource_name, transition,
                        spawn, stack_row)
