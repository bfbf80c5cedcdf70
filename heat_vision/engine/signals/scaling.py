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

"""Signals that act on another resource (a scaling policy on its group).

Such a signal first claims the resource it acts on (one row per group in
``resource_claim``), so that concurrent signals, or a signal retried,
never act twice. The claim names the engine that took it: it is free as
soon as that engine is known dead (its heartbeat stopped past
``service_down_time``, or it does not answer when asked, as Heat asks
before it steals a stack lock), and never while it answers; the engine
that takes such a claim first finishes the resize the dead engine left
under way (``finish_interrupted_resize``). Only a claim that names no engine
(written before engines were recorded) waits for ``[autoscaling]
claim_timeout``. A signal that finds the group claimed
(scaling) or in cooldown is queued behind the claim, coalesced with what
waits (``[autoscaling] pending_adjustments``), or refused, and says so in
an event. The holder applies whatever arrived while it scaled before it
lets go; what waits for a cooldown is applied by the engines' periodic
sweep (``sweep``), from the database, so it survives a restart.

A signal that came through the API is answered as soon as it is queued
or has taken the claim: its caller does not wait for the resize (which
may outlast the RPC timeout) nor for what queued behind it; the holder
applies them on the engine's worker pool, and the signal's event says
what became of it.
"""

import datetime
import functools
import sys

from oslo_config import cfg
from oslo_log import log as logging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import context as hv_context
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import resource_claims as db_claims
from heat_vision.db import resource_data
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import locks
from heat_vision.engine.signals import events as signal_events
from heat_vision.engine.signals import owed_events
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states
from heat_vision.engine.tree import trust as stack_trust
from heat_vision.resources.heat import scaling

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

TAKEN = 'taken'
_RELEASED = {'holder': None, 'engine_id': None, 'claimed_until': None,
             'pending': None, 'due_at': None, 'owed_events': None}
_LET_GO = {'holder': None, 'engine_id': None, 'claimed_until': None,
           'owed_events': None}
#: What the events owed to signals say of a resize their engine died in.
_NOTHING_TO_FINISH = _('the engine that took this signal stopped during '
                       'its resize, and left no resize under way to finish')


def acts(plugin):
    """:returns: whether signals to ``plugin`` are claimed first."""
    return callable(getattr(plugin, 'signal_claim', None))


#: What the caller is told of a signal that took the claim.
ACCEPTED = 'accepted'
IGNORED = 'ignored'


def deliver(ctxt, stack, row, plugin, details, engine_id, event_id=None,
            spawn=None):
    """Claim the group, queue or refuse; apply when the claim is ours.

    Whatever happens, the signal leaves one event (``event_id``) saying
    what became of it: at once when it is ignored, queued or refused,
    once its own adjustment is applied when it took the claim.

    :param engine_id: the engine this runs in, recorded in the claim.
    :param event_id: the id of that event (None: a new one).
    :param spawn: ``spawn(fn, *args)`` applies a signal that took the
        claim in the background; None applies it before returning.
    :returns: ACCEPTED (the claim was taken), IGNORED, or the outcome
        ``scaling.merge_pending`` gave (QUEUED, COALESCED, REFUSED).
    :raises: Invalid when the resize itself failed (``spawn`` None);
        Conflict when the claim stayed contended past its deadline.
    """
    ignored = plugin.signal_ignored(details)
    if ignored:
        _event(ctxt, stack.id, row, _('signal ignored: %s') % ignored,
               event_id=event_id)
        return IGNORED
    group = plugin.signal_claim()
    holder = uuidutils.generate_uuid()
    seen = {}
    owed = owed_events.entry(row.name, event_id)
    try:
        arrive = functools.partial(
            _arrive, plugin.signal_adjustment(details), holder, engine_id,
            owed, _Liveness(engine_id), seen)
        written = db_claims.claim_change(ctxt, stack.id, group, arrive,
                                         deadline=_arrival_deadline())
    except db_claims.ClaimContended as exc:
        reason = _('signal failed: %s') % exc
        _event(ctxt, stack.id, row, reason, states.FAILED,
               event_id=event_id)
        raise exception.Conflict(reason=reason)
    if seen['outcome'] != TAKEN:
        _event(ctxt, stack.id, row, _offered(seen), _status(seen),
               event_id=event_id)
        return seen['outcome']

    # What the claim owes was just written with it: not read again.
    known = (written['owed_events'], owed['event_id'])
    if spawn is not None:
        spawn(_apply_taken, ctxt, stack.id, group, holder, known)
        return ACCEPTED
    first = _apply_taken(ctxt, stack.id, group, holder, known)
    if first[0] == 'failed':
        raise exception.Invalid(reason=first[1])
    return ACCEPTED


def _arrival_deadline():
    """Seconds a signal tries to reach the claim: half the caller's RPC
    timeout, so that it is answered (409 and its event at worst) before
    the caller gives up on it and perhaps sends it again.
    """
    return max(1.0, getattr(CONF, 'rpc_response_timeout', 60) / 2.0)


def _apply_taken(ctxt, stack_id, group, holder, known):
    """Drain the claim a signal took (which records the signal's event).

    :param known: ``(owed events, the signal's own event id)`` as the
        claim was taken.
    :returns: the first step (``drain``'s), which is the signal's own.
    """
    steps = drain(ctxt, stack_id, group, holder, known)
    return steps[0] if steps else ('', _('signal ignored'), False)


class _Liveness:
    """Whether an engine is dead, asked once per engine and signal (or
    sweep); the engine asking is alive.
    """

    def __init__(self, own_engine_id):
        self._dead = {own_engine_id: False}

    def dead(self, engine_id):
        if engine_id not in self._dead:
            self._dead[engine_id] = locks.engine_dead(
                hv_context.get_admin_context(), engine_id)
        return self._dead[engine_id]


def _free(row, now, liveness):
    """:returns: whether nobody holds the claim ``row`` any more."""
    if row is None or row.holder is None:
        return True
    if row.engine_id is not None:
        return liveness.dead(row.engine_id)
    return row.claimed_until is None or row.claimed_until < now


def _arrive(entry, holder, engine_id, owed, liveness, seen, row):
    """Take the claim if free and due, else queue behind it.

    :param owed: the event owed to the signal if it takes the claim.
    """
    now = timeutils.utcnow()
    pending = (row.pending if row is not None else None) or []
    free = _free(row, now, liveness)
    due = row is None or row.due_at is None or row.due_at <= now
    if free and due:
        seen['outcome'] = TAKEN
        if row is not None and row.holder is not None:
            LOG.info('Scaling claim of %s/%s taken over from engine %s '
                     '(dead)', row.stack_id, row.resource_name,
                     row.engine_id)
        merged, _how = scaling.merge_pending(pending, entry, sys.maxsize)
        return {'holder': holder, 'engine_id': engine_id,
                'claimed_until': _claim_end(now), 'pending': merged,
                'due_at': None, 'owed_events': list(
                    (row.owed_events if row is not None else None) or []) +
                [owed]}
    seen['why'] = (_('the group is scaling') if not free else
                   _('the group is in cooldown until %s') %
                   row.due_at.isoformat())
    if CONF.autoscaling.pending_adjustments == 'drop':
        seen['outcome'] = scaling.REFUSED
        seen['limit'] = 'pending_adjustments = drop'
        return None
    merged, how = scaling.merge_pending(
        pending, entry, CONF.autoscaling.max_pending_adjustments)
    seen.update(outcome=how, entries=len(merged),
                signals=scaling.signal_count(merged))
    if how == scaling.REFUSED:
        seen['limit'] = 'max_pending_adjustments = %d' % (
            CONF.autoscaling.max_pending_adjustments)
        return None
    return {'pending': merged}


def _offered(seen):
    outcome = seen['outcome']
    if outcome == scaling.REFUSED:
        return _('signal refused: %(why)s (%(limit)s)') % seen
    return _('signal %(outcome)s: %(why)s; %(signals)d signal(s) '
             'pending in %(entries)d adjustment(s)') % seen


def _status(seen):
    return (states.FAILED if seen['outcome'] == scaling.REFUSED
            else states.COMPLETE)


def _claim_end(now):
    return now + datetime.timedelta(seconds=CONF.autoscaling.claim_timeout)


def drain(ctxt, stack_id, group, holder, known=None):
    """Apply what waits behind our claim until nothing does; let go.

    The events the claim owes its signals (``owed_events``) are written
    by the step that covers them, before the claim lets go; every other
    step is recorded on the group. A step that changed the group starts
    the cooldown of the policies whose signals it covered, before the
    claim lets go too: a signal that finds the group free then finds its
    policy in its cooldown.

    :param known: ``(owed events, own event id)`` when the caller just
        took the claim (``_apply_taken``); None reads the claim.
    :returns: ``[(kind, reason, changed)]``, one per step, where kind is
        'applied', 'failed', 'deferred' or REFUSED.
    """
    written, own = known or (None, None)
    owed = owed_events.OwedEvents.of_claim(ctxt, stack_id, group, holder,
                                           written, own)
    try:
        return _drain(ctxt, stack_id, group, holder, owed)
    except Exception as exc:
        LOG.exception('Scaling of %s/%s failed', stack_id, group)
        step = ('failed', _('scaling failed: %s') % exc, False)
        _pay(ctxt, None, owed, step)
        # What still waits stays queued for the engines' sweep.
        db_claims.claim_change(ctxt, stack_id, group, functools.partial(
            _let_go, holder, dict(_LET_GO)))
        return [step]


def _pay(ctxt, stack, owed, step, in_flight_only=False):
    """Write the events ``step`` covers; start their policies' cooldown
    if it changed the group.
    """
    paid = owed.record(ctxt, step[1], states.FAILED if step[0] in (
        scaling.REFUSED, 'failed') else states.COMPLETE, in_flight_only)
    if step[0] != 'applied' or not step[2]:
        return
    for name in paid:
        policy = stack.plugin(name) if name in stack.rows else None
        if callable(getattr(policy, 'signal_applied', None)):
            _save_data(ctxt, stack.id, name, policy.signal_applied())


def _drain(ctxt, stack_id, group, holder, owed):
    steps = []
    finished = False
    while True:
        if finished and owed.done and db_claims.claim_change(
                ctxt, stack_id, group, functools.partial(
                    _let_go_if_idle, holder)) is not None:
            # Nothing came while we scaled: let go without reading the
            # stack, which only tells whether what waits is blocked.
            return steps
        try:
            stack = stack_mod.Stack.load(ctxt, stack_id)
            plugin = stack.plugin(group)
            if not finished:
                finished = True
                step = _finish_interrupted(ctxt, stack, plugin, group)
                if owed.in_flight:
                    _pay(ctxt, stack, owed,
                         step or ('', _NOTHING_TO_FINISH, False),
                         in_flight_only=True)
            blocked = plugin.scaling_blocked()
        except Exception as exc:
            # The stack or the group is gone: nothing left to scale.
            LOG.info('Scaling of %s/%s dropped: %s', stack_id, group, exc)
            _pay(ctxt, None, owed, ('', _('signal ignored: %s') % exc,
                                    False))
            db_claims.claim_change(ctxt, stack_id, group, functools.partial(
                _let_go, holder, dict(_RELEASED)))
            return steps
        taken = {}
        db_claims.claim_change(ctxt, stack_id, group, functools.partial(
            _next, holder, blocked, taken, owed))
        if 'kind' in taken:
            steps.append((taken['kind'], _deferred(taken), False))
            if owed.done:
                _event(ctxt, stack_id, stack.rows[group], steps[-1][1],
                       _status({'outcome': taken['kind']}))
                return steps
            # Said to the signals owed it, then let go.
            _pay(ctxt, stack, owed, steps[-1])
            db_claims.claim_change(ctxt, stack_id, group, functools.partial(
                _next, holder, blocked, {}, owed))
            return steps
        if 'pending' not in taken:
            if owed.done:
                return steps
            _pay(ctxt, stack, owed, ('', _('signal ignored: nothing left '
                                           'to scale'), False))
            continue
        recorded = owed.done
        steps.append(_apply(ctxt, stack, plugin, group, taken['pending'],
                            recorded))
        _pay(ctxt, stack, owed, steps[-1])
        if steps[-1][0] == 'failed':
            db_claims.claim_change(ctxt, stack_id, group, functools.partial(
                _let_go, holder, dict(_LET_GO)))
            return steps


def _finish_interrupted(ctxt, stack, plugin, group):
    """Finish the resize a dead engine left under way, before any other:
    a new one begun over it would leave its half-made member as it was.

    :returns: the step it was, None when none was left under way.
    """
    try:
        size = plugin.finish_interrupted_resize()
    except Exception as exc:
        LOG.exception('Finishing the resize of %s/%s failed', stack.id,
                      group)
        reason = _('resize left under way by a dead engine failed: '
                   '%s') % exc
        _event(ctxt, stack.id, stack.rows[group], reason, states.FAILED)
        return 'failed', reason, False
    if size is None:
        return None
    reason = _('resize left under way by a dead engine finished: '
               'group %(name)s has %(size)d members') % {
                   'name': group, 'size': size}
    _event(ctxt, stack.id, stack.rows[group], reason)
    return 'applied', reason, True


def _next(holder, blocked, taken, owed, row):
    """Take what waits, or let go (deferring it while the group is busy).

    While the claim still owes events (``owed``), it is not let go:
    ``taken`` says why it would be; the caller writes them, comes back.
    """
    if row is None or row.holder != holder:
        return None
    now = timeutils.utcnow()
    if not row.pending:
        return dict(_RELEASED) if owed.done else None
    if blocked:
        taken.update(pending_count=scaling.signal_count(row.pending),
                     why=blocked[0])
        if CONF.autoscaling.pending_adjustments == 'drop':
            taken['kind'] = scaling.REFUSED
            return dict(_RELEASED) if owed.done else None
        taken['kind'] = 'deferred'
        return (dict(_LET_GO, due_at=blocked[1] or now) if owed.done
                else None)
    taken['pending'] = row.pending
    return {'pending': None, 'claimed_until': _claim_end(now),
            'owed_events': owed.take()}


def _let_go_if_idle(holder, row):
    """Let go if nothing waits behind our claim (as ``_next`` would
    with nothing owed); else write nothing.
    """
    if row is None or row.holder != holder or row.pending:
        return None
    return dict(_RELEASED)


def _deferred(taken):
    if taken['kind'] == scaling.REFUSED:
        return _('signal refused: %s (pending_adjustments = drop)') % (
            taken['why'])
    return _('signal queued: %(why)s; %(count)d signal(s) pending') % {
        'why': taken['why'], 'count': taken['pending_count']}


def _apply(ctxt, stack, plugin, group, pending, recorded):
    """Apply ``pending``; the caller lets go when it failed.

    :param recorded: whether the step is recorded on the group (it is
        anyway when it stands for more than one signal).
    """
    count = scaling.signal_count(pending)
    try:
        changed, reason = plugin.apply_adjustments(pending)
    except Exception as exc:
        reason = _('scaling failed for %(count)d signal(s): %(error)s') % {
            'count': count, 'error': exc}
        _event(ctxt, stack.id, stack.rows[group], reason, states.FAILED)
        return 'failed', reason, False
    if not changed:
        reason = _('signal ignored: %s') % reason
    if recorded or count > 1:
        # What queued signals became, on the group they acted on.
        _event(ctxt, stack.id, stack.rows[group],
               _('%(count)d pending signal(s) from %(policies)s applied: '
                 '%(reason)s') % {
                     'count': count, 'reason': reason,
                     'policies': ','.join(sorted({e['policy'] for e in
                                                  pending}))})
    return 'applied', reason, changed


def _let_go(holder, values, row):
    if row is None or row.holder != holder:
        return None
    return values


def _save_data(ctxt, stack_id, name, data):
    """Store the policy's data (its cooldown) over whatever else changed.
    """
    for _attempt in range(20):
        row = resource_data.resource_get_by_name(ctxt, stack_id, name)
        if row is None:
            return
        merged = dict(row.attr_data or {})
        merged.update(data or {})
        if resource_data.resource_update_if_unchanged(
                ctxt, row, {'attr_data': merged}):
            return


def _event(ctxt, stack_id, row, reason, status=states.COMPLETE,
           event_id=None):
    signal_events.record(ctxt, stack_id, row, 'Signal: %s' % reason,
                         status, event_id=event_id)


def sweep(admin_ctxt, spawn, engine_id):
    """Apply the pending adjustments whose cooldown is over, and take
    the claims of dead engines (asked: a claim held by another engine
    is checked each sweep), finishing what they left under way.

    Run by each engine's heartbeat; ``spawn`` runs the work on the
    engine's pool. Claims are taken with the same compare-and-set, so an
    adjustment is applied by one engine only.

    :param engine_id: the sweeping engine, recorded in what it claims.
    """
    live = locks.live_engines(admin_ctxt)
    liveness = _Liveness(engine_id)
    rows = {(r.stack_id, r.resource_name): r for r in
            db_claims.claims_held_elsewhere(admin_ctxt, engine_id)}
    rows.update(((r.stack_id, r.resource_name), r) for r in
                db_claims.claims_due(admin_ctxt, live))
    for row in rows.values():
        try:
            stack_row = db_stacks.stack_get(admin_ctxt, row.stack_id)
        except exception.StackNotFound:
            db_claims.claims_delete_stack(admin_ctxt, row.stack_id)
            continue
        holder = uuidutils.generate_uuid()
        seen = {}
        db_claims.claim_change(admin_ctxt, row.stack_id, row.resource_name,
                               functools.partial(_take_due, holder,
                                                 engine_id, liveness, seen))
        if seen.get('taken'):
            spawn(drain, stack_trust.owner_context(stack_row), row.stack_id,
                  row.resource_name, holder)


def _take_due(holder, engine_id, liveness, seen, row):
    """Take a claim with work due, or one a dead engine held."""
    now = timeutils.utcnow()
    if (row is None or not (row.pending or row.holder) or
            not _free(row, now, liveness) or
            (row.due_at is not None and row.due_at > now)):
        return None
    seen['taken'] = True
    return {'holder': holder, 'engine_id': engine_id,
            'claimed_until': _claim_end(now), 'due_at': None}
