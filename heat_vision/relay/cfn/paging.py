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

"""``NextToken`` paging of the Query API's lists, as AWS pages them.

A page holds at most ``[relay] cfn_page_size`` entries; when more may
follow, the answer carries a ``NextToken`` that the next request sends
back. The token is opaque to the caller (base64 of the action and where
the list goes on: a native list marker, or an offset); a token that is
malformed, too long, made by another action or for another stack is a
``ValidationError`` naming it.
"""

import base64
import binascii

from oslo_config import cfg
from oslo_serialization import jsonutils

from heat_vision.common.i18n import _
from heat_vision.relay.cfn import errors

CONF = cfg.CONF
#: AWS's limit on a NextToken's length.
MAX_TOKEN_LENGTH = 1024
#: Native pages read at most for one answer (a filter may skip many).
MAX_NATIVE_PAGES = 10
VERSION = 1


class InvalidNextToken(errors.QueryError):
    def __init__(self, why):
        super().__init__(_('Invalid NextToken: %s') % why)


def page_size():
    return CONF.relay.cfn_page_size


def encode(action, **state):
    state.update(v=VERSION, a=action)
    raw = jsonutils.dump_as_bytes(state, sort_keys=True)
    return base64.urlsafe_b64encode(raw).decode('ascii').rstrip('=')


def decode(action, token):
    """:returns: the state ``encode`` put in ``token`` for ``action``.

    :raises: InvalidNextToken.
    """
    if len(token) > MAX_TOKEN_LENGTH:
        raise InvalidNextToken(_('longer than %d characters')
                               % MAX_TOKEN_LENGTH)
    try:
        padded = token + '=' * (-len(token) % 4)
        state = jsonutils.loads(base64.urlsafe_b64decode(
            padded.encode('ascii')))
    except (ValueError, TypeError, UnicodeError, binascii.Error):
        raise InvalidNextToken(_('not a token this service gave'))
    if not isinstance(state, dict) or state.get('v') != VERSION:
        raise InvalidNextToken(_('not a token this service gave'))
    if state.get('a') != action:
        raise InvalidNextToken(_('it was given by another action'))
    return state


def marker_page(fetch, wanted=None, marker=None):
    """One page of a native list read ``limit``/``marker`` page by page.

    :param fetch: ``fetch(marker, limit)`` -> a list of native entries
        (dicts with an ``id``), in the order of the answer.
    :param wanted: an entry filter, or None for all.
    :returns: (entries, the marker to go on from, or None at the end).
    """
    size, found, last = page_size(), [], marker
    for _page in range(MAX_NATIVE_PAGES):
        batch = fetch(last, size)
        if not batch:
            return found, None
        for entry in batch:
            last = entry['id']
            if wanted is None or wanted(entry):
                found.append(entry)
                if len(found) == size:
                    return found, last
    # Many skipped by the filter: a short page, and a token to go on.
    return found, last


def offset_page(entries, offset):
    """:returns: (the page of ``entries`` at ``offset``, the next offset
    or None at the end).
    """
    size = page_size()
    end = offset + size
    return entries[offset:end], (end if end < len(entries) else None)
