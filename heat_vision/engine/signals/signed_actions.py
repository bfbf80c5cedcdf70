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

"""An action URL is checked when it is used, not only when it is issued.

A signed URL that names an ``action`` (a CEP's granted policy, job or
stack: ``OS::HeatVision::CEP``) carries an expiry and, when its action
is not idempotent, a nonce; the signature covers both. When it is used:
the expiry has not passed, the resource still grants the action (its
``signed_action_grant``), and a nonce is taken once
(``db.signal_nonces``, kept until the URL expires). An expired URL, an
action no longer granted and an action that never was get the same
refusal as a wrong signature; a one-use URL used again is a conflict
(409), which tells a caller retrying after a lost answer that it acted.
"""

import datetime
import hashlib
import time

from heat_vision.common import context as hv_context
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signing
from heat_vision.db import signal_nonces
from heat_vision.engine import stack as stack_mod


def refusal(stack_id, resource_name):
    """The one answer to a credential that is missing or wrong, an
    unknown stack or resource, and an action not (or no longer) granted.
    """
    return exception.Forbidden(
        _('The signal credential is missing or wrong for resource '
          '%(resource)s of stack %(stack)s.') %
        {'resource': resource_name, 'stack': stack_id})


def expiry(credential):
    """:returns: the epoch second an action URL expires, or None."""
    value = (credential or {}).get(signing.EXPIRES_PARAM)
    if not isinstance(value, str) or not value.isdigit() or \
            len(value) > 12:
        return None
    return int(value)


def accept(ctxt, stack_id, resource_name, credential, now=None):
    """Check an action URL whose signature was proved, and take its nonce.

    :param ctxt: the context of the stack's owner.
    :param credential: what the request carried (``action``,
        ``expires``, ``nonce``).
    :returns: ``(target, action, nonce key)``: the resource the signal
        goes to, the action it takes there (None for a plain signal) and
        the key to give back if the signal fails (None if no nonce).
        A URL without an action is returned as it came.
    :raises: Forbidden (expired, not granted), Conflict (used already)
    """
    action = (credential or {}).get('action')
    if action is None:
        return resource_name, None, None
    now = time.time() if now is None else now
    expires = expiry(credential)
    if expires is None or expires < now:
        raise refusal(stack_id, resource_name)
    try:
        plugin = stack_mod.Stack.load(ctxt, stack_id).plugin(resource_name)
    except exception.NotFound:
        raise refusal(stack_id, resource_name)
    grant = plugin.signed_action_grant(action)
    if grant is None:
        raise refusal(stack_id, resource_name)
    target, once = grant
    key = None
    if once:
        key = _take(stack_id, resource_name, action,
                    credential.get(signing.NONCE_PARAM), expires)
    return target, (action if target == resource_name else None), key


def _take(stack_id, resource_name, action, nonce, expires):
    if not isinstance(nonce, str) or not nonce or \
            len(nonce) > signing.MAX_NONCE_LENGTH:
        raise refusal(stack_id, resource_name)
    key = hashlib.sha256('\n'.join(
        (stack_id, resource_name, action, nonce)).encode('utf-8')
    ).hexdigest()
    if not signal_nonces.take(
            hv_context.get_admin_context(), key, stack_id,
            datetime.datetime.fromtimestamp(
                expires, datetime.timezone.utc).replace(tzinfo=None)):
        raise exception.Conflict(reason=_(
            'This action URL was used already; each acts once.'))
    return key


def give_back(key):
    """Let a one-use URL whose signal failed be used again."""
    if key is not None:
        signal_nonces.give_back(hv_context.get_admin_context(), key)


def purge(admin_ctxt):
    """Forget the nonces of expired URLs (the engines' heartbeat)."""
    return signal_nonces.purge(admin_ctxt)
