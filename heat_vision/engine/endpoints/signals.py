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

"""RPC endpoint of resource signals (wait handles, webhooks, signed URLs).

The delivery itself, and the check of a signal's credential, are
``heat_vision.engine.signals.delivery``'s.
"""

import oslo_messaging as messaging

from heat_vision.engine.alarms import transition_dedup
from heat_vision.engine.endpoints import base
from heat_vision.engine.signals import delivery
from heat_vision.engine.signals import signed_actions
from heat_vision.engine import stack_lookup
from heat_vision.engine.tree import trust as stack_trust


class SignalEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id, run_in_background=None):
        self.engine_id = engine_id
        self.run_in_background = run_in_background

    @base.user_errors
    def resource_signal(self, ctxt, stack_identity, resource_name,
                        details=None, sync_call=False, signal_id=None):
        """Signal a resource on behalf of an authenticated user.

        :param stack_identity: the stack's identity dict.
        :param details: the JSON the caller sent (or None).
        :param sync_call: accepted for Heat compatibility; a signal to a
            resource that acts on another (a scaling policy) is applied
            in the background whatever it says, any other before the call
            returns, so that a refused signal reaches the caller as an
            error.
        :param signal_id: the caller's idempotency key, or None.
        :returns: for a signal applied in the background, or recognised
            as a retry, what ``signal_ids.Signal.answer`` says; else None.
        :raises: StackNotFound, ResourceNotFound, Invalid (refused signal)
        """
        row = stack_lookup.stack_row_of(ctxt, stack_identity)
        return delivery.deliver(stack_trust.signal_context(ctxt, row),
                                row.id, resource_name, details,
                                engine_id=self.engine_id,
                                via=transition_dedup.VIA_API,
                                signal_id=signal_id,
                                spawn=self.run_in_background)

    @base.user_errors
    def signal_with_credential(self, ctxt, stack_id, resource_name,
                               credential, details=None, signal_id=None):
        """Signal a resource whose caller proves it holds its secret.

        The request carried no Keystone credential (``ctxt`` is
        anonymous): the token or URL signature is checked, in constant
        time, against the secret the resource keeps; the signal then acts
        as the stack's owner.

        :param credential: ``{'token': ..., 'signature': ...}``, and
            ``'action'``, ``'expires'``, ``'nonce'`` when the URL named an
            action (the signature covers them; the grant is checked now,
            ``engine.signals.signed_actions``, and the signal goes to the
            resource's ``handle_signed_action`` or to the policy granted).
        :param signal_id: the caller's idempotency key, or None.
        :returns: as ``resource_signal``.
        :raises: Forbidden when the credential is missing or wrong, the
            stack or resource is unknown, or the action URL expired or is
            no longer granted (the same refusal); Conflict for a one-use
            action URL used again; SignalTooLarge, Invalid, Conflict
            (refused signal)
        """
        stack_row = delivery.credential_owner(stack_id, resource_name,
                                              credential)
        owner = stack_trust.owner_context(
            stack_row, request_id=getattr(ctxt, 'request_id', None))
        target, action, nonce = signed_actions.accept(
            owner, stack_id, resource_name, credential)
        try:
            return delivery.deliver(
                owner, stack_id, target, details, action=action,
                engine_id=self.engine_id,
                via=transition_dedup.VIA_SIGNED_URL, signal_id=signal_id,
                spawn=self.run_in_background, stack_row=stack_row)
        except Exception:
            # Refused before it was taken: the one-use URL stays usable.
            signed_actions.give_back(nonce)
            raise
