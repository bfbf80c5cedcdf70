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

"""Lanes: at most so many runs of one lane at once, the rest in order."""

from heat_vision.tasks import lanes
from tests import base


class LanesTest(base.TestCase):

    def test_a_full_lane_queues_in_order_and_others_pass(self):
        gate = lanes.Lanes()
        slow = ('cep:s1/cep', 2)
        self.assertTrue(gate.admit(slow, 'r1', 'item-1'))
        self.assertTrue(gate.admit(slow, 'r2', 'item-2'))
        self.assertFalse(gate.admit(slow, 'r3', 'item-3'))
        self.assertFalse(gate.admit(slow, 'r4', 'item-4'))
        self.assertTrue(gate.waits('r3'))
        self.assertFalse(gate.waits('r1'))
        # Another lane, and runs without one, are not held up.
        self.assertTrue(gate.admit(('cep:s2/cep', 2), 'f1', 'fast'))
        self.assertTrue(gate.admit(None, 'p1', 'plain'))
        # Each run that ends hands its place to the next, in order.
        self.assertEqual('item-3', gate.release(slow))
        self.assertEqual('item-4', gate.release(slow))
        self.assertFalse(gate.waits('r3'))
        self.assertIsNone(gate.release(slow))
        self.assertIsNone(gate.release(slow))
        self.assertIsNone(gate.release(None))
        # The lane is empty again: two may run.
        self.assertTrue(gate.admit(slow, 'r5', 'item-5'))
        self.assertTrue(gate.admit(slow, 'r6', 'item-6'))

    def test_the_lane_of_a_job_is_its_first_task_with_one(self):
        self.flags(group='cep', max_concurrent_dispatches=3)
        document = {'tasks': [
            {'name': 'note', 'action': 'log', 'input': {'message': 'x'}},
            {'name': 'dispatch', 'action': 'cep.dispatch',
             'input': {'stack_id': 's1', 'resource': 'cep',
                       'transition': {}}}]}
        self.assertEqual(['cep:s1/cep', 3], lanes.lane_of(document))
        self.assertIsNone(lanes.lane_of({'tasks': [
            {'name': 'note', 'action': 'log', 'input': {}}]}))
        self.assertIsNone(lanes.lane_of({'tasks': [
            {'name': 'x', 'action': 'no.such', 'input': {}}]}))

    def test_cleared_waiting_runs_are_forgotten(self):
        gate = lanes.Lanes()
        lane = ('k', 1)
        gate.admit(lane, 'a', 1)
        gate.admit(lane, 'b', 2)
        gate.clear()
        self.assertFalse(gate.waits('b'))
        self.assertIsNone(gate.release(lane))


class _Job:
    def __init__(self, name, lane=None):
        self.name = name
        self.details = {'hv_job_id': name, 'hv_run': 1}
        if lane:
            self.details[lanes.META_KEY] = list(lane)


class _Board:
    def __init__(self, jobs):
        self.jobs = jobs

    def unclaimed_jobs(self):
        return list(self.jobs)


class ConductorLanesTest(base.TestCase):

    def test_a_conductor_skips_the_runs_of_a_full_lane(self):
        from heat_vision.tasks import conductor
        slow = ('cep:s1/cep', 2)
        jobs = [_Job('s1', slow), _Job('s2', slow), _Job('s3', slow),
                _Job('f1', ('cep:s2/cep', 2)), _Job('p1')]
        claimed = []
        board = _Board(jobs)
        view = conductor._Unclaimed(
            board, lambda: [job.details for job in claimed])
        # As the conductor does: each run is claimed before the next is
        # looked at.
        for job in view.iterjobs():
            claimed.append(job)
        self.assertEqual(['s1', 's2', 'f1', 'p1'],
                         [job.name for job in claimed])
        board.jobs = [jobs[2]]
        self.assertEqual([], list(view.iterjobs()))
        # Once a run of the lane ends, the one left is claimed.
        claimed.pop(0)
        self.assertEqual(['s3'], [job.name for job in view.iterjobs()])
