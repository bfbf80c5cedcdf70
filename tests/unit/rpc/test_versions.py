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

"""The engine RPC client, the engine's endpoints and the recorded API agree."""

import importlib
import inspect

from heat_vision.engine import endpoints
from heat_vision.engine.endpoints import base as endpoint_base
from heat_vision.rpc import engine_client
from heat_vision.rpc import transport
from tests import base
from tests.unit.rpc import api_record


class RPCVersionTest(base.TestCase):

    def _endpoints(self):
        return endpoints.all_endpoints('engine-id', lambda *a: None)

    def test_client_and_endpoints_have_the_same_version(self):
        self.assertEqual(engine_client.EngineClient.RPC_API_VERSION,
                         endpoint_base.RPC_API_VERSION)
        for endpoint in self._endpoints():
            self.assertEqual(endpoint_base.RPC_API_VERSION,
                             endpoint.target.version)

    def test_every_client_method_has_one_endpoint_method(self):
        served = {}
        for endpoint in self._endpoints():
            for name, member in inspect.getmembers(endpoint,
                                                   inspect.ismethod):
                if not name.startswith('_'):
                    self.assertNotIn(name, served, 'served twice')
                    served[name] = member
        client_methods = [
            name for name, _ in inspect.getmembers(
                engine_client.EngineClient, inspect.isfunction)
            if not name.startswith('_') and name != 'can_send_version']
        for name in client_methods:
            self.assertIn(name, served)
            client_args = list(inspect.signature(getattr(
                engine_client.EngineClient, name)).parameters)[2:]
            server_args = list(inspect.signature(
                served[name]).parameters)[1:]
            self.assertEqual(client_args, server_args, name)


class RecordedEngineAPITest(api_record.RecordedAPITests, base.TestCase):
    """The client is the API recorded in engine_rpc_api.json, versioned."""

    TABLE = 'engine_rpc_api.json'
    MODULE = 'heat_vision/rpc/engine_client.py'
    WHERE = ('heat_vision/rpc/engine_client.py and '
             'heat_vision/engine/endpoints/base.py')
    module = engine_client
    client_class = engine_client.EngineClient

    def make_client(self):
        self.addCleanup(transport.reset)
        return engine_client.EngineClient()

    def test_endpoints_default_the_arguments_older_clients_leave_out(self):
        served = {}
        for endpoint in endpoints.all_endpoints('engine-id', lambda *a: None):
            served.update(inspect.getmembers(endpoint, inspect.ismethod))
        for method, entries in self.table.items():
            params = inspect.signature(served[method]).parameters
            for _version, args in entries[1:]:
                for arg in args:
                    if '.' not in arg:
                        self.assertIsNot(inspect.Parameter.empty,
                                         params[arg].default,
                                         '%s(%s)' % (method, arg))

    def test_each_mixin_is_served_by_its_endpoint_module(self):
        for mixin in engine_client.EngineClient.__mro__[1:-2]:
            area = mixin.__module__.rsplit('.', 1)[1]
            module = importlib.import_module(
                'heat_vision.engine.endpoints.' + area)
            endpoint = [cls for name, cls in inspect.getmembers(
                module, inspect.isclass) if name.endswith('Endpoint')][0]
            for method in api_record.public_methods(mixin):
                self.assertTrue(hasattr(endpoint, method),
                                '%s.%s' % (area, method))
