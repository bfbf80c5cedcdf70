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

import datetime
import time

from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.tasks import document
from tests import base


def _doc(**extra):
    doc = {'name': 'j', 'tasks': [{'name': 'a', 'action': 'noop'},
                                  {'name': 'b', 'action': 'sleep',
                                   'input': {'seconds': 1}}]}
    doc.update(extra)
    return doc


class DocumentTestCase(base.TestCase):

    def assertInvalid(self, path, text, doc):
        exc = self.assertRaises(exception.InvalidTaskDocument,
                                document.normalise, doc)
        self.assertEqual(path, exc.path)
        self.assertIn(text, str(exc))
        self.assertEqual(400, exc.code)


class NormaliseTest(DocumentTestCase):

    def test_defaults_and_line(self):
        doc = document.normalise(_doc())
        self.assertEqual('sequence', doc['kind'])
        self.assertEqual([[], ['a']], [t['requires'] for t in doc['tasks']])
        self.assertEqual({'count': 0, 'delay': 0}, doc['tasks'][0]['retry'])
        self.assertIsNone(doc['tasks'][0]['timeout'])

    def test_graph_when_any_requires(self):
        doc = _doc()
        doc['tasks'].append({'name': 'c', 'action': 'noop',
                             'requires': ['a']})
        doc = document.normalise(doc)
        self.assertEqual([[], [], ['a']],
                         [t['requires'] for t in doc['tasks']])

    def test_yaml_text(self):
        doc = document.normalise(
            'name: y\nkind: timed\nduration: 5\ntasks:\n'
            '  - {name: a, action: log, input: {message: hi}}\n')
        self.assertEqual('timed', doc['kind'])

    def test_not_yaml(self):
        self.assertInvalid(None, 'YAML', 'name: [')
        self.assertInvalid(None, 'mapping', '- a')

    def test_schema_paths(self):
        self.assertInvalid(None, "'tasks' is a required", {'name': 'x'})
        self.assertInvalid('tasks[1].retry.count', '-1',
                           _doc(tasks=[{'name': 'a', 'action': 'noop'},
                                       {'name': 'b', 'action': 'noop',
                                        'retry': {'count': -1}}]))

    def test_unknown_action(self):
        self.assertInvalid('tasks[0].action', 'unknown action "nope"',
                           _doc(tasks=[{'name': 'a', 'action': 'nope'}]))

    def test_plugin_input(self):
        self.assertInvalid('tasks[0].input.seconds', "'x' is not",
                           _doc(tasks=[{'name': 'a', 'action': 'sleep',
                                        'input': {'seconds': 'x'}}]))
        self.assertInvalid('tasks[0].input', "'url' is a required",
                           _doc(tasks=[{'name': 'a',
                                        'action': 'http.request'}]))

    def test_duplicate_name(self):
        self.assertInvalid('tasks[1].name', 'duplicate',
                           _doc(tasks=[{'name': 'a', 'action': 'noop'}] * 2))

    def test_requires(self):
        self.assertInvalid('tasks[0].requires[0]', 'unknown task "z"',
                           _doc(tasks=[{'name': 'a', 'action': 'noop',
                                        'requires': ['z']}]))
        self.assertInvalid('tasks[0].requires', 'a -> b -> a',
                           _doc(tasks=[{'name': 'a', 'action': 'noop',
                                        'requires': ['b']},
                                       {'name': 'b', 'action': 'noop',
                                        'requires': ['a']}]))

    def test_schedule_fields(self):
        self.assertInvalid('interval', 'not allowed in a sequence',
                           _doc(interval=3))
        self.assertInvalid('kind', 'interval or cron',
                           _doc(kind='persistent'))
        self.assertInvalid('kind', 'duration or end_time',
                           _doc(kind='timed'))
        self.assertInvalid('cron', 'cron', _doc(kind='persistent',
                                                cron='not a cron'))
        self.assertInvalid('end_time', '', _doc(kind='timed',
                                                end_time='tomorrow'))
        self.assertInvalid('duration', 'minimum', _doc(kind='timed',
                                                       duration=0))

    def test_max_tasks(self):
        self.flags(group='tasks', max_tasks=1)
        self.assertInvalid('tasks', 'at most 1', _doc())


class LimitsTest(DocumentTestCase):
    """Every number of a document has a range; text has the parser's
    limits.
    """

    def test_interval_range(self):
        for interval in (0, 0.5, 31536001, 1e308):
            self.assertInvalid('interval', 'between 1 and 31536000',
                               _doc(kind='persistent', interval=interval))
        self.flags(group='tasks', min_interval=0.1, max_interval=60)
        self.assertInvalid('interval', 'between 0.1 and 60 seconds, not 61',
                           _doc(kind='timed', interval=61, duration=100))
        doc = document.normalise(_doc(kind='persistent', interval=0.1))
        self.assertEqual(0.1, doc['interval'])

    def test_duration_range(self):
        self.assertInvalid('duration', 'between 0 and 2592000 seconds',
                           _doc(kind='timed', duration=1e308))
        self.flags(group='tasks', max_job_duration=60)
        self.assertInvalid('duration', 'not 61',
                           _doc(kind='timed', duration=61))

    def test_end_time_far_away(self):
        self.assertInvalid('end_time', 'at most 2592000 seconds from now',
                           _doc(kind='timed',
                                end_time='9999-12-31T23:59:59Z'))
        soon = (timeutils.utcnow() + datetime.timedelta(days=1))
        document.normalise(_doc(kind='timed',
                                end_time=soon.isoformat() + 'Z'))

    def test_cron_fields(self):
        cases = (('*/99999999999 * * * *', 'minute field allows numbers '
                  'up to 59, not 99999999999'),
                 ('0 24 * * *', 'hour field'),
                 ('* * * * * *', 'five fields'),
                 ('0 0 31 2 *', 'never matches'))
        for cron, text in cases:
            self.assertInvalid('cron', text,
                               _doc(kind='persistent', cron=cron))
        for cron in ('*/5 * * * *', '@hourly', '0 0 29 2 *'):
            document.normalise(_doc(kind='persistent', cron=cron))

    def test_task_timeout_and_retry_delay(self):
        self.assertInvalid('tasks[0].timeout', 'between 0 and 86400',
                           _doc(tasks=[{'name': 'a', 'action': 'noop',
                                        'timeout': 1e308}]))
        self.assertInvalid('tasks[0].retry.delay', 'between 0 and 3600',
                           _doc(tasks=[{'name': 'a', 'action': 'noop',
                                        'retry': {'count': 1,
                                                  'delay': 1e308}}]))

    def test_plugin_numbers(self):
        cases = (('sleep', {'seconds': 1e308}, 'seconds',
                  'between 0 and 86400'),
                 ('http.request', {'url': 'http://x', 'timeout': 1e308},
                  'timeout', 'greater than the maximum of 3600'),
                 ('stack.delete', {'stack': 's', 'poll': 1e308}, 'poll',
                  'greater than the maximum of 3600'),
                 ('stack.create', {'stack_name': 's', 'template': 't',
                                   'timeout_mins': 2 ** 63},
                  'timeout_mins', 'at most 10080 minutes'))
        for action, inputs, key, text in cases:
            self.assertInvalid(
                'tasks[0].input.' + key, text,
                _doc(tasks=[{'name': 'a', 'action': action,
                             'input': inputs}]))

    def test_not_finite_numbers(self):
        self.assertInvalid(None, 'tasks[0].timeout: nan is not a finite',
                           _doc(tasks=[{'name': 'a', 'action': 'noop',
                                        'timeout': float('nan')}]))
        self.assertInvalid(None, 'interval: inf is not a finite',
                           'name: j\nkind: persistent\ninterval: .inf\n'
                           'tasks: [{name: a, action: noop}]\n')

    def test_deep_documents(self):
        for depth in (150, 10000):
            deep = '[' * depth + ']' * depth
            self.assertInvalid(None, 'nests deeper than 100 levels',
                               '{"name": "j", "tasks": %s}' % deep)
            # libyaml itself stops at 1000 levels, with its own words.
            self.assertInvalid(None, 'Error parsing job document',
                               'name: j\ntasks: %s\n' % deep)
        self.assertInvalid(None, 'nesting deeper than 100 levels',
                           'name: j\ntasks: %s\n' % ('[' * 150 + ']' * 150))
        value = []
        for _ in range(200):
            value = [value]
        self.assertInvalid(None, 'the document nests deeper than 100',
                           _doc(tasks=[{'name': 'a', 'action': 'noop',
                                        'input': {'x': value}}]))

    def test_yaml_alias_bomb(self):
        lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]']
        for i in range(1, 10):
            lines.append('a%d: &a%d [%s]' % (i, i, ', '.join(
                ['*a%d' % (i - 1)] * 10)))
        text = '\n'.join(lines + ['name: j', 'tasks: *a9']) + '\n'
        start = time.monotonic()
        self.assertInvalid(None, 'expands to more than 100000 nodes', text)
        # Expanded, it would be 10^10 nodes: refused long before that
        # (a generous bound, for a busy machine).
        self.assertLess(time.monotonic() - start, 30)
