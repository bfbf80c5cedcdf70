"""The engine RPC client and the engine's endpoints agree."""

import inspect

from heat_vision.engine import endpoints
from heat_vision.rpc import engine_client
from tests import base


class RPCVersionTest(base.TestCase):

    def _endpoints(self):
        return endpoints.all_endpoints('engine-id', lambda *a: None)

    def test_client_and_endpoints_have_the_same_version(self):
        self.assertEqual(engine_client.EngineClient.RPC_API_VERSION,
                         endpoints.RPC_API_VERSION)
        for endpoint in self._endpoints():
            self.assertEqual(endpoints.RPC_API_VERSION,
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
