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

"""Stack locks: one engine acts on a stack at a time.

A lock held by an engine whose heartbeat stopped is taken over.
"""

import datetime

from oslo_config import cfg
from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.db import locks as db_locks
from heat_vision.db import services as db_services
from heat_vision.rpc import listener_client

CONF = cfg.CONF


def engine_alive(service, now=None):
    now = now or timeutils.utcnow()
    seen = service['updated_at'] or service['created_at']
    return (now - seen).total_seconds() <= CONF.service_down_time


def owner_alive(context, engine_id):
    """:returns: True if engine ``engine_id`` is registered and beating."""
    return engine_id in live_engines(context)


def engine_dead(context, engine_id):
    """:returns: True if engine ``engine_id`` is silent past
    ``service_down_time``, or does not answer when asked (within
    ``engine_life_check_timeout``): a killed engine is found in seconds.
    """
    return (not owner_alive(context, engine_id) or
            not listener_client.is_alive(context, engine_id))


def live_engines(context):
    """:returns: the set of ids of the registered engines that beat (the
    ones ``engine_alive`` says are).
    """
    return db_services.engine_ids_seen_since(
        context, timeutils.utcnow() - datetime.timedelta(
            seconds=CONF.service_down_time))


def acquire(context, stack_row, engine_id, action):
    """Take the stack's lock for ``engine_id``.

    :raises: ActionInProgress if a live engine holds it.
    """
    owner = db_locks.lock_create(context, stack_row.id, engine_id)
    if owner is None or owner == engine_id:
        return
    if owner not in live_engines(context) and db_locks.lock_steal(
            context, stack_row.id, owner, engine_id):
        return
    raise exception.ActionInProgress(stack_name=stack_row.name,
                                     action=stack_row.action)


def release(context, stack_id, engine_id):
    db_locks.lock_release(context, stack_id, engine_id)
