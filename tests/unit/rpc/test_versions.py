"""The engine RPC client, the engine's endpoints and the recorded API agree."""

import importlib
import inspect

from heat_vision.engine import endpoints
from heat_vision.rpc import engine_client
from heat_vision.rpc import transport
from tests import base
from tests.unit.rpc import api_record


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


class RecordedEngineAPITest(base.TestCase):
    """The client is the API recorded in engine_rpc_api.json, versioned.

    A method or argument added without a new version fails here, and
    says how to record one.
    """

    TABLE = 'engine_rpc_api.json'

    def setUp(self):
        super().setUp()
        self.table = api_record.load(self.TABLE)
        self.client = engine_client.EngineClient()
        self.addCleanup(transport.reset)
        self.history = api_record.history(engine_client)

    def _bump(self, what):
        return api_record.BUMP % {
            'what': what, 'module': 'heat_vision/rpc/engine_client.py',
            'where': 'heat_vision/rpc/engine_client.py and '
                     'heat_vision/engine/endpoints/__init__.py',
            'table': 'tests/unit/rpc/' + self.TABLE}

    def test_every_method_is_recorded_with_its_arguments(self):
        cls = engine_client.EngineClient
        for method in api_record.public_methods(cls):
            self.assertIn(method, self.table, self._bump(
                'EngineClient.%s is not recorded' % method))
            params = api_record.parameters(cls, method)
            recorded = api_record.recorded_parameters(self.table[method])
            self.assertEqual(recorded, params, self._bump(
                'EngineClient.%s takes %s, but %s are recorded' % (
                    method, params, recorded)))
        self.assertEqual(sorted(self.table),
                         api_record.public_methods(cls),
                         'a recorded method is gone: removing one needs a '
                         'new major version')

    def test_every_method_sends_its_latest_version_and_arguments(self):
        for method, entries in self.table.items():
            version, sent = api_record.send(self.client, method)
            self.assertEqual(entries[-1][0], version, self._bump(
                '%s is sent at %s, but recorded at %s' % (
                    method, version, entries[-1][0])))
            self.assertEqual(api_record.recorded_parameters(entries),
                             list(sent), method)

    def test_history_has_a_line_per_version_up_to_the_current_one(self):
        current = api_record.minor(engine_client.EngineClient.RPC_API_VERSION)
        self.assertEqual(['1.%d' % n for n in range(current + 1)],
                         list(self.history))
        self.assertEqual('1.0',
                         engine_client.EngineClient.BASE_RPC_API_VERSION)

    def test_history_names_what_each_version_added(self):
        used = set()
        for method, entries in self.table.items():
            versions = [api_record.minor(v) for v, _args in entries]
            self.assertEqual(sorted(set(versions)), versions, method)
            for index, (version, args) in enumerate(entries):
                used.add(version)
                self.assertIn(version, self.history, self._bump(
                    '%s is recorded at %s' % (method, version)))
                line = self.history[version]
                names = [method] + ([a.split('.')[-1] for a in args]
                                    if index else [])
                for name in names:
                    self.assertRegex(line, r'\b%s\b' % name, self._bump(
                        'the %s history line does not name %s' % (
                            version, name)))
        self.assertEqual(set(self.history), used,
                         'a version in the history added nothing recorded')

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
