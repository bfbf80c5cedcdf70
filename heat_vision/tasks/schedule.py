"""When the runs of persistent and timed jobs start and stop."""

import datetime
import time

import croniter
from oslo_utils import timeutils

from heat_vision.tasks import constants as c


def deadline(document, now=None):
    """:returns: the naive UTC datetime a timed job stops at, or None."""
    now = now or timeutils.utcnow()
    if document['kind'] != c.TIMED:
        return None
    if 'duration' in document:
        return now + datetime.timedelta(seconds=document['duration'])
    return timeutils.normalize_time(
        timeutils.parse_isotime(document['end_time']))


def to_epoch(when):
    """Naive UTC datetime -> seconds since the epoch."""
    return when.replace(tzinfo=datetime.timezone.utc).timestamp()


def from_epoch(seconds):
    return datetime.datetime.fromtimestamp(
        seconds, datetime.timezone.utc).replace(tzinfo=None)


def first_start(document):
    """:returns: the epoch second the first run starts at."""
    if document.get('cron'):
        return next_start(document, time.time())
    return time.time()


def next_start(document, previous_start, now=None):
    """:returns: the epoch second the run after one started at
    ``previous_start`` begins (never in the past).
    """
    now = time.time() if now is None else now
    if document.get('cron'):
        base = max(previous_start, now)
        return croniter.croniter(document['cron'], base).get_next(float)
    return max(previous_start + document.get('interval', 0), now)
