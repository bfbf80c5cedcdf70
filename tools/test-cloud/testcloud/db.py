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

"""The cloud's databases on the local MariaDB, and their schema cache.

Every database of one cloud starts with that cloud's prefix. A service's
schema takes long to migrate (Neutron's most of all), so once migrated
it is dumped to ``<cache>/db-<release>/<schema>.sql`` and later clouds
load the dump instead; the dump is keyed by the release, whose pinned
versions fix the schema. A cache without a schema's dump falls back on
the copy kept beside this package (``schemas-<release>/``): the dumps of
a first start, so that a new machine (CI's) does not spend minutes of
CPU on other projects' migrations; a schema without either is migrated.
"""

import os
import shutil
import subprocess

HOST = os.environ.get('HV_TEST_CLOUD_MYSQL_HOST', '127.0.0.1')
PORT = os.environ.get('HV_TEST_CLOUD_MYSQL_PORT', '3306')
USER = os.environ.get('HV_TEST_CLOUD_MYSQL_USER', 'root')


def _client(name):
    return shutil.which('mariadb' if name == 'client' else 'mariadb-dump') \
        or shutil.which('mysql' if name == 'client' else 'mysqldump')


def url(database):
    return 'mysql+pymysql://%s@%s:%s/%s?charset=utf8' % (
        USER, HOST, PORT, database)


def _sql(statement, database=None, stdin=None):
    argv = [_client('client'), '-h', HOST, '-P', PORT, '-u', USER,
            '--batch', '--skip-column-names']
    if database:
        argv.append(database)
    if statement:
        argv += ['-e', statement]
    result = subprocess.run(argv, stdin=stdin, capture_output=True,
                            text=True, timeout=600)
    if result.returncode:
        raise RuntimeError('MariaDB: %s failed: %s' % (
            statement or 'loading %s' % stdin.name, result.stderr))
    return result.stdout


def create(database):
    _sql('DROP DATABASE IF EXISTS `%s`; CREATE DATABASE `%s` '
         'CHARACTER SET utf8mb4' % (database, database))


def drop_prefixed(prefix):
    """Drop every database whose name starts with ``prefix``."""
    names = [n for n in _sql('SHOW DATABASES').split()
             if n.startswith(prefix)]
    for name in names:
        _sql('DROP DATABASE IF EXISTS `%s`' % name)
    return names


def dump_path(cache, release, schema):
    return os.path.join(cache, 'db-%s' % release, schema + '.sql')


def kept_path(release, schema):
    """The dump kept with the tool (``schemas-<release>/``)."""
    return os.path.join(os.path.dirname(os.path.dirname(
        os.path.abspath(__file__))), 'schemas-%s' % release,
        schema + '.sql')


def load_cached(cache, release, schema, database):
    """Fill ``database`` from the cached (else the kept) dump.

    :returns: False if there is neither.
    """
    path = dump_path(cache, release, schema)
    if not os.path.exists(path):
        path = kept_path(release, schema)
    if not os.path.exists(path) or not _client('client'):
        return False
    with open(path) as dump:
        _sql(None, database, stdin=dump)
    return True


def save(cache, release, schema, database):
    """Dump freshly migrated ``database`` as ``schema``'s cache."""
    dumper = _client('dump')
    if not dumper:
        return
    path = dump_path(cache, release, schema)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    result = subprocess.run(
        [dumper, '-h', HOST, '-P', PORT, '-u', USER, '--skip-comments',
         '--skip-dump-date', database], capture_output=True, text=True,
        timeout=600)
    if result.returncode:
        raise RuntimeError('dumping %s failed: %s' % (database,
                                                      result.stderr))
    with open(path + '.part', 'w') as f:
        f.write(result.stdout)
    os.rename(path + '.part', path)
