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

"""The software deployment loop on MariaDB and PostgreSQL.

The component tests (``tests.component.resources.
test_software_deployments``) run the agent's loop on sqlite; the same
tests run here on the server databases, whose JSON columns and
conditional updates (a signal applied only while the deployment is in
progress) must behave the same.
"""

from tests import backends
from tests.component.resources import test_software_deployments as loop


class _OnServerDatabase:

    BACKEND = None

    def database_url(self):
        backends.require(self, self.BACKEND)
        return self.useFixture(backends.TemporaryDatabase(
            self.BACKEND, migrated=True)).url


class MariaDBDeploymentTest(_OnServerDatabase, loop.SoftwareDeploymentTest):
    BACKEND = 'mysql'


class PostgreSQLDeploymentTest(_OnServerDatabase,
                               loop.SoftwareDeploymentTest):
    BACKEND = 'postgresql'


class MariaDBGroupTest(_OnServerDatabase, loop.DeploymentGroupBatchesTest):
    BACKEND = 'mysql'


class PostgreSQLGroupTest(_OnServerDatabase,
                          loop.DeploymentGroupBatchesTest):
    BACKEND = 'postgresql'
