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

"""``--wait``: follow a stack action to its end, showing progress.

Each poll reads the stack's new events (``sort_dir=asc`` from the last
one seen), its resources and its status. Events are printed as they
arrive with the elapsed time and the count of resources done out of
the total: the stack's own events and failures each on a line, other
resource events each on a line when a poll brings a few, and as one
line counting them by status when it brings more than
:data:`MAX_EVENT_LINES` (a stack of 500 resources prints a line a poll,
not one per event). When nothing has moved for :data:`QUIET_SECONDS`
(an engine taking over a dead one's work, a long wait condition), a
line says so, with the stack's status. The wait ends when the stack
reaches a final status of the action (``ROLLBACK_*`` counts for create
and update), or disappears after a delete. A failure raises
:class:`~heat_vision.cli.http.CLIError` with the root causes from
:mod:`heat_vision.cli.failures`.
"""

import collections
import logging
import sys
import time

from heat_vision.cli import common
from heat_vision.cli import failures
from heat_vision.cli import http

LOG = logging.getLogger(__name__)
DEFAULT_POLL = 2.0
#: The most resource events of one poll shown one a line.
MAX_EVENT_LINES = 10
#: Seconds without news after which a line says the wait goes on.
QUIET_SECONDS = 15.0


def last_event_id(client, stack):
    """The id of the newest event of a stack, to read only newer ones."""
    try:
        events = client.get(common.stack_path(stack, 'events'),
                            sort_dir='desc', limit=1).get('events', [])
    except http.HeatHTTPError:
        return None
    return events[0]['id'] if events else None


class StackWaiter:
    """Waits for one action on one stack.

    :param client: the :class:`~heat_vision.cli.http.HeatClient`.
    :param stack: the stack dict (``stack_name`` and ``id`` at least).
    :param action: ``CREATE``, ``UPDATE``, ``DELETE``, ``CHECK``, ...
    :param marker: the last event to skip (events before the action).
    :param baseline: ``(stack_status, updated_time)`` before the action;
        a final status equal to it is the old one and does not end the
        wait.
    """

    def __init__(self, client, stack, action, marker=None, baseline=None,
                 poll=DEFAULT_POLL, out=None, clock=time.monotonic,
                 sleep=time.sleep):
        self.client = client
        self.stack = stack
        self.action = action
        self.marker = marker
        self.baseline = baseline
        self.poll = poll
        self.out = out or sys.stderr
        self.clock = clock
        self.sleep = sleep
        self.started = clock()
        self.last_news = self.started
        self.done, self.total = 0, 0
        self.unavailable = set()
        self.last_status = None
        self._finished = '%s_COMPLETE' % action
        self.done_by_events = set()

    def _say(self, text):
        self.last_news = self.clock()
        elapsed = self.last_news - self.started
        self.out.write('[%6.1fs] %s\n' % (elapsed, text))
        self.out.flush()

    def _fetch(self, feed, **params):
        """The stack's ``events`` or ``resources``; [] if unavailable.

        A server without the route (or a stack already gone) must not
        stop the wait: the stack status alone still ends it.
        """
        if feed in self.unavailable:
            return []
        try:
            return self.client.get(common.stack_path(self.stack, feed),
                                   **params).get(feed, [])
        except http.NotFound:
            return []
        except http.HeatHTTPError as exc:
            LOG.debug('Not following %s: %s', feed, exc)
            self.unavailable.add(feed)
            return []

    def _count_resources(self):
        """Count the resources, and those done with the action.

        An update leaves unchanged resources in their old state: any
        ``*_COMPLETE`` but ``INIT_COMPLETE`` counts as done for it.
        """
        resources = self._fetch('resources')
        if self.action == 'DELETE':
            self.total = max(self.total, len(resources))
            pending = [r for r in resources
                       if r.get('resource_status') != self._finished]
            self.done = self.total - len(pending)
        else:
            self.total = len(resources)
            self.done = sum(1 for r in resources
                            if self._is_done(r.get('resource_status')))

    def _is_done(self, status):
        if self.action == 'UPDATE':
            return (str(status).endswith('_COMPLETE')
                    and status != 'INIT_COMPLETE')
        return status == self._finished

    def _is_stack_event(self, event):
        return (event.get('resource_name') == self.stack['stack_name']
                and event.get('physical_resource_id') in (
                    None, '', self.stack['id']))

    def _show_new_events(self):
        """Print the new events, each with the count done at its time.

        The count of an event line is that of the resources whose events
        so far say they are done; the total is the resource listing's.
        The stack's own events and failures are always a line each; a
        run of more than :data:`MAX_EVENT_LINES` other events is one
        line.

        :returns: whether the stack's own events say the action ended (its
            status is then worth reading again without waiting).
        """
        events = self._fetch('events', sort_dir='asc', marker=self.marker)
        self._count_resources()
        ended = False
        run = []
        for event in events:
            self.marker = event.get('id', self.marker)
            name = event.get('resource_name')
            status = event.get('resource_status')
            own = self._is_stack_event(event)
            if own:
                ended = self._final({'stack_status': status},
                                    baseline=False)
            elif self._is_done(status):
                self.done_by_events.add(name)
            else:
                self.done_by_events.discard(name)
            line = '%d/%d %s %s %s' % (
                len(self.done_by_events), self.total, name, status,
                event.get('resource_status_reason') or '')
            if own or str(status).endswith('_FAILED'):
                self._show_run(run)
                self._say(line)
            else:
                run.append((line, status, len(self.done_by_events)))
        self._show_run(run)
        return ended

    def _show_run(self, run):
        """Print a run of resource events: a line each, or one line."""
        if len(run) <= MAX_EVENT_LINES:
            for line, _status, _done in run:
                self._say(line)
        else:
            counts = collections.Counter(status for _line, status, _done
                                         in run)
            self._say('%d/%d %d resource events: %s' % (
                run[-1][2], self.total, len(run), ', '.join(
                    '%d %s' % (counts[status], status)
                    for status in sorted(counts))))
        del run[:]

    def _show_quiet(self, stack_status, unavailable=None):
        """After :data:`QUIET_SECONDS` without news, say so."""
        quiet = self.clock() - self.last_news
        if quiet < QUIET_SECONDS:
            return
        self._say('Stack %s %s (%d/%d resources), nothing new for %ds%s'
                  % (self.stack['stack_name'], stack_status, self.done,
                     self.total, quiet,
                     ': %s' % unavailable if unavailable else ''))

    def _final(self, stack, baseline=True):
        status = str(stack.get('stack_status', ''))
        action, _sep, state = status.rpartition('_')
        if state not in ('COMPLETE', 'FAILED'):
            return False
        if action != self.action and not (
                action == 'ROLLBACK' and self.action in ('CREATE',
                                                         'UPDATE')):
            return False
        return not baseline or (
            (status, stack.get('updated_time')) != self.baseline)

    def wait(self):
        """Poll until the action ends.

        :returns: the final stack dict, or None when it was deleted.
        :raises CLIError: when the action failed or was rolled back.
        """
        while True:
            # The status first: the events and resources read after it
            # include everything up to that status, so a stack that
            # ended between two polls still shows its last events and
            # its final count.
            try:
                stack = common.find_stack(self.client, self.stack['id'])
            except http.NotFound:
                if self.action == 'DELETE':
                    self._show_new_events()
                    self._say('Stack %s DELETE_COMPLETE'
                              % self.stack['stack_name'])
                    return None
                raise
            except http.HeatHTTPError as exc:
                if exc.status != 503:
                    raise
                # No engine answered (one taking over a dead one's
                # work): the action goes on, so does the wait.
                self._show_quiet(self.last_status or 'status unknown',
                                 unavailable=exc)
                self.sleep(self.poll)
                continue
            ended = self._show_new_events()
            if self._final(stack):
                return self._finish(stack)
            self._show_status_change(stack)
            self._show_quiet(stack.get('stack_status'))
            if not ended:
                self.sleep(self.poll)

    def _show_status_change(self, stack):
        """Without events to show, say at least when the status moves."""
        status = stack.get('stack_status')
        if 'events' in self.unavailable and status != self.last_status:
            self._say('Stack %s %s (%d/%d resources)' % (
                stack['stack_name'], status, self.done, self.total))
        self.last_status = status

    def _finish(self, stack):
        status = stack['stack_status']
        self._say('Stack %s %s (%d/%d resources)' % (
            stack['stack_name'], status, self.done, self.total))
        if status == '%s_COMPLETE' % self.action:
            return stack
        if self.action == 'DELETE' and status == 'DELETE_COMPLETE':
            return None
        raise http.CLIError(failures.describe(
            stack, failures.root_causes(self.client, stack)))


def wait_for(client, stack, action, parsed_args, marker=None,
             baseline=None, out=None):
    """Run a :class:`StackWaiter` with the command's ``--poll``."""
    return StackWaiter(client, stack, action, marker=marker,
                       baseline=baseline, poll=parsed_args.poll,
                       out=out).wait()


def add_wait_arguments(parser):
    parser.add_argument('--wait', action='store_true',
                        help='Wait for the action to end, showing progress')
    parser.add_argument('--poll', type=float, default=DEFAULT_POLL,
                        metavar='SECONDS',
                        help='Seconds between polls while waiting '
                             '(default %s)' % DEFAULT_POLL)
