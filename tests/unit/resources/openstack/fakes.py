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

"""A scripted stand-in for heat_vision.clients' ServiceClient.api.

The real services answer in tests/functional/test_openstack.py; here the
plugins' requests are recorded and answered from a small table, so the
unit tests can check the bodies sent and the polling logic step by step.
"""

from heat_vision.common import exception
from tests.unit.resources import utils


class ScriptedService:
    """Records ``api`` calls; answers GETs of objects from ``objects``.

    ``objects`` maps a path (``/servers/s1``) to the object, or to a list
    of objects returned one per GET (the last one repeats): a status
    that moves on as the real service's would.
    """

    def __init__(self, name):
        self.service = name
        self.calls = []
        self.objects = {}
        self.answers = {}
        self.microversions = set()
        self.asked_microversions = []
        self.asked_connect_retries = []

    def supports_microversion(self, version):
        return version in self.microversions

    def api(self, method, path, body=None, key=None, microversion=None,
            params=None, headers=None, connect_retries=None):
        self.calls.append((method, path, body, params))
        self.asked_microversions.append(microversion)
        self.asked_connect_retries.append(connect_retries)
        answer = self.answers.get((method, path))
        if isinstance(answer, Exception):
            raise answer
        if answer is None and method == 'GET' and path in self.objects:
            states = self.objects[path]
            answer = states.pop(0) if isinstance(states, list) and \
                len(states) > 1 else (states[0] if isinstance(states, list)
                                      else states)
        collection = len(path.strip('/').split('/')) % 2 == 1
        if answer is None and method == 'GET' and not (params or
                                                       collection):
            raise exception.ServiceObjectNotFound(
                service=self.service, status=404, reason=path)
        if answer is None:
            answer = [] if method == 'GET' else {'id': 'new-id'}
        return answer[key] if key and isinstance(answer, dict) and \
            key in answer else answer

    def sent(self, method, path=None):
        return [c for c in self.calls
                if c[0] == method and (path is None or c[1] == path)]


class CloudStack(utils.FakeStack):
    """A FakeStack whose ``client(name)`` gives scripted services."""

    def __init__(self):
        super().__init__()
        self.services = {}
        self.configs = {}

    def client(self, name):
        return self.services.setdefault(name, ScriptedService(name))

    def software_config_text(self, config_id):
        return self.configs.get(config_id)

    def save_resource_id(self, resource_name, resource_id):
        self.saved = (resource_name, resource_id)


def rebuilt(plugin, props):
    """The plugin an update hands its new properties to, as the engine
    builds it: from the new definition, with the stored id and data.
    """
    return utils.make(type(plugin), plugin.name, props, stack=plugin.stack,
                      resource_id=plugin.resource_id, data=plugin.data)
