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

"""What Ceilometer would put in the test cloud's Gnocchi, put by a test.

No Ceilometer runs in the test cloud. :class:`CeilometerStandIn` writes
to Gnocchi what Ceilometer's Gnocchi publisher writes for a server: an
``instance`` resource (id: the server's, project and user: the server's
owner, ``server_group`` from the server's ``metering.server_group``
metadata, as ceilometer/publisher/data/gnocchi_resources.yaml maps it)
with its metrics, then measures. It acts, as Ceilometer does, as a user
of project ``service`` with the ``admin`` role (devstack's ceilometer
user): Aodh's gnocchi rules of a project see the resources that
``service`` made for that project (aodh/api/controllers/v2/alarm_rules/
gnocchi.py, ``gnocchi_external_project_owner``).
"""

import datetime
import uuid

import fixtures


class CeilometerStandIn(fixtures.Fixture):
    """A service-project user writing resources and measures to Gnocchi.

    :param cloud: the ``cloud_service.TestCloud`` (running Gnocchi).
    :param admin: an openstacksdk connection of the cloud's admin.
    """

    def __init__(self, cloud, admin):
        super().__init__()
        self.cloud = cloud
        self.admin = admin

    def _setUp(self):
        identity = self.admin.identity
        service = identity.find_project('service')
        password = uuid.uuid4().hex
        user = identity.create_user(
            name='hv-ceilometer-' + uuid.uuid4().hex[:8], password=password,
            domain_id='default', default_project_id=service.id)
        self.addCleanup(identity.delete_user, user, ignore_missing=True)
        identity.assign_project_role_to_user(
            service, user, identity.find_role('admin'))
        self.connection = self.cloud.connection(auth=dict(
            self.cloud.auth, username=user.name, password=password,
            project_name='service'))
        self.addCleanup(self.connection.close)
        self.url = self.cloud.endpoints['metric'] + '/v1'

    def _call(self, method, path, body=None, ok=(200, 201, 202, 204)):
        response = self.connection.session.request(
            self.url + path, method, json=body, raise_exc=False)
        if response.status_code not in ok:
            raise AssertionError('Gnocchi: %s %s: %s %s' % (
                method, path, response.status_code, response.text))
        return response.json() if response.content else None

    def instance(self, server_id, project_id, user_id, server_group=None,
                 metrics=('cpu_util',), archive_policy='low'):
        """Create the ``instance`` resource of a server, with ``metrics``.

        :returns: Gnocchi's resource (its ``metrics``: name -> id).
        """
        resource = self._call('POST', '/resource/instance', {
            'id': server_id, 'project_id': project_id, 'user_id': user_id,
            'flavor_id': 'hv-flavor', 'flavor_name': 'hv-flavor',
            'host': 'hv-test-cloud', 'display_name': 'hv-' + server_id[:8],
            'server_group': server_group,
            'metrics': {name: {'archive_policy_name': archive_policy}
                        for name in metrics}})
        self.addCleanup(self._call, 'DELETE', '/resource/instance/%s'
                        % server_id, ok=(204, 404))
        return resource

    def measure(self, metric_id, value):
        """Post one measure of ``value``, timed now."""
        now = datetime.datetime.now(datetime.timezone.utc)
        self._call('POST', '/metric/%s/measures' % metric_id,
                   [{'timestamp': now.isoformat(), 'value': value}])
