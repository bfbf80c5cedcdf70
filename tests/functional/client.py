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

"""A small Heat v1 HTTP client for the functional tests."""

import time

import requests


class HeatClient:

    def __init__(self, endpoint, roles='member,reader', timeout=60):
        self.endpoint = endpoint.rstrip('/')
        #: Seconds a request waits for its answer.
        self.timeout = timeout
        self.session = requests.Session()
        self.session.headers.update({'Content-Type': 'application/json',
                                     'X-Auth-Token': 'test',
                                     'X-Roles': roles})

    def request(self, method, path, **kwargs):
        kwargs.setdefault('timeout', self.timeout)
        return self.session.request(method, self.endpoint + path, **kwargs)

    def create(self, name, template, **extra):
        body = dict(extra, stack_name=name, template=template)
        response = self.request('POST', '/stacks', json=body)
        assert response.status_code == 201, response.text
        return response.json()['stack']['id']

    def show(self, name, stack_id=None):
        path = '/stacks/%s' % name + ('/%s' % stack_id if stack_id else '')
        return self.request('GET', path)

    def wait(self, name, stack_id, timeout=120):
        """Poll the stack until it leaves IN_PROGRESS.

        :returns: the stack, or None once it is gone (deleted).
        """
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                response = self.show(name, stack_id)
            except requests.RequestException:
                continue            # an engine may be dying under us
            if response.status_code >= 500:
                time.sleep(0.2)
                continue
            if response.status_code == 404:
                return None
            stack = response.json()['stack']
            if stack['stack_status'] == 'DELETE_COMPLETE':
                return None         # shown by id after a delete, as Heat
            if not stack['stack_status'].endswith('IN_PROGRESS'):
                return stack
            time.sleep(0.05)
        raise AssertionError('stack %s still in progress' % name)

    def delete(self, name, stack_id):
        response = self.request('DELETE', '/stacks/%s/%s' % (name, stack_id))
        assert response.status_code == 204, response.text
        return self.wait(name, stack_id)

    def services(self):
        """The engines listed; none while the API sees none answer (503).
        """
        response = self.request('GET', '/services',
                                headers={'X-Roles': 'admin'})
        if response.status_code == 503:
            return []
        assert response.status_code == 200, response.text
        return response.json()['services']
