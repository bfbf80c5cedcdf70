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

"""Hostile request bodies and numbers against a real heat-vision-all.

Each is refused with a 4xx naming what is wrong, within a second, and
the service stays healthy (``SecurityTestCase.assertRefused``).
"""

import time

from tests.functional.compat import base as compat_base
from tests.functional.security import base
from tests import waiting

DEEP = '[' * 10000 + ']' * 10000
JSON = {'Content-Type': 'application/json'}


def job(**extra):
    doc = {'name': 'j', 'tasks': [{'name': 'a', 'action': 'noop'}]}
    doc.update(extra)
    return {'job': doc}


def alias_bomb():
    lines = ['a0: &a0 [x, x, x, x, x, x, x, x, x, x]']
    for i in range(1, 12):
        lines.append('a%d: &a%d [%s]' % (i, i, ', '.join(
            ['*a%d' % (i - 1)] * 10)))
    return '\n'.join(lines + ['name: j', 'tasks: *a11']) + '\n'


class DeepBodyTest(base.SecurityTestCase):

    def test_deep_stack_fields(self):
        for key in ('template', 'parameters', 'environment', 'files'):
            data = '{"stack_name": "s", "%s": {"a": %s}}' % (key, DEEP)
            self.assertRefused('POST', '/stacks', status=400, data=data,
                               headers=JSON,
                               mentions='nests deeper than 128 levels')

    def test_deep_task_documents(self):
        for text in ('{"name": "j", "tasks": %s}' % DEEP,
                     'name: j\ntasks: %s\n' % DEEP):
            self.assertRefused('POST', '/tasks', status=400,
                               json={'job': text},
                               mentions='Error parsing job document')
        data = '{"job": {"name": "j", "tasks": %s}}' % DEEP
        self.assertRefused('POST', '/tasks', status=400, data=data,
                           headers=JSON, mentions='nests deeper')

    def test_yaml_alias_bomb_task_document(self):
        self.assertRefused('POST', '/tasks', status=400,
                           json={'job': alias_bomb()},
                           mentions='expands to more than')


class EncodingTest(base.SecurityTestCase):

    def test_invalid_utf8(self):
        for data, byte in ((b'{"stack_name": "\xff"}', 16),
                           (b'\xc3(', 0)):
            self.assertRefused('POST', '/stacks', status=400, data=data,
                               headers=JSON,
                               mentions='not valid UTF-8 at byte %d' % byte)

    def test_wrong_content_types(self):
        for content_type in ('text/plain', 'application/xml',
                             'application/x-www-form-urlencoded'):
            self.assertRefused('POST', '/stacks', status=415,
                               data='{"stack_name": "s"}',
                               headers={'Content-Type': content_type},
                               mentions='send application/json')
        self.assertRefused('POST', '/tasks', status=415,
                           data='name: j', mentions='text/plain',
                           headers={'Content-Type': 'text/plain'})

    def test_nan_and_infinity(self):
        for number in ('NaN', 'Infinity', '-Infinity'):
            self.assertRefused(
                'POST', '/stacks', status=400, headers=JSON,
                data='{"stack_name": "s", "timeout_mins": %s}' % number,
                mentions='is not a JSON number')


class NumberRangeTest(base.SecurityTestCase):

    def test_timeout_mins(self):
        for value in (2 ** 63, 10 ** 18, 0):
            self.assertRefused(
                'POST', '/stacks', status=400,
                json={'stack_name': self.unique(),
                      'template': compat_base.TEMPLATE,
                      'timeout_mins': value},
                mentions='timeout_mins must be an integer from 1 to 10080')

    def test_huge_limits_are_lowered(self):
        for path in ('/stacks', '/tasks', '/software_configs'):
            response = self.request('GET', path,
                                    params={'limit': 10 ** 30})
            self.assertEqual(200, response.status_code, response.text)
        self.assertRefused('GET', '/stacks', status=400,
                           params={'limit': '9' * 5000}, mentions='limit')

    def test_job_numbers(self):
        cases = (
            (job(kind='timed', duration=1e308), 'duration'),
            (job(kind='persistent', interval=1e308), 'interval'),
            (job(kind='persistent', interval=0), 'interval'),
            (job(kind='persistent', cron='*/99999999999 * * * *'), 'cron'),
            (job(kind='timed', end_time='9999-12-31T00:00:00Z'),
             'end_time'),
            (job(tasks=[{'name': 'a', 'action': 'sleep',
                         'input': {'seconds': 1e308}}]),
             'tasks[0].input.seconds'),
            (job(tasks=[{'name': 'a', 'action': 'noop',
                         'timeout': 1e308}]), 'tasks[0].timeout'),
            (job(tasks=[{'name': 'a', 'action': 'noop',
                         'retry': {'count': 1, 'delay': 1e308}}]),
             'tasks[0].retry.delay'))
        for body, path in cases:
            self.assertRefused('POST', '/tasks', status=400, json=body,
                               mentions=path + ':')

    def test_persistent_job_cancels_promptly(self):
        response = self.request('POST', '/tasks', json=job(
            kind='persistent', interval=31536000))
        self.assertEqual(201, response.status_code, response.text)
        job_id = response.json()['job']['id']

        def ran():
            return self.request('GET', '/tasks/' + job_id).json()[
                'job']['runs'] >= 1
        waiting.wait_until(ran, timeout=30)
        started = time.monotonic()
        response = self.request('POST', '/tasks/%s/cancel' % job_id)
        self.assertEqual(202, response.status_code, response.text)

        def cancelled():
            status = self.request('GET', '/tasks/' + job_id).json()[
                'job']['status']
            return status if status == 'CANCELLED' else None
        waiting.wait_until(cancelled, timeout=30, interval=0.05)
        self.assertLess(time.monotonic() - started, 10)
        self.assertServiceHealthy()
