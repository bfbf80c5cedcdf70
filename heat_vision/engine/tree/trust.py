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

"""A stack's Keystone trust: made at create, used by deferred work.

With ``deferred_auth_method = trusts`` behind Keystone, a top-level
stack gets a trust from its creator at create (``common.trusts.make``),
kept sealed in its row. Nested stacks use their root's. Work on the
stack that no user's request carries (signals by signed URL or from the
queue, a take-over, pending scaling adjustments) runs with
``owner_context``, which acts with that trust, and so do the signals a
user sends (``signal_context``); task jobs the stack
starts borrow it. A stack made by work that already acts with a trust (a
task job's step) borrows that trust instead of making one, which a token
of a trust could not. An update by another user replaces the trust with
one of that user (as Heat does since its release 11). The trust is
deleted when the stack is (delete, create rollback, abandon) unless
borrowed.
"""

from oslo_log import log as logging

from heat_vision.common import context as hv_context
from heat_vision.common import trusts
from heat_vision.db import stacks as db_stacks

LOG = logging.getLogger(__name__)


def for_new_stack(ctxt):
    """The trust columns of a new top-level stack of ``ctxt``.

    ``ctxt`` then acts with that trust (its jobs borrow it).

    :returns: a dict of stack columns (empty when trusts are off).
    :raises: Forbidden when Keystone refuses the trust.
    """
    if ctxt.sealed_trust:
        return {'sealed_trust': ctxt.sealed_trust,
                'trustor_user_id': ctxt.user_id, 'trust_borrowed': True}
    sealed = trusts.make(ctxt)
    if sealed is None:
        return {}
    ctxt.sealed_trust = sealed
    return {'sealed_trust': sealed, 'trustor_user_id': ctxt.user_id,
            'trust_borrowed': False}


def root_row(ctxt, row):
    """The top-level stack of ``row`` (itself when it is one)."""
    while row.owner_id:
        row = db_stacks.stack_get(ctxt, row.owner_id, show_deleted=True)
    return row


def owner_context(row, request_id=None):
    """A context acting for the stack's owner, with the stack's trust

    (its root's): what deferred work on the stack runs with.
    """
    root = root_row(hv_context.get_admin_context(), row)
    ctxt = hv_context.RequestContext(
        project_id=row.project_id,
        user_id=root.trustor_user_id or row.user_id,
        request_id=request_id, overwrite=False)
    ctxt.sealed_trust = root.sealed_trust
    return ctxt


def signal_context(ctxt, row):
    """The context a signal of a user to stack ``row`` acts with: the
    owner's, with the stack's trust, when the stack keeps one; else the
    caller's own.

    As Heat, which loads a signalled stack ``use_stored_context=True``
    (heat/engine/service.py ``resource_signal``): Aodh signals a
    ``trust+`` signal_url with a token of its trust, which cannot be
    traded for another token, and a signaller may hold fewer rights
    than the stack's owner.
    """
    owner = owner_context(row, request_id=getattr(ctxt, 'request_id', None))
    return owner if owner.sealed_trust else ctxt


def refresh_for_update(ctxt, row):
    """Replace the stack's trust by one of ``ctxt``'s user when another

    user (or project) than its trustor updates it, as Heat does (a stack
    without a trust, made before trusts or rolled back, gets one); the
    old one is deleted once the new one is stored.
    """
    same = (row.sealed_trust and ctxt.user_id == row.trustor_user_id and
            ctxt.project_id == row.project_id)
    if row.owner_id or ctxt.sealed_trust or same:
        trusts.acting_with(ctxt, row.sealed_trust)
        return
    sealed = trusts.make(ctxt)
    if sealed is None:
        trusts.acting_with(ctxt, row.sealed_trust)
        return
    old = (row.sealed_trust, row.trustor_user_id, row.trust_borrowed)
    values = {'sealed_trust': sealed, 'trustor_user_id': ctxt.user_id,
              'trust_borrowed': False}
    db_stacks.stack_update(ctxt, row.id, values)
    for key, value in values.items():
        setattr(row, key, value)
    ctxt.sealed_trust = sealed
    LOG.info('Stack %s now acts with a trust of user %s (was %s)', row.id,
             ctxt.user_id, old[1])
    if not old[2]:
        trusts.discard(old[0], old[1])


def stack_gone(ctxt, row):
    """Delete a top-level stack's own trust and forget it (the stack has
    been deleted, rolled back or abandoned). A failure is only logged.
    """
    if row.owner_id or not row.sealed_trust:
        return
    sealed = row.sealed_trust
    db_stacks.stack_update(ctxt, row.id, {'sealed_trust': None})
    row.sealed_trust = None
    if not row.trust_borrowed:
        trusts.discard(sealed, row.trustor_user_id)
