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

"""Engines sharing a database on the local board (the default).

Each engine runs the jobs it claimed; one that starts beside a live one
leaves that one's jobs alone, and when an engine dies (stops beating)
one of the others takes its jobs over, once.
"""

import json
import os
import signal
import threading
import time

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import services as db_services
from heat_vision.db import tasks as db_tasks
from tests import base
from tests.functional.tasks import base as fbase


class LocalBoardEnginesTest(base.TestCase):

    TIMEOUT = 240

    def start_node(self, label, *extra):
        return self.start_nodes([label], *extra)[0]

    def start_nodes(self, labels, *extra):
        """Start a node per label, side by side (each start is a
        second or more of imports); :returns: [(process, engine id)].
        """
        started = []
        for label in labels:
            ready = os.path.join(self.state_dir, label + '.ready')
            started.append((label, ready, fbase.start_process(
                self, [os.path.join(fbase.HERE, 'engine_node.py'),
                       self.state_dir, ready] + list(extra),
                os.path.join(self.state_dir, label + '.log'))))
        nodes = []
        for label, ready, node in started:
            # They share the cores: as long as they had one after another.
            self.until(lambda: (os.path.exists(ready) or
                                node.poll() is not None),
                       timeout=60 * len(labels))
            self.assertIsNone(node.poll(), '%s exited' % label)
            nodes.append((node, self.read(ready)))
        return nodes

    def read(self, path):
        with open(path) as f:
            return json.load(f)

    def until(self, predicate, timeout=60):
        deadline = time.monotonic() + timeout
        while not predicate():
            self.assertLess(time.monotonic(), deadline)
            time.sleep(0.05)

    def job(self, job_id):
        return db_tasks.job_get(context.get_admin_context(), job_id)

    def heartbeat(self, engine_id):
        for row in db_services.service_get_all(context.get_admin_context()):
            if row['engine_id'] == engine_id:
                return row['updated_at']
        return None

    def test_a_live_engines_job_is_not_run_by_another(self):
        gate = threading.Event()
        self.addCleanup(gate.set)
        hits = fbase.HitCounter(self, gates={'/gate': gate})
        waits = hits.task('gate', '/gate')
        waits['input']['timeout'] = 110
        jobs = os.path.join(self.state_dir, 'jobs.json')
        with open(jobs, 'w') as out:
            json.dump([{'name': 'seq', 'tasks': [
                hits.task('one', '/one'), waits,
                hits.task('three', '/three')]}], out)
        ids = os.path.join(self.state_dir, 'ids.json')
        first, first_id = self.start_node('first', jobs, ids)
        self.until(lambda: os.path.exists(ids))
        job_id, = self.read(ids)
        self.flags(group='database', connection='sqlite:///' + os.path.join(
            self.state_dir, 'heat-vision.sqlite'))
        db_api.reset()
        self.addCleanup(db_api.reset)
        # The first engine runs the job, and waits in its second task.
        self.until(lambda: hits.hits['/gate'] == 1)

        # Two more engines start meanwhile: neither runs it.
        others = dict(node[::-1]
                      for node in self.start_nodes(('second', 'third')))
        for engine_id in others:
            started = self.heartbeat(engine_id)
            # Three heartbeats: time for a pass or two of their take-over.
            self.until(lambda: (self.heartbeat(engine_id) - started)
                       .total_seconds() >= 3)
        self.assertEqual({'/one': 1, '/gate': 1}, dict(hits.hits))
        self.assertEqual('RUNNING', self.job(job_id).status)
        self.assertEqual(first_id, self.job(job_id).owner)

        # The first dies: one of the others takes the job over, from the
        # task it was in.
        os.kill(first.pid, signal.SIGKILL)
        first.wait()
        self.until(lambda: hits.hits['/gate'] == 2)
        self.assertIn(self.job(job_id).owner, others)
        gate.set()
        self.until(lambda: self.job(job_id).status == 'COMPLETE')
        self.assertEqual({'/one': 1, '/gate': 2, '/three': 1},
                         dict(hits.hits))
        self.assertEqual(1, self.job(job_id).runs)
