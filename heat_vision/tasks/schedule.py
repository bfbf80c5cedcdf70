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

"""When the runs of persistent and timed jobs start and stop.

An ``interval`` job is ``fixed-rate`` (the default) or ``fixed-delay``
(the document's ``schedule``):

* fixed-rate: runs start on a grid, the first run's start plus a whole
  number of intervals. A run that overruns one or more slots makes the
  next run wait for the next free slot: missed slots are skipped, never
  caught up in a burst. Two starts are a whole number of intervals
  apart as planned; a run that a busy conductor starts late starts
  closer to the next one.
* fixed-delay: the next run starts ``interval`` seconds after the
  previous one ended, whatever its length.

A ``cron`` job starts at each matching time that comes after the
previous run has ended.
"""

import datetime
import math
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
    """:param previous_start: epoch second the previous run was planned
        to start at.
    :param now: epoch second the previous run ended.
    :returns: the epoch second the next run begins (never in the past).
    """
    now = time.time() if now is None else now
    if document.get('cron'):
        base = max(previous_start, now)
        return croniter.croniter(document['cron'], base).get_next(float)
    interval = document.get('interval', 0)
    if document.get('schedule') == c.FIXED_DELAY:
        return now + interval
    if interval <= 0:
        return max(previous_start, now)
    slots = max(1, math.ceil((now - previous_start) / interval))
    return previous_start + slots * interval
