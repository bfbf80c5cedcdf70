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

from taskflow.patterns import linear_flow

from heat_vision.tasks import atoms
from heat_vision.tasks import constants as c
from heat_vision.tasks import document
from heat_vision.tasks import flows
from heat_vision.tasks import schedule
from tests import base


class FlowFactoryTest(base.TestCase):

    def _flow(self, **extra):
        doc = {'name': 'j', 'tasks': [
            {'name': 'a', 'action': 'noop'},
            {'name': 'b', 'action': 'noop', 'retry': {'count': 2,
                                                      'delay': 1}}]}
        doc.update(extra)
        return flows.job_run_flow('id', document.normalise(doc))

    def test_sequence(self):
        flow = self._flow()
        nodes = [node for node, _ in flow.iter_nodes()]
        self.assertEqual(2, len(nodes))
        self.assertIsInstance(nodes[0], atoms.PluginTask)
        self.assertIsInstance(nodes[1], linear_flow.Flow)
        self.assertIsInstance(nodes[1].retry, atoms.DelayedTimes)
        self.assertEqual([(nodes[0], nodes[1])],
                         [(u, v) for u, v, _ in flow.iter_links()])

    def test_scheduled_runs_wait_first(self):
        flow = self._flow(kind='persistent', interval=5)
        names = [getattr(node, 'name', None) for node, _ in
                 flow.iter_nodes()]
        self.assertIn(c.WAIT_ATOM, names)


class ScheduleTest(base.TestCase):

    def test_interval(self):
        doc = {'kind': 'persistent', 'interval': 10}
        self.assertEqual(110, schedule.next_start(doc, 100, now=105))
        self.assertEqual(130, schedule.next_start(doc, 100, now=130))

    def test_cron(self):
        doc = {'kind': 'persistent', 'cron': '*/5 * * * *'}
        self.assertEqual(600, schedule.next_start(doc, 0, now=300))

    def test_deadline(self):
        doc = {'kind': 'timed', 'duration': 60}
        now = schedule.from_epoch(1000)
        self.assertEqual(1060, schedule.to_epoch(
            schedule.deadline(doc, now)))
        self.assertIsNone(schedule.deadline({'kind': 'sequence'}))
        end = {'kind': 'timed', 'end_time': '1970-01-01T00:20:00Z'}
        self.assertEqual(1200, schedule.to_epoch(schedule.deadline(end)))
