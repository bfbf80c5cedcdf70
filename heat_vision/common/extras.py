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

"""Optional backends: their packages are imported only when configured.

``pip install heat-vision`` installs what the embedded default needs
(sqlite, the in-process transport, the local jobboard). A backend that
needs more is an extra of setup.cfg; when the configuration selects it
but its package is missing, the error says which extra to install
instead of a ``ModuleNotFoundError`` from deep inside a library.
"""

import importlib

from oslo_config import cfg
import sqlalchemy as sa

from heat_vision.common import exception

CONF = cfg.CONF

# The top-level module a backend imports -> the extra that installs it.
EXTRAS = {
    'pymysql': 'mysql',
    'psycopg2': 'postgresql',
    'redis': 'redis',
    'kazoo': 'zookeeper',
}
# A database URL's backend -> the driver its extra installs.
DB_DRIVERS = {'mysql': 'pymysql', 'postgresql': 'psycopg2'}
# [tasks] jobboard -> the module its TaskFlow jobboard needs.
JOBBOARD_MODULES = {'redis': 'redis', 'zookeeper': 'kazoo'}


def _missing(what, exc, module, hint=None):
    # exc.name is the module not found, maybe one the module imports.
    package = (exc.name or module).split('.')[0]
    extra = EXTRAS.get(package)
    if hint is None:
        hint = ('pip install heat-vision[%s]' % extra if extra
                else 'install the Python package that provides it')
    return exception.MissingExtra(what=what, package=package, hint=hint)


def require(module, what):
    """Import ``module`` for ``what``, a backend the configuration chose.

    :returns: the module.
    :raises: MissingExtra naming the extra to install if it is missing.
    """
    try:
        return importlib.import_module(module)
    except ImportError as exc:
        raise _missing(what, exc, module) from exc


def database_driver(url):
    """Import the DB-API driver of the database URL ``url``.

    :raises: MissingExtra if the driver is not installed.
    """
    url = sa.engine.make_url(url)
    dialect = url.get_dialect()
    try:
        dialect.import_dbapi()
    except ImportError as exc:
        backend = url.get_backend_name()
        driver = DB_DRIVERS.get(backend)
        hint = None
        if driver is not None and url.get_driver_name() != driver:
            # Not the driver the extra installs (SQLAlchemy's default for
            # a URL that names none, or another one).
            hint = ('pip install heat-vision[%s] and write the connection '
                    'as %s+%s://...' % (EXTRAS[driver], backend, driver))
        what = 'The database (%s://)' % url.drivername
        raise _missing(what, exc, dialect.driver, hint) from exc


def jobboard_client():
    """Import the client library of ``[tasks] jobboard``, if it needs one.

    :raises: MissingExtra if it is not installed.
    """
    module = JOBBOARD_MODULES.get(CONF.tasks.jobboard)
    if module is not None:
        require(module, 'The %s jobboard ([tasks] jobboard = %s)'
                % (CONF.tasks.jobboard.capitalize(), CONF.tasks.jobboard))


def check(database=False, tasks=False):
    """Check the optional packages a process will need, before it starts.

    :param database: the process uses ``[database] connection``.
    :param tasks: the process runs a task service (``[tasks] jobboard``).
    :raises: MissingExtra naming the first extra missing.
    """
    if database:
        database_driver(CONF.database.connection)
    if tasks:
        jobboard_client()
