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

"""Scaling signals on MariaDB: the row locks and claims under concurrency
that sqlite serialises (the tests are those of
tests.component.engine.test_scaling_signals).
"""

from tests import backends
from tests.component.engine import test_scaling_signals


class _OnMariaDB:

    def database_url(self):
        backends.require(self, 'mysql')
        return self.useFixture(backends.TemporaryDatabase(
            'mysql', migrated=True)).url


class MariaDBConcurrentSignalsTest(
        _OnMariaDB, test_scaling_signals.ConcurrentSignalsTest):
    pass


class MariaDBDeadEngineClaimTest(
        _OnMariaDB, test_scaling_signals.DeadEngineClaimTest):
    pass


class MariaDBContendedClaimTest(
        _OnMariaDB, test_scaling_signals.ContendedClaimTest):
    pass
