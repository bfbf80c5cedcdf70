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

"""What the Swift plugins share: Swift's v1 API and its temporary URLs.

Swift (the ``object-store`` service) answers with headers more than
bodies, so calls go through ``ServiceClient.request`` and read its
answer's headers. Its endpoint in the catalog is the project's account
(``.../v1/AUTH_<project id>``); paths here are below it.
"""

import hashlib
import hmac
import secrets
import time
from urllib import parse

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.template import constraints

#: Swift's limit on a container's name (its ``container_name_max_length``
#: default, swift/common/constraints.py).
CONTAINER_NAME_LIMIT = 256
#: The account metadata holding the temporary URL key (Swift's tempurl
#: middleware; heat/engine/clients/os/swift.py, ``get_temp_url``).
TEMP_URL_KEY = 'X-Account-Meta-Temp-URL-Key'
#: The latest expiry Heat gives a URL without a timeout (its
#: ``MAX_EPOCH``, less a minute).
MAX_EPOCH = 2147483647
#: Objects listed, and deleted, per call of a check.
PAGE = 100


def quoted(*names):
    return '/' + '/'.join(parse.quote(name, safe='') for name in names)


def container_name_constraints():
    """What Swift takes as a container's name: 1 to 256 characters, no
    ``/``.
    """
    return [constraints.Length(min=1, max=CONTAINER_NAME_LIMIT),
            constraints.AllowedPattern(
                '[^/]+', description=_('A container name has no "/".'))]


class SwiftAccount:
    """Swift's API below the project's account, on ``self.client()`` (a
    mixin of the Swift plugins; :class:`Account` for the others).
    """

    def swift(self, method, path='', headers=None, data=None,
              params=None):
        """One call of Swift's API below the account; :returns: the
        answer.
        """
        return self.client().request(method, path, headers=headers,
                                     data=data, params=params)

    def account_url(self):
        """The project's account URL (the catalog's endpoint)."""
        return self.client().get_endpoint().rstrip('/')

    def head(self, path=''):
        """The headers of the account or ``path``, lower-cased (as
        swiftclient gives them to Heat).
        """
        answer = self.swift('HEAD', path)
        return {key.lower(): value for key, value in answer.headers.items()}

    def list_objects(self, container, limit=PAGE, prefix=None):
        """Up to ``limit`` objects of ``container`` (``{'name': ...,
        'bytes': ...}``), in Swift's order.

        :raises: exception.ServiceObjectNotFound if it is gone.
        """
        params = {'format': 'json', 'limit': limit}
        if prefix:
            params['prefix'] = prefix
        answer = self.swift('GET', quoted(container), params=params)
        return answer.json() if answer.content else []

    def delete_quietly(self, *names):
        """DELETE the container or object; :returns: False if it was
        already gone.
        """
        try:
            self.swift('DELETE', quoted(*names))
        except exception.ServiceObjectNotFound:
            return False
        return True

    def temp_url(self, container, obj, method='PUT', timeout=None):
        """A temporary URL of ``obj`` for ``method``, as Heat's
        ``get_temp_url`` makes it: the account's key (made when there is
        none), HMAC-SHA256 of method, expiry and path (Swift's tempurl
        middleware; SHA1 is off by default since Swift 2.32).
        """
        key = self.head().get(TEMP_URL_KEY.lower())
        if not key:
            self.swift('POST', headers={TEMP_URL_KEY: secrets.token_hex(16)})
            key = self.head()[TEMP_URL_KEY.lower()]
        url = parse.urlsplit(self.account_url())
        path = url.path + quoted(container, obj)
        expires = int(time.time()) + timeout if timeout else \
            MAX_EPOCH - 60
        signature = hmac.new(
            key.encode(), ('%s\n%d\n%s' % (method, expires, path)).encode(),
            hashlib.sha256).hexdigest()
        return '%s://%s%s?%s' % (url.scheme, url.netloc, path,
                                 parse.urlencode({
                                     'temp_url_sig': signature,
                                     'temp_url_expires': expires}))


class Account(SwiftAccount):
    """The account of ``client`` (the ``swift`` service client)."""

    def __init__(self, client):
        self._client = client

    def client(self):
        return self._client


class SwiftResource(base.OpenStackResource, SwiftAccount):
    """Something kept in Swift for a stack."""

    service = 'swift'
    name_property = None
    ready_statuses = ()

    def show_object(self):
        return self.head(quoted(self.resource_id))

    def handle_check(self):
        if not self.resource_id:
            raise exception.Invalid(
                reason=_('%s was never created.') % self.name)
        self.show_object()
