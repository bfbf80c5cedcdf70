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

"""The embedded mode across a restart: kill -9, start again, resume."""

import json
import os
import signal

from heat_vision.common import context
from heat_vision.db import api as db_api
from heat_vision.db import tasks as db_tasks
from tests import base
from tests.functional.tasks import base as fbase
from tests import waiting


class EmbeddedRestartTest(base.TestCase):

    def start_node(self, *extra):
        return fbase.start_process(
            self, [os.path.join(fbase.HERE, 'embedded_node.py'),
                   self.state_dir] + list(extra),
            os.path.join(self.state_dir, 'node.log'))

    def until(self, predicate, timeout=30):
        waiting.wait_until(predicate, timeout)

    def job(self, job_id):
        return db_tasks.job_get(context.get_admin_context(), job_id)

    def test_restart_resumes_sequence_and_persistent_jobs(self):
        hits = fbase.HitCounter(self)
        docs = [{'name': 'seq', 'tasks': [
            hits.task('one', '/one'),
            {'name': 'two', 'action': 'sleep', 'input': {'seconds': 2}},
            hits.task('three', '/three')]},
            {'name': 'tick', 'kind': 'persistent', 'interval': 0.2,
             'tasks': [hits.task('tick', '/tick')]}]
        jobs = os.path.join(self.state_dir, 'jobs.json')
        ids_path = os.path.join(self.state_dir, 'ids.json')
        with open(jobs, 'w') as out:
            json.dump(docs, out)
        node = self.start_node(jobs, ids_path)
        self.until(lambda: os.path.exists(ids_path))
        with open(ids_path) as ids_file:
            seq_id, tick_id = json.load(ids_file)
        self.until(lambda: hits.hits['/one'] == 1 and
                   hits.hits['/tick'] >= 2)
        os.kill(node.pid, signal.SIGKILL)
        node.wait()
        ticks = hits.hits['/tick']
        self.assertEqual(0, hits.hits['/three'])

        self.flags(group='database', connection='sqlite:///' + os.path.join(
            self.state_dir, 'heat-vision.sqlite'))
        db_api.reset()
        self.addCleanup(db_api.reset)
        self.start_node()
        self.until(lambda: self.job(seq_id).status == 'COMPLETE')
        self.assertEqual(1, hits.hits['/one'])
        self.assertEqual(1, hits.hits['/three'])
        self.until(lambda: hits.hits['/tick'] >= ticks + 3)
        self.assertIn(self.job(tick_id).status, ('RUNNING', 'WAITING'))
