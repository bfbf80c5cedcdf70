"""Scaling signals on MariaDB: the row locks and claims under concurrency
that sqlite serialises (the tests are those of
tests.component.engine.test_scaling_signals).
"""

from tests import backends
from tests.component.engine import test_scaling_signals


class _OnMariaDB:

    def database_url(self):
        backends.require(self, 'mysql')
        return self.useFixture(backends.TemporaryDatabase('mysql')).url


class MariaDBConcurrentSignalsTest(
        _OnMariaDB, test_scaling_signals.ConcurrentSignalsTest):
    pass


class MariaDBDeadEngineClaimTest(
        _OnMariaDB, test_scaling_signals.DeadEngineClaimTest):
    pass


class MariaDBContendedClaimTest(
        _OnMariaDB, test_scaling_signals.ContendedClaimTest):
    pass
