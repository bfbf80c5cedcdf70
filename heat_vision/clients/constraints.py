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

"""Custom constraints that look a value up in its service.

``nova.flavor``, ``glance.image``, ``neutron.network`` ... accept a name
or an id of something that exists for the request's project. What a
look-up found is remembered per project for ``[clients]
constraint_cache_seconds`` (bounded by ``constraint_cache_size``), so
validating a stack of a hundred servers asks Nova about their flavor
once. A value not found is not remembered (it may exist a moment
later). Without a way to ask (no token, ``auth_mode = noauth``) the
value is let through: the create then fails with the service's answer.
"""

import collections
import re
import threading
import time

from oslo_config import cfg

from heat_vision import clients
from heat_vision.common import exception
from heat_vision.template import custom_constraints

CONF = cfg.CONF


class _Cache:
    """Found values by (constraint, project, value), with an age."""

    def __init__(self):
        self._lock = threading.Lock()
        self._found = collections.OrderedDict()

    def has(self, key):
        ttl = CONF.clients.constraint_cache_seconds
        with self._lock:
            found_at = self._found.get(key)
            if found_at is None:
                return False
            if time.monotonic() - found_at < ttl:
                return True
            del self._found[key]
            return False

    def add(self, key):
        if CONF.clients.constraint_cache_seconds <= 0:
            return
        with self._lock:
            self._found[key] = time.monotonic()
            self._found.move_to_end(key)
            while len(self._found) > CONF.clients.constraint_cache_size:
                self._found.popitem(last=False)

    def clear(self):
        with self._lock:
            self._found.clear()


CACHE = _Cache()


class ServiceConstraint(custom_constraints.BaseConstraint):
    """A value that names (or is the id of) a service's object.

    A subclass gives the service, the collection path and the key of
    one object (``'nova'``, ``'/flavors'``, ``'flavor'``).
    """

    service = path = key = None
    #: whether the collection filters by ``name`` (else by id only).
    by_name = True
    #: the key of the collection's list (None: ``key`` + ``s``).
    plural = None

    def validate(self, value, context=None):
        self.error_message = None
        if context is None or not value:
            return True
        cache_key = (type(self).__name__, context.project_id, str(value))
        if CACHE.has(cache_key):
            return True
        try:
            found = self.lookup(clients.Clients(context).client(
                self.service), str(value))
        except exception.ServiceNotConfigured:
            return True
        except exception.ServiceError as exc:
            self.error_message = str(exc)
            return False
        if found:
            CACHE.add(cache_key)
            return True
        self.error_message = 'no %s has this name or id' % self.key
        return False

    def lookup(self, client, value):
        """:returns: whether ``value`` names or identifies one object."""
        try:
            client.api('GET', '%s/%s' % (self.path, value))
            return True
        except exception.ServiceObjectNotFound:
            if not self.by_name:
                return False
        items = client.api('GET', self.path,
                           key=self.plural or self.key + 's',
                           params={'name': value})
        return any(item.get('name') == value for item in items)


class FlavorConstraint(ServiceConstraint):
    service, path, key = 'nova', '/flavors', 'flavor'


class KeypairConstraint(ServiceConstraint):
    service, path, key = 'nova', '/os-keypairs', 'keypair'
    by_name = False


class ImageConstraint(ServiceConstraint):
    service, path, key = 'glance', '/images', 'image'


class NetworkConstraint(ServiceConstraint):
    service, path, key = 'neutron', '/networks', 'network'


class SubnetConstraint(ServiceConstraint):
    service, path, key = 'neutron', '/subnets', 'subnet'


class PortConstraint(ServiceConstraint):
    service, path, key = 'neutron', '/ports', 'port'


class VolumeConstraint(ServiceConstraint):
    service, path, key = 'cinder', '/volumes', 'volume'


class ZaqarQueueConstraint(custom_constraints.BaseConstraint):
    """A Zaqar queue name. Heat asks nothing of Zaqar here (its queues
    are made on first use, so any name is one: heat/engine/clients/os/
    zaqar.py, get_queue); heat-vision checks Zaqar's own naming rule.
    """

    def check(self, value):
        self.error_message = queue_name_error(value)
        return self.error_message is None


#: Zaqar's rule for queue names (zaqar/transport/validation.py:
#: QUEUE_NAME_MAX_LEN, QUEUE_NAME_REGEX).
QUEUE_NAME_LIMIT = 64
QUEUE_NAME = re.compile(r'^[a-zA-Z0-9_\-.]+$')


def queue_name_error(value):
    """:returns: why ``value`` is no Zaqar queue name, or None."""
    if not isinstance(value, str) or not value:
        return 'a queue name is a non-empty string'
    if len(value) > QUEUE_NAME_LIMIT:
        return 'a queue name has at most %d characters' % QUEUE_NAME_LIMIT
    if not QUEUE_NAME.match(value):
        return ('a queue name has only ASCII letters, digits, '
                'underscores, hyphens and dots')
    return None


# Octavia's, as Heat's heat/engine/clients/os/octavia.py (by name or id).

class LoadBalancerConstraint(ServiceConstraint):
    service, path, key = 'octavia', '/lbaas/loadbalancers', 'loadbalancer'


class ListenerConstraint(ServiceConstraint):
    service, path, key = 'octavia', '/lbaas/listeners', 'listener'


class PoolConstraint(ServiceConstraint):
    service, path, key = 'octavia', '/lbaas/pools', 'pool'


class L7PolicyConstraint(ServiceConstraint):
    service, path, key = 'octavia', '/lbaas/l7policies', 'l7policy'
    plural = 'l7policies'


class OctaviaFlavorConstraint(ServiceConstraint):
    service, path, key = 'octavia', '/lbaas/flavors', 'flavor'


class FlavorProfileConstraint(ServiceConstraint):
    service, path, key = 'octavia', '/lbaas/flavorprofiles', 'flavorprofile'
