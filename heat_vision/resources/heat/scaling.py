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

"""Capacity arithmetic and cooldowns of autoscaling, in Heat's terms.

Pure functions shared by ``OS::Heat::AutoScalingGroup`` and
``OS::Heat::ScalingPolicy``.
"""

import datetime
import math

from oslo_utils import timeutils

ADJUSTMENT_TYPES = (CHANGE_IN_CAPACITY, EXACT_CAPACITY,
                    PERCENT_CHANGE_IN_CAPACITY) = (
    'change_in_capacity', 'exact_capacity', 'percent_change_in_capacity')

#: Where a group or a policy keeps the end of its cooldown (ISO 8601).
COOLDOWN_END = 'cooldown_end'


def _percent_step(current, percent, min_adjustment_step):
    """The members a percent change adds (or removes, when negative).

    Like Heat: a change of less than one member is rounded away from
    zero (so any non-zero percent changes something), a larger one
    towards zero; ``min_adjustment_step`` is then the least step.
    """
    delta = current * percent / 100.0
    if abs(delta) < 1.0:
        step = math.ceil(delta) if delta > 0 else math.floor(delta)
    else:
        step = math.floor(delta) if delta > 0 else math.ceil(delta)
    step = int(step)
    if min_adjustment_step and min_adjustment_step > abs(step):
        step = min_adjustment_step if step > 0 else -min_adjustment_step
    return step


def new_capacity(current, adjustment, adjustment_type, min_adjustment_step,
                 minimum, maximum):
    """:returns: the group's size after an adjustment, in [min, max]."""
    if adjustment_type == EXACT_CAPACITY:
        target = int(adjustment)
    elif adjustment_type == PERCENT_CHANGE_IN_CAPACITY:
        target = current + _percent_step(current, adjustment,
                                         min_adjustment_step)
    else:
        target = current + int(adjustment)
    return max(minimum, min(maximum, target))


def cooldown_end(metadata):
    """:returns: when the cooldown in ``metadata`` ends, or None."""
    end = (metadata or {}).get(COOLDOWN_END)
    return timeutils.parse_isotime(end) if end else None


def in_cooldown(metadata):
    """:returns: the end of a cooldown still running, or None."""
    end = cooldown_end(metadata)
    if end is not None and timeutils.utcnow(with_timezone=True) < end:
        return end
    return None


def start_cooldown(metadata, seconds):
    """``metadata`` with a cooldown of ``seconds`` from now (if any)."""
    metadata = dict(metadata or {})
    if seconds:
        end = timeutils.utcnow(with_timezone=True) + datetime.timedelta(
            seconds=seconds)
        metadata[COOLDOWN_END] = end.isoformat()
    return metadata


# Pending adjustments (signals the group could not take at once) ----------

#: What became of a signal offered to a group's pending queue.
OUTCOMES = (QUEUED, COALESCED, REFUSED) = ('queued', 'coalesced', 'refused')


def adjustment(policy, adjustment_type, scaling_adjustment,
               min_adjustment_step=None):
    """One pending adjustment: plain JSON, stored with the group's claim."""
    return {'policy': policy, 'adjustment_type': adjustment_type,
            'scaling_adjustment': scaling_adjustment,
            'min_adjustment_step': min_adjustment_step, 'signals': 1}


def merge_pending(pending, entry, bound):
    """Add ``entry`` to the pending adjustments, coalescing what it can.

    An exact capacity replaces whatever waits (only the last target
    counts); successive changes in capacity add up; percent changes
    queue in order. ``signals`` counts the signals each entry stands for.

    :returns: ``(pending, outcome)``; ``pending`` unchanged when the
        outcome is REFUSED (more than ``bound`` entries).
    """
    pending = list(pending or [])
    signals = entry.get('signals', 1)
    if entry['adjustment_type'] == EXACT_CAPACITY and pending:
        signals += sum(e.get('signals', 1) for e in pending)
        return [dict(entry, signals=signals)], COALESCED
    last = pending[-1] if pending else None
    if (last is not None and
            last['adjustment_type'] == CHANGE_IN_CAPACITY and
            entry['adjustment_type'] == CHANGE_IN_CAPACITY):
        pending[-1] = dict(
            last, signals=last.get('signals', 1) + signals,
            scaling_adjustment=(last['scaling_adjustment'] +
                                entry['scaling_adjustment']),
            policy=_policies(last['policy'], entry['policy']))
        return pending, COALESCED
    if len(pending) >= bound:
        return pending, REFUSED
    return pending + [entry], QUEUED


def _policies(first, second):
    names = first.split(',')
    return first if second in names else ','.join(names + [second])


def pending_capacity(current, pending, minimum, maximum):
    """:returns: the size after every pending adjustment, in order."""
    size = current
    for entry in pending:
        size = new_capacity(size, entry['scaling_adjustment'],
                            entry['adjustment_type'],
                            entry.get('min_adjustment_step'),
                            minimum, maximum)
    return size


def signal_count(pending):
    return sum(e.get('signals', 1) for e in pending or [])
