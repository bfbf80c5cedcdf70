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
