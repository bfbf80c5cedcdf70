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

"""Delivering a signal to a resource, and checking a signal's credential.

A signal runs the resource's ``handle_signal`` and persists what it
changed, whatever the stack is doing meanwhile: the resource row is read
afresh and written back only if unchanged (retried otherwise), so that
concurrent signals are never lost; then the resource's ``after_signal``
runs once (what must not be repeated by a retry). Each accepted signal is
recorded as a ``SIGNAL_COMPLETE`` event; a replay the resource ignores
(``SIGNAL_REPLAYED``) writes nothing. A signal larger than
``max_signal_size`` is refused before any resource is read.

A signal to a resource that acts on another (a scaling policy) is
checked, queued or given the claim, and answered with its id
(``signals.ids``) and the id of the event that will say what
became of it; the resize runs in the background.

A resource takes signals from the moment its create stored its physical
id, while the create is still under way: that same write stores what a
signaller needs (a handle's token and URL), so a signaller that could
read them is never refused. The create's own final write never undoes
a signal (``actions.common.create_steps``).

The credential-carrying route answers one refusal (403, one message) for
an unknown stack, an unknown resource, a resource that takes no such
signal and a wrong credential, after the same reads and the same
constant-time comparison: nothing tells an existing stack from another.
A credential made with a secret a rotation retired gets that refusal
too, and leaves an event on the resource and a warning in the log
(``signals.rotation``): whoever holds such a URL once had a valid
one, so this tells them nothing new.
"""

from oslo_log import log as logging

from heat_vision.common import context as hv_context
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signal_limits
from heat_vision.common import signing
from heat_vision.db import api as db_api
from heat_vision.db import resource_data
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.alarms import transition_dedup
from heat_vision.engine import model
from heat_vision.engine.signals import events as signal_events
from heat_vision.engine.signals import ids as signal_ids
from heat_vision.engine.signals import scaling as scaling_signals
from heat_vision.engine.signals import signed_actions
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states
from heat_vision.resources import base

LOG = logging.getLogger(__name__)
ATTEMPTS = 20
#: Where a signal with a credential came from (``credential_owner``).
ORIGIN_URL = 'a request to its signed URL'
# A resource in one of these states cannot take signals (CREATE
# IN_PROGRESS: only until its physical id is stored); nor during the
# actions its plugin's ``no_signal_actions`` names.
_REFUSED = ((states.INIT, None), (states.CREATE, states.IN_PROGRESS),
            (states.CREATE, states.FAILED))


def credential_owner(stack_id, resource_name, credential,
                     origin=ORIGIN_URL):
    """:returns: the stack row, once ``credential`` proves knowledge of the
    resource's secret.

    A credential made with a secret that a rotation retired is refused
    the same, but leaves an event on the resource and a log line.

    :param origin: where the signal came from, for that event.
    :raises: Forbidden, the same whatever is missing or wrong.
    """
    credential = credential or {}
    action = credential.get('action')
    if action is not None and not _plausible_action(action):
        credential = {}
    admin = hv_context.get_admin_context()
    # Both rows in one read transaction: a transaction's set-up and end
    # cost more than either query (each transition checks its URL twice).
    with db_api.reader(admin):
        try:
            stack_row = db_stacks.stack_get(admin, stack_id)
        except exception.StackNotFound:
            stack_row = None
        # Read and compared even for an unknown stack, so that a refusal
        # takes as long whatever it refuses.
        row = resource_data.resource_get_by_name(admin, stack_id,
                                                 resource_name)
    data = None
    if stack_row is not None and row is not None:
        data = row.attr_data or {}
    secret = (data or {}).get(signing.SECRET_KEY)
    identity = signing.identity(stack_id, resource_name, action,
                                credential.get(signing.EXPIRES_PARAM),
                                credential.get(signing.NONCE_PARAM))
    proved = signing.verify(secret or signing.new_secret(), credential,
                            *identity)
    if not (proved and secret):
        retired_at = signing.retired_match(data, credential, *identity)
        if retired_at is not None:
            _refused_as_rotated(admin, stack_row, row, retired_at, origin)
        raise signed_actions.refusal(stack_id, resource_name)
    return stack_row


def _refused_as_rotated(ctxt, stack_row, row, retired_at, origin):
    reason = _('Signal refused (%(origin)s): the URL is signed with a '
               'secret rotated away at %(when)s; only the URL the '
               'rotation returned is taken') % {
                   'origin': origin, 'when': retired_at}
    LOG.warning('Resource %s of stack %s refused a signal (%s) signed '
                'with a secret rotated away at %s', row.name, stack_row.id,
                origin, retired_at)
    signal_events.record(ctxt, stack_row.id, row, reason,
                         status=states.FAILED)


def _plausible_action(action):
    return (isinstance(action, str) and 0 < len(action) <=
            signing.MAX_ACTION_LENGTH)


def deliver(ctxt, stack_id, resource_name, details, action=None,
            engine_id=None, via=transition_dedup.VIA_API, signal_id=None,
            spawn=None, stack_row=None):
    """Run ``handle_signal`` and persist the result (compare-and-set).

    A signal delivered again (an alarm transition by Aodh's HTTP action
    and its queue, or a caller's retry with the same idempotency key)
    acts once (``engine.signals.ids``): a later alarm delivery is recorded
    as an event only, a retry does nothing.

    A compare-and-set that fails runs ``handle_signal`` again, which is
    right only for a signal that changes nothing but its own row; a
    signal that acts elsewhere (a scaling policy) claims first instead
    (``engine.signals.scaling``).

    :param action: the action a signed URL named (then
        ``handle_signed_action(action, details)`` runs instead).
    :param engine_id: the engine this runs in (a scaling claim names it).
    :param via: the path it came by, for the events.
    :param signal_id: the caller's idempotency key, or None.
    :param spawn: ``spawn(fn, *args)`` runs a signal that acts elsewhere
        in the background (the API's callers); None applies it before
        returning (the monitoring listener).
    :param stack_row: the stack's row if the caller just read it.
    :returns: the signal's answer (``signal_ids.Signal.answer``) for a
        signal that acts elsewhere or a recognised retry, else None.
    :raises: SignalTooLarge, ResourceNotFound, Invalid, Conflict
    """
    signal_limits.check_size(details)
    signal = signal_ids.identify(stack_id, resource_name,
                                 None if action else details, via,
                                 signal_id)
    if signal.earlier is not None:
        if signal_id is None:
            transition_dedup.record_duplicate(
                ctxt, stack_id, resource_name, details, via, signal.earlier)
        if via == transition_dedup.VIA_QUEUE:
            # Nobody waits for the queue's answer: the stack is not read
            # for it while the first delivery's resize needs the CPU.
            return None
        return _duplicate(ctxt, stack_id, resource_name, signal, stack_row)
    try:
        return _deliver(ctxt, stack_id, resource_name, details, action,
                        engine_id, signal, spawn, stack_row)
    except Exception:
        signal_ids.forget(signal)
        raise


def _duplicate(ctxt, stack_id, resource_name, signal, stack_row=None):
    """:returns: what a duplicate is answered: as the first delivery, the
    signal's id and event if the resource takes signals in the background
    or the caller named the signal, else None.

    Only the template is read (not the resource rows, nor the plugin's
    properties resolved): which plugin class the resource has is all
    the answer needs, and the first delivery of the same signal has
    just checked the rest.
    """
    stack = stack_mod.Stack.load(ctxt, stack_id, with_resources=False,
                                 row=stack_row)
    if signal.key == signal.id and not _acts_by_class(stack, resource_name):
        return None
    return signal.answer(stack.row, resource_name, 'duplicate')


def _acts_by_class(stack, resource_name):
    """:returns: whether the class of ``resource_name`` (as the template
    and environment give it) claims before it acts.
    """
    definition = stack.definition
    try:
        if not (definition.has_resource(resource_name) and
                definition.is_active(resource_name)):
            return False
        cls = model.resource_class(
            definition, definition.resource_definition(resource_name))
    except exception.HeatVisionException:
        return False
    return scaling_signals.acts(cls)


def _deliver(ctxt, stack_id, resource_name, details, action, engine_id,
             signal, spawn, stack_row):
    for attempt in range(ATTEMPTS):
        stack = stack_mod.Stack.load(ctxt, stack_id,
                                     row=None if attempt else stack_row)
        row = stack.rows.get(resource_name)
        if row is None:
            raise exception.ResourceNotFound(resource_name, stack.name)
        _check_state(row, _plugin_class(stack, resource_name))
        plugin = stack.plugin(resource_name)
        if scaling_signals.acts(plugin):
            # Acts on another resource: claimed there, never run twice.
            status = scaling_signals.deliver(
                ctxt, stack, row, plugin, details, engine_id,
                event_id=signal.event_id, spawn=spawn)
            return signal.answer(stack.row, resource_name, status)
        try:
            if action:
                result = plugin.handle_signed_action(action, details)
            else:
                result = plugin.handle_signal(details)
        except exception.HeatVisionException:
            raise
        except Exception as exc:
            raise exception.Invalid(
                reason=_('Signal resource %(name)s failed: %(error)s') %
                {'name': resource_name, 'error': exc})
        if result is base.SIGNAL_REPLAYED:
            return None
        written = resource_data.resource_update_if_unchanged(ctxt, row, {
            'attr_data': plugin.data or None,
            'rsrc_metadata': plugin.metadata,
            'physical_resource_id': plugin.resource_id})
        if written:
            reason = _reason(result, details)
            extra = plugin.after_signal()
            if extra:
                reason = '%s: %s' % (reason, extra)
            signal_events.record(ctxt, stack.id, row, reason,
                                 physical_id=plugin.resource_id)
            return None
    raise exception.Conflict(
        reason=_('Resource %s changed during the signal; try again.')
        % resource_name)


def _plugin_class(stack, resource_name):
    try:
        return type(stack.plugin(resource_name))
    except exception.HeatVisionException:
        # Not in the template any more, or its properties do not resolve:
        # its state is checked as any resource's, then the plugin's
        # error is the answer.
        return base.Resource


def _check_state(row, plugin_class):
    if ((row.action, row.status) == (states.CREATE, states.IN_PROGRESS)
            and row.physical_resource_id):
        return
    refused = _REFUSED + tuple((action, None) for action in
                               plugin_class.no_signal_actions)
    for action, status in refused:
        if row.action == action and status in (None, row.status):
            raise exception.Invalid(
                reason=_('Cannot signal resource %(name)s during '
                         '%(action)s_%(status)s') %
                {'name': row.name, 'action': row.action,
                 'status': row.status})


def _reason(result, details):
    if result:
        return 'Signal: %s' % result
    if isinstance(details, dict) and details:
        return 'Signal: %s' % ' '.join(
            '%s:%s' % (k, details[k]) for k in sorted(details))
    return 'Signal: No signal details provided'
