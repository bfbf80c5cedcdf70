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

"""Asking one engine whether it is alive (the engines' watchdog).

Each engine answers on a listener topic of its own, served by an RPC
server apart from the engine's (``heat_vision.engine.listener``), so
that an engine busy with requests still answers at once. A call that
is not answered within ``engine_life_check_timeout`` means the engine
is dead: Heat asks the same before it steals a stack lock
(heat/engine/stack_lock.py ``acquire`` -> heat/common/service_utils.py
``engine_alive`` -> heat/rpc/listener_client.py ``is_alive``, a call of
``listening`` timed by ``engine_life_check_timeout``).

API version history::

    1.0 - listening.
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging

from heat_vision.rpc import transport

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

VERSION = '1.0'


def topic():
    """The listener topic of the engines (one server per engine on it)."""
    return '%s-listener' % CONF.rpc.engine_topic


def is_alive(ctxt, engine_id):
    """:returns: False when engine ``engine_id`` did not answer within
        ``engine_life_check_timeout``; True when it answered, or when
        the question could not be sent (the broker is down: nothing is
        known of that engine, which must not be taken for dead).
    """
    client = transport.get_rpc_client(messaging.Target(
        topic=topic(), server=engine_id, version=VERSION))
    try:
        client.prepare(timeout=CONF.engine_life_check_timeout).call(
            ctxt, 'listening')
    except messaging.MessagingTimeout:
        return False
    except Exception as exc:
        LOG.warning('Could not ask engine %s whether it is alive: %s',
                    engine_id, exc)
    return True
