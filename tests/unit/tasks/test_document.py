from heat_vision.common import exception
from heat_vision.tasks import document
from tests import base


def _doc(**extra):
    doc = {'name': 'j', 'tasks': [{'name': 'a', 'action': 'noop'},
                                  {'name': 'b', 'action': 'sleep',
                                   'input': {'seconds': 1}}]}
    doc.update(extra)
    return doc


class NormaliseTest(base.TestCase):

    def assertInvalid(self, path, text, doc):
        exc = self.assertRaises(exception.InvalidTaskDocument,
                                document.normalise, doc)
        self.assertEqual(path, exc.path)
        self.assertIn(text, str(exc))
        self.assertEqual(400, exc.code)

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
