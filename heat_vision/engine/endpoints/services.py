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

"""RPC endpoint of the service list (engines and their heartbeats)."""

import oslo_messaging as messaging

from heat_vision.db import services as db_services
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import stacks as formatters
from heat_vision.engine import locks


class ServiceEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id):
        self.engine_id = engine_id

    def ping(self, ctxt):
        """:returns: this engine's id; the API checks engines answer."""
        return self.engine_id

    @base.user_errors
    def list_services(self, ctxt):
        return [formatters.format_service(s, locks.engine_alive(s))
                for s in db_services.service_get_all(ctxt)]
