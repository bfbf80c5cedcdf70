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

"""The HMAC signature of a dispatch to a user's CEP.

heat-vision POSTs the JSON body with::

    X-HeatVision-Timestamp: <seconds since the epoch, an integer>
    X-HeatVision-Signature: sha256=<hex HMAC-SHA256>

where the HMAC is over ``<timestamp>.<raw body bytes>`` keyed with the
CEP's shared secret. A CEP recomputes it over the raw body it received
(before parsing it), compares in constant time and refuses a timestamp
outside its replay window: a captured request cannot be replayed later.
"""

import hashlib
import hmac
import time

TIMESTAMP_HEADER = 'X-HeatVision-Timestamp'
SIGNATURE_HEADER = 'X-HeatVision-Signature'
SCHEME = 'sha256='
#: Seconds a signed request stays acceptable, by default.
DEFAULT_WINDOW = 300


class Refused(Exception):
    """A request that is unsigned, wrongly signed or stale."""


def compute(secret, timestamp, body):
    """:returns: the hex HMAC-SHA256 of ``timestamp.body`` under ``secret``.

    :param body: the raw body, bytes.
    """
    message = str(timestamp).encode('ascii') + b'.' + body
    return hmac.new(secret.encode('utf-8'), message,
                    hashlib.sha256).hexdigest()


def sign(secret, body, now=None):
    """:returns: the headers that sign ``body`` (bytes) now."""
    timestamp = int(time.time() if now is None else now)
    return {TIMESTAMP_HEADER: str(timestamp),
            SIGNATURE_HEADER: SCHEME + compute(secret, timestamp, body)}


def verify(secret, headers, body, window=DEFAULT_WINDOW, now=None):
    """Check a request's signature and freshness.

    :param headers: a mapping of the request's headers (case as sent by
        ``sign``; WSGI callers pass ``header_from_environ``'s result).
    :param body: the raw body, bytes.
    :param window: seconds a timestamp may be away from ``now``.
    :raises: Refused saying why.
    """
    timestamp = headers.get(TIMESTAMP_HEADER)
    given = headers.get(SIGNATURE_HEADER)
    if not timestamp or not given:
        raise Refused('unsigned request')
    if not timestamp.isdigit() or len(timestamp) > 12:
        raise Refused('malformed timestamp')
    now = time.time() if now is None else now
    if abs(now - int(timestamp)) > window:
        raise Refused('stale request (timestamp outside the %ds window)'
                      % window)
    expected = SCHEME + compute(secret, timestamp, body)
    if not hmac.compare_digest(expected.encode('utf-8'),
                               given.encode('utf-8', 'replace')):
        raise Refused('bad signature')


def headers_from_environ(environ):
    """:returns: the signature headers of a WSGI request."""
    return {name: environ.get('HTTP_' + name.upper().replace('-', '_'))
            for name in (TIMESTAMP_HEADER, SIGNATURE_HEADER)}
