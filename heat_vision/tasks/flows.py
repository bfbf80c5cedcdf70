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

"""Module-level flow factories: a jobboard's conductor re-imports them.

``run_flow`` stores the factory's name and arguments with each run's
flow detail; any conductor rebuilds the same flow from them and TaskFlow
skips the atoms that had already completed.

TaskFlow's patterns (with networkx, about 11 MB) and engines are imported
by the factory, when a run is first built: a process that runs no task
job (an engine that only creates stacks) never loads them.
"""

from heat_vision.tasks import constants as c
from heat_vision.tasks import plugins


def retry_name(task_name):
    return task_name + '-retry'


def job_run_flow(job_id, document):
    """Build the flow of one run of a job.

    :param job_id: the job's id (names the flow).
    :param document: the normalised job document.
    :returns: a graph flow of one atom per task (a retried task is a
        sub-flow with a ``DelayedTimes`` retry), preceded by a wait for
        the start time for persistent and timed jobs.
    """
    from taskflow.patterns import graph_flow
    from taskflow.patterns import linear_flow

    from heat_vision.tasks import atoms

    flow = graph_flow.Flow('job-%s' % job_id)
    nodes = {}
    for spec in document['tasks']:
        atom = atoms.PluginTask(spec, plugins.get(spec['action']))
        if spec['retry']['count']:
            sub = linear_flow.Flow(
                spec['name'] + '-flow',
                retry=atoms.DelayedTimes(spec['retry']['count'] + 1,
                                         spec['retry']['delay'],
                                         retry_name(spec['name'])))
            sub.add(atom)
            atom = sub
        nodes[spec['name']] = atom
        flow.add(atom)
    for spec in document['tasks']:
        for required in spec['requires']:
            flow.link(nodes[required], nodes[spec['name']])
    if document['kind'] != c.SEQUENCE:
        wait = atoms.WaitUntilStart()
        flow.add(wait)
        for spec in document['tasks']:
            if not spec['requires']:
                flow.link(wait, nodes[spec['name']])
    return flow
