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

"""Every route x every role against real Keystone tokens (``rbac.yaml``).

In the style of ironic's ACL tests: the table lists each route of the
app with the status each role gets. The routes come from the app itself
(the OpenAPI test's route walker), so a route added without a row fails
``test_every_route_has_a_row``. Requests go through keystonemiddleware
with tokens of the test Keystone's users: admin, member and reader of
the project, member and admin of another project (using this project's
URL), and no token at all.

What it catches, for example: loosen ``stacks:delete`` to
``rule:project_reader`` (a ``policy.yaml`` line) and the reader's
``DELETE /v1/{tenant_id}/stacks/{stack_name}/{stack_id}`` answers 204
where the table says 403; drop ``project_id:%(project_id)s`` from
``project_reader`` and nothing changes for the other project's member,
whose token is refused by the tenant check first, but
``test_other_project_sees_nothing`` still holds every object route to
404 in that project's own URL.

To see it fail, run it with ``HV_TEST_POLICY_FILE`` naming a policy
file that loosens a rule (it becomes the service's ``[oslo_policy]
policy_file``).

Rows marked ``fresh`` change or delete what they act on: a role the
table expects to succeed gets an object of its own for the request, so
that the shared objects the other rows read stay as they were.
"""

import os

import requests
import yaml

from tests.cloud.auth import base
from tests.component.api import test_openapi
from tests.functional.compat import base as compat_base
from tests import waiting

TABLE = os.path.join(os.path.dirname(__file__), 'rbac.yaml')
ROLES = {'admin': 'hv-admin', 'member': 'hv-member', 'reader': 'hv-reader',
         'other_member': 'hv-other-member', 'other_admin': 'hv-other-admin',
         'anonymous': None}
TEMPLATE = {'heat_template_version': '2021-04-16',
            'resources': {'first': {'type': 'OS::Heat::None'},
                          'echo': {'type': 'OS::Heat::Value',
                                   'properties': {'value': 'rbac'}},
                          'alarm': {'type': 'OS::HeatVision::Alarm',
                                    'properties': {'meter_name': 'cpu',
                                                   'threshold': 80}}},
            'outputs': {'echoed': {'value': {'get_attr': ['echo',
                                                          'value']}}}}
# Path parameters naming an object of the project: another project must
# find none of them. (A server id names no object of heat-vision's: the
# metadata route lists the caller's deployments to it, and must list
# none of ours.)
OBJECT_PARAMS = ('stack_name', 'stack_id', 'snapshot_id', 'config_id',
                 'deployment_id', 'job_id', 'event_id', 'alarm_id')


def load_table():
    with open(TABLE) as f:
        return yaml.safe_load(f)['routes']


class RBACTest(base.KeystoneServiceTestCase):

    # Hundreds of requests, and fresh stacks for the rows that need them.
    TIMEOUT = 900

    @classmethod
    def service_config(cls, keystone_url):
        config = super().service_config(keystone_url)
        if os.environ.get('HV_TEST_POLICY_FILE'):
            config['oslo_policy'] = {
                'policy_file': os.environ['HV_TEST_POLICY_FILE']}
        return config

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        cls.tokens = {role: user and cls.keystone.token(user)
                      for role, user in ROLES.items()}
        cls.api = cls.service.root
        cls.shared = Objects(cls, 'member').all()

    # -- requests -------------------------------------------------------

    @classmethod
    def call(cls, role, method, path, body=None):
        headers = {'Content-Type': 'application/json'}
        if cls.tokens[role]:
            headers['X-Auth-Token'] = cls.tokens[role]
        return requests.request(method, cls.api + path, json=body,
                                headers=headers, timeout=120,
                                allow_redirects=False)

    # -- tests ----------------------------------------------------------

    def test_every_route_has_a_row(self):
        routes = {(m, test_openapi.shape(p))
                  for m, p in test_openapi.app_routes()}
        rows = {}
        for row in load_table():
            method, path = row['route'].split(' ', 1)
            rows[(method, test_openapi.shape(path))] = row
            self.assertEqual(set(ROLES), set(row['expect']), row['route'])
        self.assertEqual([], sorted(routes - set(rows)),
                         'routes without a row in rbac.yaml')
        self.assertEqual([], sorted(set(rows) - routes),
                         'rows in rbac.yaml for no route')

    def test_table(self):
        mismatches = []
        for row in load_table():
            method, template = row['route'].split(' ', 1)
            for role, expected in sorted(row['expect'].items()):
                values = self.shared
                if row.get('fresh') and 200 <= expected < 300:
                    values = Objects(self, 'member').fresh(row['fresh'])
                values = dict(values, role=role)
                path = template.format(**values)
                if row.get('query'):
                    path += '?' + row['query']
                body = _fill(row.get('body'), values)
                response = self.call(role, method, path, body)
                if response.status_code != expected:
                    mismatches.append('%s %s as %s: %d, not %d: %s' % (
                        method, path, role, response.status_code,
                        expected, response.text[:200]))
        self.assertEqual([], mismatches)

    def test_other_project_sees_nothing(self):
        """Our objects, asked for in the other project's own URL: 404.

        Listings of the other project name none of our objects either.
        """
        other_tenant = self.keystone.project_id('hv-other-member')
        ours = {key: str(value) for key, value in self.shared.items()
                if key in OBJECT_PARAMS}
        leaks = []
        for row in load_table():
            method, template = row['route'].split(' ', 1)
            if '{tenant_id}' not in template:
                continue
            values = dict(self.shared, tenant_id=other_tenant,
                          role='other_member')
            path = template.format(**values)
            body = _fill(row.get('body'), values)
            response = self.call('other_member', method, path, body)
            names_ours = any(p in template for p in OBJECT_PARAMS)
            if names_ours and response.status_code != 404:
                leaks.append('%s %s: %d' % (method, path,
                                            response.status_code))
            elif response.status_code < 400:
                text = response.text
                leaks.extend('%s %s shows %s' % (method, path, key)
                             for key, value in ours.items()
                             if value in text)
        self.assertEqual([], leaks)


class Objects:
    """The objects a row's path names, made in the project by ``role``."""

    def __init__(self, test, role):
        self.test = test
        self.role = role
        self.tenant = test.keystone.project_id(ROLES[role])

    def _post(self, path, body, expected=(200, 201, 202)):
        response = self.test.call(self.role, 'POST',
                                  '/v1/%s%s' % (self.tenant, path), body)
        assert response.status_code in expected, response.text
        return response.json() if response.content else None

    def _get(self, path):
        response = self.test.call(self.role, 'GET',
                                  '/v1/%s%s' % (self.tenant, path))
        assert response.status_code == 200, response.text
        return response.json()

    def stack(self):
        name = compat_base.ServiceTestCase.unique('rbac')
        stack_id = self._post('/stacks', {'stack_name': name,
                                          'template': TEMPLATE})['stack']['id']
        path = '/stacks/%s/%s' % (name, stack_id)
        waiting.wait_until(lambda: not self._get(path)['stack'][
            'stack_status'].endswith('IN_PROGRESS'), timeout=120)
        event = self._get(path + '/resources/echo/events')['events'][0]
        alarm = self._get(path + '/resources/alarm')['resource']
        return {'tenant_id': self.tenant, 'stack_name': name,
                'stack_id': stack_id, 'resource_name': 'echo',
                'output_key': 'echoed', 'event_id': event['id'],
                'alarm_id': alarm['physical_resource_id']}

    def snapshot(self, stack):
        path = '/stacks/%(stack_name)s/%(stack_id)s' % stack
        snapshot = self._post(path + '/snapshots', {'name': 'rbac'})
        waiting.wait_until(lambda: not self._get(
            path + '/snapshots/' + snapshot['id'])['snapshot'][
                'status'].endswith('IN_PROGRESS'), timeout=120)
        return {'snapshot_id': snapshot['id']}

    def config(self):
        config = self._post('/software_configs', {
            'name': 'rbac', 'group': 'script', 'config': 'true'})
        return {'config_id': config['software_config']['id']}

    def deployment(self, config):
        server_id = compat_base.ServiceTestCase.unique('server')
        deployment = self._post('/software_deployments', {
            'config_id': config['config_id'], 'server_id': server_id,
            'action': 'CREATE', 'status': 'IN_PROGRESS'})
        return {'deployment_id': deployment['software_deployment']['id'],
                'server_id': server_id}

    def job(self):
        job = self._post('/tasks', {'job': {
            'name': 'rbac', 'tasks': [{'name': 'wait', 'action': 'sleep',
                                       'input': {'seconds': 600}}]}})
        return {'job_id': job['job']['id']}

    def all(self):
        values = self.stack()
        values.update(self.snapshot(values))
        values.update(self.config())
        values.update(self.deployment(values))
        values.update(self.job())
        values.update(template_version='heat_template_version.2021-04-16',
                      type_name='OS::Heat::None')
        return values

    def fresh(self, kind):
        """The shared values, with a new object of ``kind`` in them."""
        values = dict(self.test.shared)
        if kind in ('stack', 'snapshot'):
            values.update(self.stack())
        if kind == 'snapshot':
            values.update(self.snapshot(values))
        if kind in ('config', 'deployment'):
            values.update(self.config())
        if kind == 'deployment':
            values.update(self.deployment(values))
        if kind == 'job':
            values.update(self.job())
        return values


def _fill(body, values):
    """``body`` with ``{name}`` strings in it filled from ``values``."""
    if isinstance(body, dict):
        return {k: _fill(v, values) for k, v in body.items()}
    if isinstance(body, list):
        return [_fill(v, values) for v in body]
    if isinstance(body, str):
        return body.format(**values)
    return body
