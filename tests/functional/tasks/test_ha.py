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

"""Two heat-vision-tasks on RabbitMQ + MariaDB + Redis; one is killed."""

import json
import os
import signal
import socket
import subprocess
import time

from tests.functional.tasks import base as fbase
from tests.functional.tasks import distributed
from tests import waiting


class _KillsTheOwner:
    """Kills the conductor of a job mid-step."""

    def kill_the_owner_mid_job(self, timeout=40):
        """Kill (-9) the conductor running a job's second task.

        :returns: (the job once ended, the killed pid, seconds from the
            kill to the job's end, the HitCounter of tasks one and three).
        """
        hits = fbase.HitCounter(self)
        job = self.client.create_job(self.ctx, {'name': 'ha', 'tasks': [
            hits.task('one', '/one'),
            {'name': 'two', 'action': 'sleep', 'input': {'seconds': 2}},
            hits.task('three', '/three')]})
        job = self.wait(job['id'], lambda j: j['steps'][1]['state'] ==
                        'RUNNING')
        owner_pid = int(job['owner'].rsplit('-', 1)[1])
        victim = [p for p in self.procs if p.pid == owner_pid][0]
        os.kill(victim.pid, signal.SIGKILL)
        victim.wait()
        killed = time.monotonic()
        job = self.wait(job['id'], lambda j: j['status'] in (
            'COMPLETE', 'FAILED', 'CANCELLED'), timeout=timeout)
        self.assertEqual('COMPLETE', job['status'], job)
        self.assertNotEqual(owner_pid, int(job['owner'].rsplit('-', 1)[1]))
        self.assertEqual((1, 1), (hits.hits['/one'], hits.hits['/three']))
        self.assertEqual(['SUCCESS'] * 3,
                         [s['state'] for s in job['steps']])
        return job, owner_pid, time.monotonic() - killed, hits


class DistributedHATest(_KillsTheOwner, distributed.DistributedTestCase):

    # The first run builds the other service's virtualenv (pip install).
    TIMEOUT = 900

    def test_kill_the_conductor_running_a_job(self):
        self.kill_the_owner_mid_job()

    def test_the_documented_example_from_another_service(self):
        """examples/tasks/another_service.py, as the doc shows it.

        It runs from a virtualenv without heat_vision.
        """
        python = fbase.other_service_python()
        probe = subprocess.run([python, '-c', 'import heat_vision'],
                               capture_output=True, cwd=self.state_dir)
        self.assertNotEqual(0, probe.returncode, 'heat_vision importable')
        script = os.path.join(fbase.REPO, 'examples', 'tasks',
                              'another_service.py')
        done = subprocess.run(
            [python, script, '--url', fbase.RABBIT_URL, '--exchange',
             self.exchange, '--topic', self.topic],
            capture_output=True, text=True, timeout=180, cwd=self.state_dir)
        self.assertEqual(0, done.returncode, done.stderr)
        report = json.loads(done.stdout)
        self.assertEqual('PENDING', report['submitted'])
        self.assertEqual({'event': 'tasks.job.end', 'status': 'COMPLETE',
                          'steps': ['SUCCESS', 'SUCCESS'],
                          'results': {'network': {'network_id': 'net-1'},
                                      'server': {'server_id': 'vm-1'}}},
                         report['job'])
        self.assertEqual({'answer': 'CANCELLING', 'status': 'CANCELLED',
                          'event': 'tasks.job.end'}, report['cancel'])
        self.assertEqual(
            {'invalid': 'InvalidTaskDocument', 'missing': 'TaskJobNotFound',
             'ended': 'TaskJobFinished'},
            {k: v['exc_type'] for k, v in report['errors'].items()})
        self.assertIn('tasks[0].action',
                      report['errors']['invalid']['message'])

    def test_a_stalled_conductor_is_fenced_when_it_wakes(self):
        """SIGSTOP the owner mid-step, let another finish the job, SIGCONT.

        The woken conductor must not run the next step (nor revert or
        overwrite the steps) of the run another conductor took over.
        """
        hits = fbase.HitCounter(self)
        job = self.client.create_job(self.ctx, {'name': 'stall', 'tasks': [
            hits.task('one', '/one'),
            {'name': 'two', 'action': 'sleep', 'input': {'seconds': 2}},
            hits.task('three', '/three')]})
        job = self.wait(job['id'], lambda j: j['steps'][1]['state'] ==
                        'RUNNING')
        owner_pid = int(job['owner'].rsplit('-', 1)[1])
        # A stopped process still takes its share of the topic's calls
        # (and never answers): ask the other one by its server name.
        other = [p.pid for p in self.procs if p.pid != owner_pid][0]
        self.client._client = self.client._client.prepare(
            server='%s-%d' % (socket.gethostname(), other))
        os.kill(owner_pid, signal.SIGSTOP)
        self.addCleanup(os.kill, owner_pid, signal.SIGCONT)
        job = self.wait(job['id'], lambda j: j['status'] in (
            'COMPLETE', 'FAILED', 'CANCELLED'), timeout=60)
        self.assertEqual('COMPLETE', job['status'], job)
        self.assertNotEqual(owner_pid, int(job['owner'].rsplit('-', 1)[1]))
        self.assertEqual((1, 1), (hits.hits['/one'], hits.hits['/three']))

        os.kill(owner_pid, signal.SIGCONT)
        log = os.path.join(self.state_dir, 'tasks-%d.log' % [
            p.pid for p in self.procs].index(owner_pid))

        def logged(text):
            with open(log) as out:
                return text in out.read()

        waiting.wait_until(lambda: logged('fenced here'), 30, 0.2,
                           'the woken conductor to fence its run')
        # It had been in the middle of step two: it ends that step in
        # memory and goes no further with the run, which it leaves.
        waiting.wait_until(lambda: logged('to its new owner'), 30, 0.2,
                           'the woken conductor to leave the run')
        self.assertEqual((1, 1), (hits.hits['/one'], hits.hits['/three']))
        job = self.client.get_job(self.ctx, job['id'])
        self.assertEqual('COMPLETE', job['status'])
        self.assertEqual(['SUCCESS'] * 3, [s['state'] for s in job['steps']])
        [run] = self.client.list_runs(self.ctx, job['id'])
        self.assertEqual('SUCCEEDED', run['status'])
        self.assertIsNone(self.procs[[p.pid for p in self.procs].index(
            owner_pid)].poll(), 'the woken conductor died')


class HeartbeatHATest(_KillsTheOwner, distributed.DistributedTestCase):
    """Claims last 60 s here: only the heartbeat can move the run.

    A class of its own, whose services start with that expiry (a test
    that restarted them paid two more starts, 1.5 s of CPU each).
    """

    TASKS_OPTIONS = {'claim_expiry': 60}

    def test_a_killed_conductor_is_replaced_by_its_heartbeat(self):
        job, _pid, elapsed, _hits = self.kill_the_owner_mid_job(timeout=50)
        # 5 s down time + 1 s heartbeat + the 2 s task; the 60 s claim
        # expiry would be far later. Generous for a loaded machine.
        self.assertLess(elapsed, 40)
        [run] = self.client.list_runs(self.ctx, job['id'])
        self.assertEqual('SUCCEEDED', run['status'])
