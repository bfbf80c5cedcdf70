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

import io
import os

from heat_vision.cli import http
from heat_vision.cli import progress
from tests.component.cli import fakes
from tests import templates

TEMPLATE = templates.VERSION_ONLY


class FakeClock:

    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now

    def sleep(self, seconds):
        self.now += 1.5


class TestStackWaiter(fakes.CLITestCase):

    def waiter(self, action='CREATE', **kw):
        clock = FakeClock()
        self.out = io.StringIO()
        return progress.StackWaiter(
            http.HeatClient(self.heat.url), {'stack_name': 'web',
                                             'id': '1111'},
            action, out=self.out, clock=clock, sleep=clock.sleep, **kw)

    def serve(self, stacks, resources, events=()):
        self.heat.add('GET', 'stacks/1111', (302, None, {
            'Location': self.heat.url + '/stacks/web/1111'}))
        self.heat.add('GET', 'stacks/web/1111',
                      *[(200, {'stack': s}) for s in stacks])
        self.heat.add('GET', 'stacks/web/1111/resources',
                      *[(200, {'resources': r}) for r in resources])
        self.heat.add('GET', 'stacks/web/1111/events',
                      *[(200, {'events': e}) for e in events or [[]]])

    def test_progress_counts_and_elapsed_time(self):
        self.serve(
            [fakes.stack(stack_status='CREATE_IN_PROGRESS'),
             fakes.stack()],
            [[fakes.resource('a'), fakes.resource(
                'b', 'CREATE_IN_PROGRESS')],
             [fakes.resource('a'), fakes.resource('b')]],
            [[fakes.event('e1', 'a', 'CREATE_COMPLETE')],
             [fakes.event('e2', 'b', 'CREATE_COMPLETE')]])
        stack = self.waiter().wait()
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        lines = self.out.getvalue().splitlines()
        self.assertEqual('[   0.0s] 1/2 a CREATE_COMPLETE state changed',
                         lines[0])
        self.assertEqual('[   1.5s] 2/2 b CREATE_COMPLETE state changed',
                         lines[1])
        self.assertEqual('[   1.5s] Stack web CREATE_COMPLETE (2/2 '
                         'resources)', lines[2])
        second = self.heat.calls('GET', 'stacks/web/1111/events')[1]
        self.assertEqual(['e1'], second.query['marker'])
        self.assertEqual(['asc'], second.query['sort_dir'])

    def serve_finishing_while_reading_events(self):
        """A stack that ends while the client reads its first events.

        The server's state moves on at the first events read: the stack
        is complete from then on, with two more resource events.
        """
        state = {'ended': False}
        first = [fakes.event('e1', 'web', 'CREATE_IN_PROGRESS'),
                 fakes.event('e2', 'a', 'CREATE_IN_PROGRESS')]
        rest = [fakes.event('e3', 'a', 'CREATE_COMPLETE'),
                fakes.event('e4', 'b', 'CREATE_IN_PROGRESS'),
                fakes.event('e5', 'b', 'CREATE_COMPLETE'),
                fakes.event('e6', 'web', 'CREATE_COMPLETE')]

        def events(request):
            marker = request.query.get('marker', [None])[0]
            if not state['ended']:
                state['ended'] = True
                return 200, {'events': first}
            every = first + rest
            ids = [e['id'] for e in every]
            start = ids.index(marker) + 1 if marker in ids else 0
            return 200, {'events': every[start:]}

        def resources(request):
            status = ('CREATE_COMPLETE' if state['ended']
                      else 'CREATE_IN_PROGRESS')
            return 200, {'resources': [fakes.resource('a', status),
                                       fakes.resource('b', status)]}

        def show(request):
            status = ('CREATE_COMPLETE' if state['ended']
                      else 'CREATE_IN_PROGRESS')
            return 200, {'stack': fakes.stack(stack_status=status)}

        self.heat.add('GET', 'stacks/1111', (302, None, {
            'Location': self.heat.url + '/stacks/web/1111'}))
        self.heat.add('GET', 'stacks/web/1111', show)
        self.heat.add('GET', 'stacks/web/1111/resources', resources)
        self.heat.add('GET', 'stacks/web/1111/events', events)

    def test_stack_ending_between_reads_shows_every_event_and_count(self):
        self.serve_finishing_while_reading_events()
        stack = self.waiter().wait()
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'])
        self.assertEqual(
            ['0/2 web CREATE_IN_PROGRESS state changed',
             '0/2 a CREATE_IN_PROGRESS state changed',
             '1/2 a CREATE_COMPLETE state changed',
             '1/2 b CREATE_IN_PROGRESS state changed',
             '2/2 b CREATE_COMPLETE state changed',
             '2/2 web CREATE_COMPLETE state changed',
             'Stack web CREATE_COMPLETE (2/2 resources)'],
            [line.split('] ', 1)[1]
             for line in self.out.getvalue().splitlines()])

    def test_stack_complete_at_the_first_poll_counts_its_resources(self):
        self.serve([fakes.stack()], [[fakes.resource('a'),
                                      fakes.resource('b')]],
                   [[fakes.event('e1', 'a', 'CREATE_IN_PROGRESS'),
                     fakes.event('e2', 'a', 'CREATE_COMPLETE'),
                     fakes.event('e3', 'b', 'CREATE_COMPLETE')]])
        self.waiter().wait()
        self.assertEqual(
            ['0/2 a CREATE_IN_PROGRESS state changed',
             '1/2 a CREATE_COMPLETE state changed',
             '2/2 b CREATE_COMPLETE state changed',
             'Stack web CREATE_COMPLETE (2/2 resources)'],
            [line.split('] ', 1)[1]
             for line in self.out.getvalue().splitlines()])

    def test_stack_event_of_the_end_is_read_again_at_once(self):
        self.serve([fakes.stack(stack_status='CREATE_IN_PROGRESS'),
                    fakes.stack()], [[fakes.resource('a')]],
                   [[fakes.event('e1', 'a', 'CREATE_COMPLETE'),
                     fakes.event('e2', 'web', 'CREATE_COMPLETE')], []])
        self.waiter().wait()
        self.assertEqual('[   0.0s] Stack web CREATE_COMPLETE (1/1 '
                         'resources)', self.out.getvalue().splitlines()[-1])

    def test_old_final_status_does_not_end_an_update(self):
        old = fakes.stack(stack_status='UPDATE_COMPLETE',
                          updated_time='t1')
        new = fakes.stack(stack_status='UPDATE_COMPLETE',
                          updated_time='t2')
        self.serve([old, new], [[]])
        stack = self.waiter('UPDATE', baseline=('UPDATE_COMPLETE',
                                                't1')).wait()
        self.assertEqual('t2', stack['updated_time'])

    def test_server_without_events_or_resources_still_waits(self):
        self.serve([fakes.stack(stack_status='CREATE_IN_PROGRESS'),
                    fakes.stack()], [[]])
        for feed in ('events', 'resources'):
            self.heat.add('GET', 'stacks/web/1111/' + feed, fakes.heat_error(
                400, 'HTTPBadRequest', 'no such route'))
        self.assertEqual('CREATE_COMPLETE',
                         self.waiter().wait()['stack_status'])
        self.assertEqual(1, len(self.heat.calls(
            'GET', 'stacks/web/1111/events')))
        self.assertEqual(
            ['[   0.0s] Stack web CREATE_IN_PROGRESS (0/0 resources)',
             '[   1.5s] Stack web CREATE_COMPLETE (0/0 resources)'],
            self.out.getvalue().splitlines())

    def lines(self):
        return [line.split('] ', 1)[1]
                for line in self.out.getvalue().splitlines()]

    def test_many_events_of_a_poll_are_one_line(self):
        names = ['r%03d' % i for i in range(500)]
        started = [fakes.event('s%d' % i, name, 'CREATE_IN_PROGRESS')
                   for i, name in enumerate(names)]
        done = [fakes.event('d%d' % i, name, 'CREATE_COMPLETE')
                for i, name in enumerate(names)]
        failed = fakes.event('f', 'r250', 'CREATE_FAILED', 'boom')
        self.serve(
            [fakes.stack(stack_status='CREATE_IN_PROGRESS'),
             fakes.stack(stack_status='CREATE_IN_PROGRESS'),
             fakes.stack(stack_status='CREATE_FAILED')],
            [[fakes.resource(name) for name in names]],
            [[fakes.event('e0', 'web', 'CREATE_IN_PROGRESS')] + started +
             done[:250],
             [failed] + done[251:] +
             [fakes.event('e1', 'web', 'CREATE_FAILED', 'failed')],
             []])
        self.assertRaises(http.CLIError, self.waiter().wait)
        self.assertEqual(
            ['0/500 web CREATE_IN_PROGRESS state changed',
             '250/500 750 resource events: 250 CREATE_COMPLETE, '
             '500 CREATE_IN_PROGRESS',
             '250/500 r250 CREATE_FAILED boom',
             '499/500 249 resource events: 249 CREATE_COMPLETE',
             '499/500 web CREATE_FAILED failed',
             'Stack web CREATE_FAILED (500/500 resources)'],
            self.lines())

    def test_a_few_events_of_a_poll_are_a_line_each(self):
        names = ['r%d' % i for i in range(progress.MAX_EVENT_LINES)]
        self.serve([fakes.stack()],
                   [[fakes.resource(name) for name in names]],
                   [[fakes.event(name, name, 'CREATE_COMPLETE')
                     for name in names]])
        self.waiter().wait()
        self.assertEqual(progress.MAX_EVENT_LINES + 1, len(self.lines()))

    def test_a_quiet_wait_says_it_goes_on(self):
        # Nothing moves for 20 polls of 1.5 s (an engine taking over).
        self.serve([fakes.stack(stack_status='CREATE_IN_PROGRESS')] * 20 +
                   [fakes.stack()],
                   [[fakes.resource('a', 'CREATE_IN_PROGRESS')]],
                   [[fakes.event('e1', 'a', 'CREATE_IN_PROGRESS')], []])
        self.waiter().wait()
        self.assertEqual(
            ['[   0.0s] 0/1 a CREATE_IN_PROGRESS state changed',
             '[  15.0s] Stack web CREATE_IN_PROGRESS (0/1 resources), '
             'nothing new for 15s',
             '[  30.0s] Stack web CREATE_COMPLETE (0/1 resources)'],
            self.out.getvalue().splitlines())

    def test_no_engine_answering_does_not_end_the_wait(self):
        unavailable = fakes.heat_error(503, 'ServiceUnavailable',
                                       'No heat-vision engine answered.')
        self.heat.add('GET', 'stacks/1111', (302, None, {
            'Location': self.heat.url + '/stacks/web/1111'}))
        self.heat.add('GET', 'stacks/web/1111', *(
            [unavailable] * 12 + [(200, {'stack': fakes.stack()})]))
        self.heat.add('GET', 'stacks/web/1111/resources',
                      (200, {'resources': [fakes.resource('a')]}))
        self.heat.add('GET', 'stacks/web/1111/events', (200, {'events': []}))
        self.assertEqual('CREATE_COMPLETE',
                         self.waiter().wait()['stack_status'])
        self.assertEqual(
            ['[  15.0s] Stack web status unknown (0/0 resources), nothing '
             'new for 15s: ServiceUnavailable (HTTP 503): No heat-vision '
             'engine answered.',
             '[  18.0s] Stack web CREATE_COMPLETE (1/1 resources)'],
            self.out.getvalue().splitlines())

    def test_rollback_is_a_failure_of_the_create(self):
        self.serve([fakes.stack(stack_status='ROLLBACK_COMPLETE',
                                stack_status_reason='rolled back')], [[]])
        error = self.assertRaises(http.CLIError, self.waiter().wait)
        self.assertIn('Stack web ROLLBACK_COMPLETE', str(error))


class TestCreateWait(fakes.CLITestCase):

    def setUp(self):
        super().setUp()
        self.template = os.path.join(self.state_dir, 't.yaml')
        with open(self.template, 'w') as handle:
            handle.write(TEMPLATE)
        self.heat.add('POST', 'stacks', (201, {'stack': {'id': '1111'}}))
        self.heat.add('GET', 'stacks/web/1111/events', (200, {'events': [
            fakes.event('e1', 'a', 'CREATE_FAILED', 'boom')]}))

    def test_success_ends_with_the_outputs(self):
        outputs = [{'output_key': 'url', 'output_value': 'http://x'},
                   {'output_key': 'bad', 'output_value': None,
                    'output_error': 'no attribute'}]
        self.heat.add_stack(fakes.stack(outputs=outputs))
        self.heat.add('GET', 'stacks/web/1111/resources', (200, {
            'resources': [fakes.resource('a')]}))
        status, out, err = self.run_cli(
            'stack', 'create', 'web', '-t', self.template, '--wait',
            '--poll', '0', '-f', 'json')
        self.assertEqual(0, status, err)
        self.assertEqual('{\n  "bad": "ERROR: no attribute",\n  "url": '
                         '"http://x"\n}\n', out)
        self.assertIn('Stack web CREATE_COMPLETE (1/1 resources)', err)

    def test_failure_follows_nested_stacks_to_the_root_cause(self):
        self.heat.add_stack(fakes.stack(stack_status='CREATE_FAILED'))
        self.heat.add_stack(fakes.stack('web-group-x', '2222',
                                        'CREATE_FAILED'))
        self.heat.add('GET', 'stacks/web/1111/resources', (200, {
            'resources': [
                fakes.resource('ok'),
                fakes.resource('group', 'CREATE_FAILED', nested='x/2222',
                               physical_id='2222', reason='nested failed',
                               rtype='OS::Heat::ResourceGroup')]}))
        self.heat.add('GET', 'stacks/web-group-x/2222/resources', (200, {
            'resources': [fakes.resource('0', 'CREATE_FAILED',
                                         reason='Error: quota exceeded')]}))
        status, out, err = self.run_cli(
            'stack', 'create', 'web', '-t', self.template, '--wait',
            '--poll', '0')
        self.assertEqual(1, status)
        self.assertEqual('', out)
        self.assertIn('Stack web CREATE_FAILED\n  web.group.0: '
                      'CREATE_FAILED: Error: quota exceeded', err)
        self.assertNotIn('nested failed', err)

        failures = self.run_json('stack', 'failures', 'list', 'web')
        self.assertEqual([{'Resource': 'web.group.0',
                           'Type': 'OS::Heat::None',
                           'Status': 'CREATE_FAILED',
                           'Reason': 'Error: quota exceeded'}], failures)

    def test_failure_without_failed_resource_gives_stack_reason(self):
        self.heat.add_stack(fakes.stack(stack_status='CREATE_FAILED',
                                        stack_status_reason='Timed out'))
        self.heat.add('GET', 'stacks/web/1111/resources',
                      (200, {'resources': []}))
        status, _out, err = self.run_cli(
            'stack', 'create', 'web', '-t', self.template, '--wait',
            '--poll', '0')
        self.assertEqual(1, status)
        self.assertIn('web: CREATE_FAILED: Timed out', err)
