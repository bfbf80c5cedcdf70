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

"""An in-memory Swift for the Swift plugins' unit tests (the real one
answers in tests/cloud/openstack/test_cloud_swift.py).
"""

import json
import time
from urllib import parse

from heat_vision.common import exception

ACCOUNT = 'http://swift.example:8080/v1/AUTH_demo'


class Answer:
    def __init__(self, headers=None, content=b''):
        self.headers = headers or {}
        self.content = content

    def json(self):
        return json.loads(self.content)


class MemorySwift:
    """Containers of objects, account metadata and Swift's legacy
    versioning (into the container itself), enough for the plugins.
    """

    service = 'Swift'

    def __init__(self):
        self.account = {}
        self.containers = {}
        self.calls = []

    def get_endpoint(self):
        return ACCOUNT

    def _missing(self, path):
        return exception.ServiceObjectNotFound(service='Swift', status=404,
                                               reason=path)

    def request(self, method, path, headers=None, data=None, params=None,
                **kwargs):
        headers = headers or {}
        self.calls.append((method, path, headers))
        names = [parse.unquote(p) for p in path.strip('/').split('/', 1)
                 if p]
        if not names:
            if method == 'POST':
                self.account.update(headers)
            return Answer({'X-Account-Meta-Temp-URL-Key': self.account[k]
                           for k in self.account})
        container = self.containers.get(names[0])
        if len(names) == 1:
            return self._container(method, names[0], container, headers,
                                   params or {})
        if container is None:
            raise self._missing(path)
        return self._object(method, container, names[1], data)

    def _container(self, method, name, container, headers, params):
        if method == 'PUT':
            if container is None:
                self.containers[name] = {'headers': dict(headers),
                                         'objects': {}}
            return Answer()
        if container is None:
            raise self._missing(name)
        objects = container['objects']
        if method == 'DELETE':
            if objects:
                raise exception.ServiceConflict(service='Swift', status=409,
                                                reason='not empty')
            del self.containers[name]
            return Answer()
        listed = [{'name': n, 'bytes': len(objects[n])}
                  for n in sorted(objects)
                  if n.startswith(params.get('prefix', ''))]
        headers = dict(container['headers'],
                       **{'X-Container-Object-Count': str(len(objects)),
                          'X-Container-Bytes-Used': str(sum(
                              len(v) for v in objects.values()))})
        return Answer(headers, json.dumps(
            listed[:params.get('limit', 10000)]).encode())

    def _object(self, method, container, name, data):
        objects = container['objects']
        versioned = 'X-Versions-Location' in container['headers']
        prefix = '%03x%s/' % (len(name), name)
        if method == 'PUT':
            if versioned and name in objects:
                objects['%s%.5f' % (prefix, time.time())] = objects[name]
            objects[name] = data
            return Answer()
        if name not in objects:
            raise self._missing(name)
        if method == 'GET':
            return Answer(content=objects[name])
        del objects[name]
        versions = sorted(n for n in objects if n.startswith(prefix))
        if versioned and versions:
            objects[name] = objects.pop(versions[-1])
        return Answer()

    def put(self, container, name, body):
        """What a guest's PUT to the temporary URL does."""
        self._object('PUT', self.containers[container], name, body)
