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

"""The JSON views of jobs: the only producers of task-system payloads."""

from taskflow import states

from heat_vision.tasks import constants as c
from heat_vision.tasks import flows
from heat_vision.tasks import persistence

_TIMES = ('deadline', 'next_run_at', 'started_at', 'ended_at',
          'created_at', 'updated_at')


def _iso(value):
    return value.isoformat() + 'Z' if value is not None else None


def format_job(job, steps=None):
    """:param job: a TaskJob row.
    :param steps: the steps of the current run, from ``format_steps``.
    :returns: the job as a plain dict with the keys in JOB_FIELDS (and
        ``description``, ``document`` and ``steps`` when given).
    """
    view = {key: getattr(job, key) for key in c.JOB_FIELDS}
    for key in _TIMES:
        view[key] = _iso(view[key])
    view['description'] = job.document.get('description', '')
    view['document'] = job.document
    if steps is not None:
        view['steps'] = steps
    return view


def format_steps(job):
    """:returns: one dict per task of the job's current run (STEP_FIELDS).

    ``state`` is TaskFlow's atom state (PENDING, RUNNING, SUCCESS,
    FAILURE, REVERTED, ...); ``attempts`` counts retries too.
    """
    flow_detail = persistence.get_flow_detail(job.id, job.current_run)
    details = {}
    if flow_detail is not None:
        details = {ad.name: ad for ad in flow_detail}
    steps = []
    for spec in job.document['tasks']:
        atom = details.get(spec['name'])
        state = atom.state if atom is not None else states.PENDING
        step = {'name': spec['name'], 'action': spec['action'],
                'state': state or states.PENDING, 'attempts': 0,
                'result': None, 'error': None}
        if atom is not None and state != states.PENDING:
            step['attempts'] = _attempts(spec, atom, details)
            if state == states.SUCCESS:
                step['result'] = atom.results
            elif atom.failure is not None:
                step['error'] = atom.failure.exception_str
        steps.append(step)
    return steps


def _attempts(spec, atom, details):
    retry = details.get(flows.retry_name(spec['name']))
    if retry is None:
        return 1
    if retry.results:
        return len(retry.results)
    # NOTE(heat-vision): TaskFlow clears a retry's history when it reverts
    # its sub-flow, which it does once every attempt has failed.
    if atom.failure is not None:
        return spec['retry']['count'] + 1
    return 1


def failure_message(flow_detail):
    """:returns: the first atom failure of a run, as text, or None."""
    for atom in flow_detail or ():
        if atom.failure is not None and atom.name != c.WAIT_ATOM:
            return '%s: %s' % (atom.name, atom.failure.exception_str)
    for atom in flow_detail or ():
        if atom.failure is not None:
            return atom.failure.exception_str
    return None


def run_results(flow_detail, document):
    """:returns: ``{task name: result}`` of a run's successful tasks."""
    results = {}
    names = {spec['name'] for spec in document['tasks']}
    for atom in flow_detail or ():
        if atom.name in names and atom.state == states.SUCCESS:
            results[atom.name] = atom.results
    return results
