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

"""An engine finishing a dead engine's create acts with the stack's trust.

Keystone (tokens of ``TOKEN_LIFE`` seconds, on MariaDB), then the API
and two engines over RabbitMQ on MariaDB, behind it. A member creates a
stack whose first resource takes longer than the member's token lives
(``HeatVision::Test::Ledger``) and whose second asks Keystone, through
the stack's clients layer, whom it acts as
(``HeatVision::Test::Identity``). The engine doing the create is killed
during the first: the other takes the create over, with no token of the
member's (the request that carried one is gone), and creates the
second with a token of the stack's trust, which Keystone says is
trust-scoped, of the member. The trust is gone after the delete.
"""

import os
import signal

import requests

from tests import backends
from tests import base
from tests.cloud.auth import base as auth_base
from tests.cloud import keystone_service as ks
from tests.functional import processes
from tests import waiting

TOKEN_LIFE = 30


def _template(directory):
    return {
        'heat_template_version': '2021-04-16',
        'resources': {
            'slow': {'type': 'HeatVision::Test::Ledger', 'properties': {
                'directory': directory, 'seconds': TOKEN_LIFE + 10}},
            'who': {'type': 'HeatVision::Test::Identity',
                    'depends_on': 'slow'}},
        'outputs': {'seen': {'value': {'get_attr': ['who', 'seen']}}}}


class TakeOverTrustTest(base.TestCase):

    TIMEOUT = 600

    def setUp(self):
        super().setUp()
        backends.require(self, 'rabbitmq')
        backends.require(self, 'mysql')
        self.keystone = self.useFixture(ks.KeystoneService(
            TOKEN_LIFE, database='mysql'))
        database = self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True))
        self.ledger = os.path.join(self.state_dir, 'ledger')
        os.mkdir(self.ledger)
        port = processes.free_port()
        extra = backends.merge_config(
            auth_base.trusts_config(self.keystone.url), {
                'DEFAULT': {'state_path': self.state_dir,
                            'report_interval': 1, 'service_down_time': 4,
                            'enable_test_resource_types': True,
                            'auth_encryption_key': 'test-key',
                            # A fresh engine's first create (its
                            # plugins load on first use, the trust is
                            # made in Keystone) took over 10 s at load
                            # 10.
                            'rpc_response_timeout': 60},
                'clients': {'auth_mode': 'keystone_token',
                            'auth_url': self.keystone.url},
                'database': {'connection': database.url},
                'api': {'bind_port': port}},
            backends.isolated_messaging())
        self.config = processes.write_config(
            os.path.join(self.state_dir, 'hv.conf'),
            auth_base.heat_vision_config(self.keystone.url, extra))
        self.engines = {}
        for i in range(2):
            self._start_engine('engine-%d' % i)
        api = self.useFixture(processes.Process(
            'heat-vision-api', ['--config-file', self.config],
            self.state_dir))
        api.attach_log_to(self)
        self.root = 'http://127.0.0.1:%d' % port
        processes.wait_for_http(self.root + '/', api)
        for engine in self.engines.values():
            processes.wait_for_log(engine, processes.ENGINE_READY)
        self._wait(lambda: len(self._services()) == 2)

    def _services(self):
        response = requests.get(
            '%s/v1/%s/services' % (self.root,
                                   self.keystone.project_id('hv-admin')),
            timeout=60, headers={
                'X-Auth-Token': self.keystone.token('hv-admin')})
        return response.json().get('services', []) \
            if response.status_code == 200 else []

    def _start_engine(self, label):
        self.engines[label] = self.useFixture(processes.Process(
            'heat-vision-engine', ['--config-file', self.config],
            self.state_dir, label))
        self.engines[label].attach_log_to(self)

    def _wait(self, predicate, timeout=120):
        return waiting.wait_until(predicate, timeout, interval=0.5)

    def _get(self, path):
        response = requests.get(self.root + path, timeout=60, headers={
            'X-Auth-Token': self.keystone.token('hv-member')})
        self.assertEqual(200, response.status_code, response.text)
        return response.json()

    def _trusts(self, user_id):
        return ks.Admin(self.keystone.url).get(
            'OS-TRUST/trusts?trustor_user_id=%s' % user_id)['trusts']

    def test_take_over_acts_with_the_trust(self):
        user_id = self.keystone.ids['users']['hv-member']
        tenant = self.keystone.project_id('hv-member')
        created = requests.post(
            '%s/v1/%s/stacks' % (self.root, tenant), timeout=60,
            headers={'X-Auth-Token': self.keystone.token('hv-member')},
            json={'stack_name': 'taken', 'template': _template(
                self.ledger)})
        self.assertEqual(201, created.status_code, created.text)
        stack_id = created.json()['stack']['id']
        path = '/v1/%s/stacks/taken/%s' % (tenant, stack_id)
        self._wait(lambda: os.path.exists(
            os.path.join(self.ledger, 'ledger.log')))
        label = self._wait(lambda: next(
            (name for name, engine in self.engines.items()
             if 'creates stack taken' in engine.log()), None))
        self.engines[label].popen.send_signal(signal.SIGKILL)
        self.engines[label].popen.wait()
        del self.engines[label]

        def settled():
            status = self._get(path)['stack']['stack_status']
            return None if status.endswith('IN_PROGRESS') else status
        self.assertEqual('CREATE_COMPLETE',
                         self._wait(settled, timeout=TOKEN_LIFE * 6))
        survivor = next(iter(self.engines.values()))
        self.assertIn('takes over CREATE of stack taken', survivor.log())
        outputs = {o['output_key']: o['output_value']
                   for o in self._get(path)['stack']['outputs']}
        self.assertEqual([{'user_id': user_id, 'project_id': tenant,
                           'trust_scoped': True, 'when': 'create'}],
                         outputs['seen'])
        trusts = self._trusts(user_id)
        self.assertEqual(1, len(trusts), trusts)

        deleted = requests.delete(self.root + path, timeout=60, headers={
            'X-Auth-Token': self.keystone.token('hv-member')})
        self.assertEqual(204, deleted.status_code, deleted.text)
        self._wait(lambda: not self._trusts(user_id), timeout=120)
        self.assertNotIn(trusts[0]['id'], survivor.log())
