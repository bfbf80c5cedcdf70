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

"""Fixed-rate and fixed-delay spacing of interval jobs' runs."""

from heat_vision.common import exception
from heat_vision.tasks import document
from heat_vision.tasks import schedule
from tests.component.tasks import base

RATE = {'kind': 'persistent', 'interval': 2, 'schedule': 'fixed-rate'}
DELAY = {'kind': 'persistent', 'interval': 2, 'schedule': 'fixed-delay'}


class NextStartTest(base.TestCase):

    def test_fixed_rate_keeps_the_grid(self):
        # A quick run: the next slot.
        self.assertEqual(102, schedule.next_start(RATE, 100, now=100.3))
        # A run that ended exactly on the next slot starts it.
        self.assertEqual(102, schedule.next_start(RATE, 100, now=102))

    def test_fixed_rate_skips_the_slots_a_slow_run_missed(self):
        # Ran 100 -> 105.5: slots 102 and 104 are gone, never caught up.
        self.assertEqual(106, schedule.next_start(RATE, 100, now=105.5))

    def test_fixed_delay_waits_the_interval_after_the_end(self):
        self.assertEqual(107.5, schedule.next_start(DELAY, 100, now=105.5))
        self.assertEqual(102.3, schedule.next_start(DELAY, 100, now=100.3))

    def test_documents_from_before_the_option_are_fixed_rate(self):
        old = {'kind': 'persistent', 'interval': 2}
        self.assertEqual(106, schedule.next_start(old, 100, now=105.5))

    def test_no_interval_runs_back_to_back(self):
        timed = {'kind': 'timed', 'duration': 10}
        self.assertEqual(100.7, schedule.next_start(timed, 100, now=100.7))


class ScheduleDocumentTest(base.TestCase):

    def _doc(self, **extra):
        return dict({'name': 'j', 'tasks': [{'name': 'a', 'action': 'noop'}]},
                    **extra)

    def test_defaults_to_fixed_rate(self):
        doc = document.normalise(self._doc(kind='persistent', interval=5))
        self.assertEqual('fixed-rate', doc['schedule'])
        self.assertNotIn('schedule', document.normalise(self._doc()))

    def test_fixed_delay(self):
        doc = document.normalise(self._doc(kind='timed', interval=5,
                                           duration=60,
                                           schedule='fixed-delay'))
        self.assertEqual('fixed-delay', doc['schedule'])

    def test_errors_name_schedule(self):
        for extra in ({'kind': 'persistent', 'interval': 5,
                       'schedule': 'sometimes'},
                      {'kind': 'persistent', 'cron': '* * * * *',
                       'schedule': 'fixed-delay'},
                      {'schedule': 'fixed-rate'}):
            error = self.assertRaises(exception.InvalidTaskDocument,
                                      document.normalise, self._doc(**extra))
            self.assertTrue(str(error).startswith('schedule: '), error)


class TimedJobEndTest(base.TestCase):

    def test_ends_when_no_further_run_fits(self):
        self.start_service()
        job = self.client.create_job(self.ctx, {
            'name': 't', 'kind': 'timed', 'duration': 5, 'interval': 3,
            'tasks': [{'name': 'a', 'action': 'noop'}]})
        job = self.wait_job(job['id'], timeout=30)
        # Runs at 0 s and 3 s; one at 6 s would be past the deadline.
        self.assertEqual(
            ('COMPLETE', 'no further run fits before the deadline', 2, 0),
            (job['status'], job['status_reason'], job['runs'],
             job['failures']))
        self.assertLess(job['ended_at'], job['deadline'])
        runs = self.client.list_runs(self.ctx, job['id'])
        self.assertEqual(['SUCCEEDED'] * 2, [r['status'] for r in runs])
