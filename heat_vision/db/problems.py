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

"""What is wrong with ``[database] connection``, in a sentence or two.

``heat-vision-manage`` prints this instead of a traceback when the
database cannot be used: it does not exist, its user may not log in, its
server cannot be reached, or its driver is not installed.
"""

from oslo_db import exception as db_exc
import sqlalchemy as sa
from sqlalchemy import exc as sa_exc

#: The DB-API drivers of the extras, missing when the extra is.
DRIVERS = ('pymysql', 'psycopg2', 'MySQLdb')
#: MySQL/MariaDB "Access denied" codes (ER_DBACCESS_DENIED_ERROR,
#: ER_ACCESS_DENIED_ERROR).
_MYSQL_ACCESS_DENIED = (1044, 1045)
_GRANT = ('CREATE DATABASE and GRANT, as in the distributed installation '
          'guide')


def _url(connection):
    """:returns: (the URL without its password, the backend's name)."""
    try:
        url = sa.engine.make_url(connection)
    except sa_exc.ArgumentError:
        return '(an invalid URL)', None
    return url.render_as_string(hide_password=True), url.get_backend_name()


def _driver_error(exc):
    """The DB-API driver's own error inside oslo.db's and SQLAlchemy's."""
    exc = getattr(exc, 'inner_exception', None) or exc
    return getattr(exc, 'orig', None) or exc


def _reason(error):
    args = getattr(error, 'args', ())
    if len(args) == 2 and isinstance(args[0], int):
        return str(args[1])     # PyMySQL: (code, message)
    text = ' '.join(str(error).split())
    # psycopg2: 'connection to server at ... failed: FATAL: <reason>'
    return text.rpartition('FATAL: ')[2] or type(error).__name__


def _hint(exc, error, reason, backend):
    if isinstance(exc, ImportError):
        return ("Install the database's driver: pip install "
                "'heat-vision[mysql]' or 'heat-vision[postgresql]'.")
    if backend == 'sqlite':
        return 'Does its folder exist, and may this user write there?'
    if isinstance(exc, db_exc.DBNonExistentDatabase):
        return 'Create it and grant its user access first (%s).' % _GRANT
    args = getattr(error, 'args', ())
    if ((args and args[0] in _MYSQL_ACCESS_DENIED) or
            'password authentication failed' in reason or
            ('role' in reason and 'does not exist' in reason)):
        return ('Check the user and password in [database] connection, '
                'and that the user was granted access (%s).' % _GRANT)
    if isinstance(exc, db_exc.DBConnectionError):
        return 'Is the database server running, and is the host right?'
    return None


def concerns_database(exc):
    """Whether ``exc`` says the database cannot be used."""
    if isinstance(exc, ImportError):
        return exc.name in DRIVERS
    return isinstance(exc, (db_exc.DBError, sa_exc.SQLAlchemyError))


def describe(exc, connection):
    """:returns: what is wrong, naming the database, for the console.

    :param exc: an error :func:`concerns_database`.
    :param connection: the ``[database] connection`` URL (its password
        is not shown).
    """
    error = _driver_error(exc)
    reason = _reason(error)
    url, backend = _url(connection)
    message = 'The database %s cannot be used: %s' % (
        url, reason.rstrip('.') + '.')
    hint = _hint(exc, error, reason, backend)
    return '%s\n%s' % (message, hint) if hint else message
