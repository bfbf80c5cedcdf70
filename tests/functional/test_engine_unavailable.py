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

"""heat-vision-api with no broker, or no engine: 503 at once, then back.

A real heat-vision-api is started (a) on a RabbitMQ URL where nothing
listens: every request is answered 503 with Retry-After in a few
seconds, also twenty at a time (no WSGI thread waits on the broker);
(b) on the real RabbitMQ with no engine: 503 once the first ping has
gone unanswered, and 200 a few seconds after an engine starts.
"""

from concurrent import futures
import os
import time

import requests

from tests import backends
from tests import base
from tests.functional import processes

# Generous: a busy machine must not fail these.
FAST = 10


class EngineUnavailableTest(base.TestCase):

    TIMEOUT = 240

    def start_api(self, sections):
        self.port = processes.free_port()
        self.config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'), backends.merge_config({
                'DEFAULT': {'state_path': self.state_dir,
                            'rpc_response_timeout': 30},
                'api': {'bind_port': self.port,
                        'engine_check_interval': 1,
                        'engine_ping_timeout': 1,
                        'retry_after': 7}}, sections))
        api = self.useFixture(processes.Process(
            'heat-vision-api', ['--config-file', self.config],
            self.state_dir))
        api.attach_log_to(self)
        processes.wait_for_http('http://127.0.0.1:%d/' % self.port, api)
        return api

    def get_stacks(self):
        start = time.monotonic()
        response = requests.get(
            'http://127.0.0.1:%d/v1/demo/stacks' % self.port, timeout=60)
        return response, time.monotonic() - start

    def assertUnavailable(self, response, elapsed):
        self.assertEqual(503, response.status_code, response.text)
        self.assertEqual('7', response.headers.get('Retry-After'))
        error = response.json()['error']
        self.assertEqual('ServiceUnavailable', error['type'])
        self.assertIn('No heat-vision engine answered', error['message'])
        self.assertNotIn('guest', error['message'])
        self.assertLess(elapsed, FAST)

    def test_no_broker(self):
        dead = processes.free_port()
        self.start_api({'DEFAULT': {
            'transport_url': 'rabbit://guest:guest@127.0.0.1:%d/' % dead}})
        for _ in range(3):
            response, elapsed = self.get_stacks()
            self.assertUnavailable(response, elapsed)
            self.assertIn('rabbit://127.0.0.1:%d/' % dead,
                          response.json()['error']['message'])
        start = time.monotonic()
        with futures.ThreadPoolExecutor(20) as pool:
            answers = list(pool.map(lambda _: self.get_stacks(), range(20)))
        for response, elapsed in answers:
            self.assertUnavailable(response, elapsed)
        self.assertLess(time.monotonic() - start, FAST)

    def test_no_engine_then_an_engine(self):
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        self.start_api(backends.merge_config(
            {'database': {'connection': database.url}},
            backends.isolated_messaging()))
        # The first ping goes unanswered after engine_ping_timeout.
        deadline = time.monotonic() + FAST
        while True:
            response, elapsed = self.get_stacks()
            if response.status_code == 503 or time.monotonic() > deadline:
                break
        self.assertUnavailable(response, elapsed)
        response, elapsed = self.get_stacks()
        self.assertUnavailable(response, elapsed)

        engine = self.useFixture(processes.Process(
            'heat-vision-engine', ['--config-file', self.config],
            self.state_dir))
        engine.attach_log_to(self)
        processes.wait_for_log(engine, processes.ENGINE_READY)
        ready = time.monotonic()
        while True:
            response, elapsed = self.get_stacks()
            if response.status_code == 200:
                break
            self.assertUnavailable(response, elapsed)
            self.assertLess(time.monotonic() - ready, 30)
            time.sleep(0.2)
        self.assertEqual([], response.json()['stacks'])
