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

"""The sample CEPs' console scripts, run as real processes."""

import json
import os
import subprocess

import requests

from heat_vision.cep import signature
from tests import base
from tests.functional import processes

SECRET = 'console-test-secret-0123456789'


class SampleCepConsoleTest(base.TestCase):

    def start(self, name, *args):
        secret_file = os.path.join(self.state_dir, 'secret')
        with open(secret_file, 'w') as f:
            f.write(SECRET + '\n')
        port = processes.free_port()
        process = self.useFixture(processes.Process(
            name, ['--port', str(port), '--secret-file', secret_file,
                   '--state-dir', os.path.join(self.state_dir, 'cep')] +
            list(args), self.state_dir))
        process.attach_log_to(self)
        processes.wait_for_log(process, 'listening on')
        self.process = process
        return 'http://127.0.0.1:%d/' % port

    def post(self, url, body, signed=True):
        raw = json.dumps(body).encode()
        headers = {'Content-Type': 'application/json'}
        if signed:
            headers.update(signature.sign(SECRET, raw))
        return requests.post(url, data=raw, headers=headers, timeout=30)

    def test_eca_refuses_unsigned_and_decides_signed(self):
        url = self.start('heat-vision-cep-eca', '--interval-minutes', '1')
        dispatch = {'alarm': {'current': 'insufficient data'},
                    'groups': {}, 'actions': {'policies': {}}}
        response = self.post(url, dispatch, signed=False)
        self.assertEqual(401, response.status_code)
        self.assertEqual('unsigned request', response.json()['error'])
        response = self.post(url, dispatch)
        self.assertEqual(202, response.status_code, response.text)
        self.assertEqual([], response.json()['calls'])

    def test_a_replay_is_refused_after_a_restart(self):
        url = self.start('heat-vision-cep-eca')
        raw = json.dumps({'alarm': {'current': 'ok'}, 'groups': {},
                          'actions': {'policies': {}}}).encode()
        headers = dict(signature.sign(SECRET, raw),
                       **{'Content-Type': 'application/json'})
        response = requests.post(url, data=raw, headers=headers,
                                 timeout=30)
        self.assertEqual(202, response.status_code, response.text)
        self.process.stop()
        url = self.start('heat-vision-cep-eca')
        response = requests.post(url, data=raw, headers=headers,
                                 timeout=30)
        self.assertEqual(409, response.status_code, response.text)

    def test_mape_plans_from_a_signed_dispatch(self):
        url = self.start('heat-vision-cep-mape', '--target', '0.5')
        dispatch = {
            'alarm': {'current': 'alarm',
                      'reason_data': {'most_recent': 1.0}},
            'groups': {'g': {'size': 2, 'min_size': 1, 'max_size': 9}},
            # Nothing listens on port 9: the call fails after the answer.
            'actions': {'policies': {'p': {
                'url': 'http://127.0.0.1:9/', 'group': 'g',
                'adjustment_type': 'exact_capacity'}}}}
        response = self.post(url, dispatch)
        self.assertEqual(202, response.status_code, response.text)
        self.assertEqual(4, response.json()['calls'][0]['body']['capacity'])

    def test_no_secret_no_service(self):
        result = subprocess.run(
            [processes.script('heat-vision-cep-eca'), '--port', '0'],
            capture_output=True, text=True, timeout=60,
            env={k: v for k, v in os.environ.items()
                 if k != 'HEAT_VISION_CEP_SECRET'})
        self.assertNotEqual(0, result.returncode)
        self.assertIn('no shared secret', result.stderr)
