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

"""The task rpcapi, its manager and the recorded task API agree."""

import inspect

from oslo_config import cfg

from heat_vision.rpc import transport
from heat_vision.tasks import manager
from heat_vision.tasks import rpcapi
from tests import base
from tests.unit.rpc import api_record

CONF = cfg.CONF


class RecordedTasksAPITest(api_record.RecordedAPITests, base.TestCase):
    """The client is the API recorded in tasks_rpc_api.json, versioned."""

    TABLE = 'tasks_rpc_api.json'
    MODULE = 'heat_vision/tasks/rpcapi.py'
    WHERE = 'heat_vision/tasks/rpcapi.py, which the manager serves'
    module = rpcapi
    client_class = rpcapi.TasksClient

    def make_client(self):
        self.addCleanup(transport.reset)
        return rpcapi.TasksClient(transport.get_rpc_transport(),
                                  exchange=CONF.control_exchange)

    def test_the_manager_serves_every_method_at_the_same_version(self):
        self.assertEqual(rpcapi.TasksClient.RPC_API_VERSION,
                         manager.TaskManager.target.version)
        for method in api_record.public_methods(rpcapi.TasksClient):
            served = getattr(manager.TaskManager, method)
            self.assertEqual(
                api_record.parameters(rpcapi.TasksClient, method),
                list(inspect.signature(served).parameters)[2:], method)
