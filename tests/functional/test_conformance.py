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

"""The conformance cases: heat-vision answers as OpenStack Heat did.

tests/conformance_cases holds templates with the results Heat 27 gave;
each is replayed here against a ``heat-vision-all``, as the cases'
README describes: an ``inv_*`` case is sent to ``POST /validate`` and
``POST /stacks`` and must fail with Heat's HTTP status and a message;
any other is created, waited for, compared (final status and outputs,
``output_patterns`` as regular expressions) and deleted.
"""

import json
import os
import re
import time

import requests

from tests import base
from tests import conformance_cases
from tests.functional import processes

TIMEOUT = 300
POLL = 0.2


class ConformanceTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.port = processes.free_port()
        config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'),
            {'DEFAULT': {'state_path': self.state_dir},
             'api': {'bind_port': self.port}})
        server = self.useFixture(processes.Process(
            'heat-vision-all', ['--config-file', config], self.state_dir))
        server.attach_log_to(self)
        processes.wait_for_http('http://127.0.0.1:%d/' % self.port, server)
        self.endpoint = 'http://127.0.0.1:%d/v1/conformance' % self.port
        self.session = requests.Session()
        self.addCleanup(self.session.close)

    def request(self, method, path, body=None):
        response = self.session.request(
            method, self.endpoint + path, json=body, timeout=120,
            headers={'X-Auth-Token': 'x', 'Accept': 'application/json'})
        try:
            return response.status_code, response.json()
        except ValueError:
            return response.status_code, response.text

    def wait(self, path, done):
        """Poll ``path`` until ``done(status, body)``; its last answer."""
        deadline = time.monotonic() + TIMEOUT
        while True:
            status, body = self.request('GET', path)
            if done(status, body):
                return status, body
            if time.monotonic() > deadline:
                self.fail('%s still %s %s after %ss'
                          % (path, status, body, TIMEOUT))
            time.sleep(POLL)

    def check_invalid(self, name, body, expected):
        for phase, path in (('validate', '/validate'),
                            ('create', '/stacks')):
            status, answer = self.request('POST', path, body)
            self.assertEqual(expected[phase]['http_status'], status,
                             '%s %s: %s' % (name, phase, answer))
            if expected[phase].get('error_message'):
                self.assertTrue(answer['error']['message'],
                                '%s %s: %s' % (name, phase, answer))

    def check_stack(self, name, body, expected):
        status, answer = self.request('POST', '/stacks', body)
        self.assertEqual(201, status, '%s: %s' % (name, answer))
        path = '/stacks/%s/%s' % (body['stack_name'], answer['stack']['id'])
        _status, shown = self.wait(path, lambda status, body: (
            status != 200 or not body['stack']['stack_status'].endswith(
                '_IN_PROGRESS')))
        stack = shown['stack']
        self.assertEqual(expected['status'], stack['stack_status'],
                         '%s: %s' % (name, stack['stack_status_reason']))
        outputs = {o['output_key']: o.get('output_value')
                   for o in stack.get('outputs') or ()}
        self.assertEqual(sorted(expected.get('outputs', {})),
                         sorted(outputs), name)
        patterns = expected.get('output_patterns', {})
        for key, value in outputs.items():
            if key in patterns:
                self.assertTrue(re.fullmatch(patterns[key],
                                             json.dumps(value)),
                                '%s %s: %r' % (name, key, value))
            else:
                self.assertEqual(expected['outputs'][key], value,
                                 '%s %s' % (name, key))
        self.request('DELETE', path)
        self.wait(path, lambda status, body: status == 404 or (
            body['stack']['stack_status'] in ('DELETE_COMPLETE',
                                              'DELETE_FAILED')))

    def test_every_case_matches_heat(self):
        names = conformance_cases.names()
        self.assertTrue(names)
        for name in names:
            text, env_text, expected = conformance_cases.load(name)
            body = {'stack_name': 'golden_' + name, 'template': text,
                    'environment': conformance_cases.environment(env_text)}
            if name.startswith('inv_'):
                self.check_invalid(name, body, expected)
            else:
                self.check_stack(name, body, expected)
