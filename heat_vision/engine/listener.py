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

"""The engine's watchdog answer, on an RPC server of its own.

Other engines ask it (``heat_vision.rpc.listener_client``) before they
take over what this engine holds. Its own server and thread pool: a
flood of requests on the engine's topic does not delay the answer, and
so never makes a busy engine look dead.
"""

import oslo_messaging as messaging

from heat_vision.rpc import listener_client
from heat_vision.rpc import transport


class ListenerEndpoint:

    target = messaging.Target(version=listener_client.VERSION)

    def __init__(self, engine_id):
        self.engine_id = engine_id

    def listening(self, ctxt):
        """:returns: this engine's id: it is alive."""
        return self.engine_id


def server(engine_id):
    """:returns: the listener's RPC server (not started)."""
    target = messaging.Target(topic=listener_client.topic(),
                              server=engine_id)
    return transport.get_rpc_server(target, [ListenerEndpoint(engine_id)])
