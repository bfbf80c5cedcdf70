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

"""What the OS::Zaqar::* plugins share: Zaqar's v2 API and queue names.

Zaqar (the ``messaging`` service) wants a ``Client-ID`` (a UUID) on
every request of its v2 API; one per engine process is enough for
managing queues, subscriptions and signed URLs. Its queues are lazy: a
``GET`` of one never made answers its default metadata, so existence is
read from the queue list.
"""

import uuid

from heat_vision.clients import constraints
from heat_vision.clients import openstack as os_clients
from heat_vision.resources.openstack import base

QUEUE_NAME_LIMIT = constraints.QUEUE_NAME_LIMIT
CLIENT_ID = str(uuid.uuid4())
JSON_PATCH = 'application/openstack-messaging-v2.0-json-patch'


def reduced_name(name, limit=QUEUE_NAME_LIMIT):
    """``name`` within ``limit`` characters as Heat reduces physical
    names (heat/engine/resource.py, reduce_physical_resource_name): the
    first two characters, a hyphen, then the end of the name.
    """
    if len(name) <= limit:
        return name
    return name[:2] + '-' + name[-(limit - 3):]


class ZaqarResource(base.OpenStackResource):
    """An object of Zaqar's v2 API."""

    service = 'zaqar'
    ready_statuses = ()

    def api(self, method, path, body=None, key=None, params=None,
            service=None, **kwargs):
        headers = dict(kwargs.pop('headers', None) or {},
                       **{'Client-ID': CLIENT_ID})
        return super().api(method, path, body=body, key=key,
                           params=params, service=service, headers=headers,
                           **kwargs)

    def queue_path(self, name):
        return '/queues/%s' % name

    def queue_href(self, name):
        """The queue's URL, as Heat's ``href`` gives it (the messaging
        endpoint, ``/v2/queues/`` and the name).
        """
        endpoint = self.client().get_endpoint().rstrip('/')
        if endpoint.endswith('/v2'):
            endpoint = endpoint[:-len('/v2')]
        return '%s/v2/queues/%s' % (endpoint, name)

    def ignoring_missing(self, method, path, **kwargs):
        return os_clients.ignoring_missing(self.api, method, path, **kwargs)

    def queue_exists(self, name, page=20):
        """Whether the project has queue ``name`` (read from its list,
        page by page: Zaqar lists queues in name order, at most 20 a
        page by default).
        """
        marker = None
        while True:
            params = {'limit': page}
            if marker:
                params['marker'] = marker
            found = self.api('GET', '/queues', params=params)
            names = [q['name'] for q in (found or {}).get('queues', ())]
            if name in names:
                return True
            if len(names) < page or names[-1] > name:
                return False
            marker = names[-1]
