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

"""The task system's RPC client as this deployment's own parts build it.

One place for the options a heat-vision process reaches its task
services with (topic, ``control_exchange``, version cap): the API's task
routes and the engine's jobs (a CEP's dispatch) both use it, so neither
can forget one. Other services build ``tasks.rpcapi.TasksClient``
themselves (see the "Using the task system from another service" page).
"""

from oslo_config import cfg

from heat_vision.rpc import transport
from heat_vision.tasks import rpcapi

CONF = cfg.CONF


def get_client():
    """:returns: a ``TasksClient`` on this process's transport."""
    return rpcapi.TasksClient(transport.get_rpc_transport(),
                              topic=CONF.tasks.topic,
                              exchange=CONF.control_exchange,
                              version_cap=CONF.tasks.version_cap)
