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

"""``task create|list|show|cancel`` on ``/v1/{tenant}/tasks``.

Following ``heat_vision/api/controllers/v1/tasks.py``: a job document is
sent as its text in ``{"job": ...}`` (the service parses and validates
it, naming the path of any error); responses carry ``{"job": <view>}``
or ``{"jobs": [...]}``. A view has ``status`` (PENDING, RUNNING,
WAITING, CANCELLING, then COMPLETE, FAILED or CANCELLED), ``runs``,
``failures`` and, on show, ``steps`` each with its TaskFlow ``state``,
``attempts``, ``result`` and ``error``. Cancelling is
``POST /tasks/{id}/cancel``; ``show --runs`` adds the run history from
``GET /tasks/{id}/runs``.
"""

import time

from cliff import lister
from cliff import show

from heat_vision.cli import common
from heat_vision.cli import http

LIST_FIELDS = (('id', 'ID'), ('name', 'Name'), ('kind', 'Kind'),
               ('status', 'Status'), ('runs', 'Runs'),
               ('failures', 'Failures'), ('created_at', 'Created At'))
FINAL_STATUSES = ('COMPLETE', 'FAILED', 'CANCELLED')
FINAL_STEP_STATES = ('SUCCESS', 'FAILURE', 'REVERTED', 'IGNORE')


def _unwrap(body):
    for key in ('task', 'job'):
        if isinstance(body, dict) and isinstance(body.get(key), dict):
            return body[key]
    return body or {}


def _show_task(task):
    return common.show_dict(task, exclude=('document',))


def _failed_step_errors(task):
    return '; '.join('%s: %s' % (step.get('name'), step.get('error'))
                     for step in task.get('steps') or ()
                     if step.get('error'))


class CreateTask(show.ShowOne):
    """Submit a job document; with --wait, follow it to its end."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('job_file', metavar='JOB_FILE',
                            help='Job document (YAML or JSON)')
        parser.add_argument('--wait', action='store_true',
                            help='Wait until the job ends')
        parser.add_argument('--poll', type=float, default=2.0,
                            metavar='SECONDS', help='Seconds between polls')
        return parser

    def take_action(self, args):
        document = common.read_text(args.job_file, 'job file')
        task = _unwrap(self.app.client.post('tasks', {'job': document}))
        if args.wait and task.get('id'):
            task = wait_for_task(self.app.client, task['id'], args.poll,
                                 self.app.stderr)
        return _show_task(task)


def wait_for_task(client, task_id, poll, out, clock=time.monotonic,
                  sleep=time.sleep):
    """Poll a job until it reaches a final state; report state changes.

    :raises CLIError: when the job ends in failure.
    """
    started, last = clock(), None
    while True:
        task = _unwrap(client.get(http.path('tasks', task_id)))
        status = str(task.get('status') or '').upper()
        steps = task.get('steps') or []
        done = sum(1 for step in steps
                   if str(step.get('state')) in FINAL_STEP_STATES)
        report = (status, done)
        if report != last:
            out.write('[%6.1fs] %s %s (%d/%d tasks)\n' % (
                clock() - started, task_id, status, done, len(steps)))
            out.flush()
            last = report
        if status in FINAL_STATUSES:
            if status == 'FAILED':
                raise http.CLIError('Job %s FAILED: %s' % (
                    task_id, task.get('status_reason') or
                    _failed_step_errors(task)))
            return task
        sleep(poll)


class ListTasks(lister.Lister):
    """List jobs, newest first, with paging and filters."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--filter', action='append', default=[],
                            metavar='KEY=VALUE',
                            help='status, kind or name; repeat a key to '
                                 'match any of its values')
        parser.add_argument('--limit', type=int, help='Most jobs to return')
        parser.add_argument('--marker', help='ID of the last job seen')
        parser.add_argument('--sort-dir', choices=('asc', 'desc'),
                            help='Creation order (default desc)')
        return parser

    def take_action(self, args):
        params = {}
        for pair in args.filter:
            key, value = common.parse_key_values([pair], '--filter').popitem()
            params.setdefault(key, []).append(value)
        params.update(limit=args.limit, marker=args.marker,
                      sort_dir=args.sort_dir)
        body = self.app.client.get('tasks', **params) or {}
        found = body.get('jobs', body.get('tasks', []))
        return common.list_rows(found, LIST_FIELDS)


class ShowTask(show.ShowOne):
    """Show a job, with the state of each of its tasks."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('task', help='Job ID')
        parser.add_argument('--runs', action='store_true',
                            help='Add the run history (run_history), '
                                 'newest run first')
        parser.add_argument('--runs-limit', type=int, metavar='N',
                            help='Most runs to show with --runs')
        parser.add_argument('--runs-marker', type=int, metavar='RUN',
                            help='With --runs, show the runs before this '
                                 'run number')
        return parser

    def take_action(self, args):
        task = _unwrap(self.app.client.get(http.path('tasks', args.task)))
        if args.runs:
            body = self.app.client.get(
                http.path('tasks', args.task, 'runs'),
                limit=args.runs_limit, marker=args.runs_marker) or {}
            task['run_history'] = body.get('runs', [])
        return _show_task(task)


class CancelTask(lister.Lister):
    """Cancel jobs; show the status each one is left in."""

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('tasks', nargs='+', metavar='task',
                            help='Job ID')
        return parser

    def take_action(self, args):
        found = [_unwrap(self.app.client.post(http.path('tasks', task_id,
                                                        'cancel')))
                 for task_id in args.tasks]
        return common.list_rows(found, (('id', 'ID'), ('status', 'Status')))
