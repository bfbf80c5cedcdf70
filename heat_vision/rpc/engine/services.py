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

"""Engine RPC client methods of the service list.

Served by ``heat_vision.engine.endpoints.services``.
"""


class ServiceMethods:
    """Client side of ``ServiceEndpoint``."""

    def ping(self, ctxt):
        """One round trip to any engine, bypassing the guard's checks
        (with its short timeout).

        :returns: the answering engine's id.
        """
        options = {} if self._guard is None else self._guard.ping_options()
        return self._prepare('ping', '1.10', **options).call(ctxt, 'ping')

    def list_services(self, ctxt):
        """:returns: every engine's service record with its status."""
        return self._call(ctxt, 'list_services', version='1.0')
