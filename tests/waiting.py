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

"""Waiting in tests: poll a condition until it holds, or fail at a deadline.

A test never sleeps a fixed time hoping that something has happened by
then: it polls for what it waits for, with a deadline generous enough
for a busy 2-core machine (the deadline is only reached when the test
fails anyway). ``wait_until`` is the one polling loop of the suite.
"""

import time

#: Seconds before a wait gives up, unless the caller says otherwise.
TIMEOUT = 60
#: Seconds between two looks; short, since looking is cheap in-process.
INTERVAL = 0.02


class TimedOut(AssertionError):
    """What was waited for did not happen in time (a test failure)."""


def wait_until(predicate, timeout=TIMEOUT, interval=INTERVAL,
               describe=None):
    """Call ``predicate()`` until it returns a true value.

    :param predicate: a callable without arguments.
    :param timeout: seconds before giving up.
    :param interval: seconds between two calls.
    :param describe: a string, or a callable returning one, saying what
        was waited for (and what there was instead) in the failure.
    :returns: the first true value ``predicate()`` returned.
    :raises: TimedOut once ``timeout`` seconds have passed.
    """
    deadline = time.monotonic() + timeout
    while True:
        value = predicate()
        if value:
            return value
        if time.monotonic() > deadline:
            what = describe() if callable(describe) else describe
            raise TimedOut('timed out after %ss waiting for %s' % (
                timeout, what or getattr(predicate, '__name__', predicate)))
        time.sleep(interval)


def holds_within(predicate, timeout=TIMEOUT, interval=INTERVAL):
    """:returns: whether ``predicate()`` became true within ``timeout``
    seconds (for the tests that assert on it themselves).
    """
    try:
        return bool(wait_until(predicate, timeout, interval))
    except TimedOut:
        return False
