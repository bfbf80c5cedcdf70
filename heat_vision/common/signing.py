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

"""Secrets and signatures for URLs that carry their own credential.

A resource that may be signalled without Keystone (a wait condition
handle, later a scaling policy's webhook) keeps a random secret in its
data under ``SECRET_KEY``. A caller proves it may signal either with the
secret itself (``X-Auth-Token``) or with a URL whose ``signature`` query
parameter is the HMAC of the resource's identity under that secret; the
engine checks either in constant time. The API never sees the secret.
"""

import functools
import hashlib
import hmac
import secrets
import socket
import urllib.parse

from oslo_config import cfg

CONF = cfg.CONF

SECRET_KEY = 'signal_secret'
#: The secrets a rotation retired, newest first, each
#: ``{'secret': ..., 'retired_at': ISO time}``: a signal signed with one
#: is refused all the same, but with an event that says why.
RETIRED_KEY = 'retired_signal_secrets'
MAX_RETIRED = 5
SIGNAL_PATH = '/v1/signal/'
SIGNATURE_PARAM = 'signature'
#: The query parameter naming the one action a signed URL may ask for
#: (a CEP's granted actions); the signature covers it.
ACTION_PARAM = 'action'
MAX_ACTION_LENGTH = 300
#: An action URL's expiry (epoch seconds) and, for an action that is not
#: idempotent, its one-use nonce; the signature covers both.
EXPIRES_PARAM = 'expires'
NONCE_PARAM = 'nonce'
MAX_NONCE_LENGTH = 64


def new_secret():
    """:returns: a new random secret (64 hex characters)."""
    return secrets.token_hex(32)


def signature(secret, *parts):
    """:returns: the hex HMAC-SHA256 of ``parts`` under ``secret``."""
    message = '\n'.join(str(p) for p in parts).encode('utf-8')
    return hmac.new(secret.encode('utf-8'), message,
                    hashlib.sha256).hexdigest()


def matches(expected, given):
    """Compare a credential in constant time; a missing one never matches.
    """
    if not expected or not isinstance(given, str) or not given:
        return False
    return hmac.compare_digest(expected.encode('utf-8'),
                               given.encode('utf-8'))


def verify(secret, credential, *parts):
    """:returns: True if ``credential`` proves knowledge of ``secret``.

    :param credential: ``{'token': ..., 'signature': ...}`` as the API
        read them from the request (either may be None).
    :param parts: what the signature covers (the resource identity).
    """
    credential = credential or {}
    if not secret:
        return False
    token_ok = matches(secret, credential.get('token'))
    signature_ok = matches(signature(secret, *parts),
                           credential.get('signature'))
    return token_ok or signature_ok


def retire(data, retired_at):
    """:returns: a copy of the resource data ``data`` with a new secret,
    the old one first among the retired (at most ``MAX_RETIRED`` kept).

    :param retired_at: when, as an ISO 8601 string.
    """
    data = dict(data)
    retired = [{'secret': data[SECRET_KEY], 'retired_at': retired_at}]
    data[RETIRED_KEY] = (retired + list(data.get(RETIRED_KEY) or []))[
        :MAX_RETIRED]
    data[SECRET_KEY] = new_secret()
    return data


def retired_match(data, credential, *parts):
    """:returns: when the retired secret that ``credential`` proves was
    retired, or None if it proves none.

    The same work whatever ``data`` holds (None included), as ``verify``
    is compared against an unknown resource.
    """
    retired = list((data or {}).get(RETIRED_KEY) or [])[:MAX_RETIRED]
    retired += [{}] * (MAX_RETIRED - len(retired))
    found = None
    for entry in retired:
        secret = entry.get('secret')
        if verify(secret or new_secret(), credential, *parts) and secret \
                and found is None:
            found = str(entry.get('retired_at'))
    return found


def public_base_url():
    """The URL of the API as callers outside reach it (no trailing /).

    ``[api] public_endpoint`` when set, else the address the API binds.
    """
    if CONF.api.public_endpoint:
        return CONF.api.public_endpoint.rstrip('/')
    host = CONF.api.bind_host
    if host in ('0.0.0.0', '::', ''):
        host = _fully_qualified_host_name()
    elif ':' in host:
        host = '[%s]' % host
    return 'http://%s:%s' % (host, CONF.api.bind_port)


@functools.lru_cache(maxsize=1)
def _fully_qualified_host_name():
    # A resolver lookup, which a busy or broken DNS makes slow: done once
    # per process rather than for every handle and every URL attribute.
    return socket.getfqdn()


def identity(stack_id, resource_name, action=None, expires=None,
             nonce=None):
    """:returns: what a signal URL's signature covers (an action URL's
    expiry and nonce with its action).
    """
    parts = (stack_id, resource_name)
    if not action:
        return parts
    return parts + (action, 'expires=%s' % (expires or ''),
                    'nonce=%s' % (nonce or ''))


def signal_url(stack_id, resource_name, secret=None, action=None,
               expires=None, nonce=None):
    """:returns: the resource's signal URL; signed when given ``secret``.

    :param action: the one action the URL asks for (``job:nightly``),
        covered by the signature; None for a plain signal.
    :param expires: with ``action``, the epoch second after which the URL
        is refused.
    :param nonce: with ``action``, the nonce that makes the URL good for
        one use.
    """
    url = '%s%s%s/%s' % (public_base_url(), SIGNAL_PATH, stack_id,
                         urllib.parse.quote(resource_name, safe=''))
    if secret is None:
        return url
    query = []
    if action:
        query.append((ACTION_PARAM, action))
        if expires is not None:
            query.append((EXPIRES_PARAM, str(int(expires))))
        if nonce:
            query.append((NONCE_PARAM, nonce))
    query.append((SIGNATURE_PARAM, signature(
        secret, *identity(stack_id, resource_name, action,
                          None if expires is None else int(expires),
                          nonce))))
    return '%s?%s' % (url, urllib.parse.urlencode(query))


def resource_signal_url(project_id, stack_name, stack_id, resource_name):
    """:returns: the authenticated (Keystone) signal API URL of a resource.
    """
    return '%s/v1/%s/stacks/%s/%s/resources/%s/signal' % (
        public_base_url(), project_id, stack_name, stack_id,
        urllib.parse.quote(resource_name, safe=''))
