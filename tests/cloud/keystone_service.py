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

"""A real Keystone for the functional tests, also runnable by hand.

Keystone from PyPI, in a virtualenv of its own (``keystone_venv``),
on sqlite in a temporary directory or on the local MariaDB (a database
of its own, created and dropped with the fixture), fernet tokens, set up with
``keystone-manage bootstrap`` and served by uWSGI on a loopback port.
It then gets the projects, users and role assignments the tests act as
(``USERS``) and the heat-vision service user; ``register_orchestration``
puts heat-vision's endpoint in the catalog. Clean-up stops uWSGI by its
PID and removes the directory.

By hand (prints the environment to reach it, runs until Ctrl-C)::

    python -m tests.cloud.keystone_service [--token-expiration S]
        [--database sqlite|mysql]
"""

import argparse
import base64
import os
import shutil
import signal
import subprocess
import tempfile
import time

import fixtures
import requests

from tests import backends
from tests.cloud import keystone_venv
from tests.functional import processes

PASSWORD = 'hv-test-secret'
DATABASES = ('sqlite', 'mysql')
ADMIN = 'admin'
PROJECT = 'hv-demo'
OTHER_PROJECT = 'hv-other'
SERVICE_PROJECT = 'service'
SERVICE_USER = 'heat-vision'
# user name -> (project, role); bootstrap's implied roles make an admin
# also a member and a reader, a member also a reader.
USERS = {
    'hv-admin': (PROJECT, 'admin'),
    'hv-member': (PROJECT, 'member'),
    'hv-reader': (PROJECT, 'reader'),
    'hv-other-member': (OTHER_PROJECT, 'member'),
    'hv-other-admin': (OTHER_PROJECT, 'admin'),
    SERVICE_USER: (SERVICE_PROJECT, 'admin'),
}

# insecure_debug: a refusal's message says why (a test Keystone only).
# password_hash_rounds: bcrypt's fewest (4, not 12): each password
# login costs Keystone 0.3 s of CPU at 12 rounds, a few ms at 4.
# [cache]: Keystone's own cache in its one process (oslo.cache's help:
# "Test environments with a single instance of the server can use the
# dogpile.cache.memory backend"): a token it issued is validated from
# the cache ([token] cache_on_issue), roles and catalog likewise, where
# without it each validation reads them from the database again; users,
# projects and roles too, since Keystone serves one request at a time
# (``_uwsgi_args``): a read that missed the cache cannot store a row
# older than an update's invalidation, as one did on a second thread.
# memory_pickle: each hit a copy, as from memcached (Keystone changes
# the credential it got from its cache: testcloud/cloud.py).
KEYSTONE_CONF = """[DEFAULT]
log_file = {dir}/keystone.log
insecure_debug = true
[identity]
password_hash_rounds = 4
[cache]
enabled = true
backend = dogpile.cache.memory_pickle
[database]
connection = {connection}
[token]
provider = fernet
expiration = {expiration}
[fernet_tokens]
key_repository = {dir}/fernet-keys
[fernet_receipts]
key_repository = {dir}/fernet-receipts
[credential]
key_repository = {dir}/credential-keys
"""


class KeystoneService(fixtures.Fixture):
    """Keystone on ``self.url`` (``.../v3``), admin password ``PASSWORD``.

    :param token_expiration: seconds a token lives (Keystone's
        ``[token] expiration``); short for the trust tests.
    :param database: ``sqlite`` (a file in its directory) or ``mysql``
        (a database of its own on the local MariaDB, ``backends``).
    """

    def __init__(self, token_expiration=3600, database='sqlite'):
        super().__init__()
        if database not in DATABASES:
            raise ValueError('database must be one of %s' % (DATABASES,))
        self.token_expiration = token_expiration
        self.database = database

    def _setUp(self):
        self.venv = keystone_venv.ensure()
        self.dir = tempfile.mkdtemp(prefix='hv-keystone-')
        self.addCleanup(shutil.rmtree, self.dir, ignore_errors=True)
        self.port = processes.free_port()
        self.root = 'http://127.0.0.1:%d' % self.port
        self.url = self.root + '/v3'
        self.config = os.path.join(self.dir, 'keystone.conf')
        if self.database == 'mysql':
            self.database_url = self.useFixture(
                backends.TemporaryDatabase('mysql')).url
        else:
            self.database_url = 'sqlite:///%s/keystone.db' % self.dir
        with open(self.config, 'w') as f:
            f.write(KEYSTONE_CONF.format(dir=self.dir,
                                         connection=self.database_url,
                                         expiration=self.token_expiration))
        if self.database == 'mysql':
            self._manage('db_sync')
        else:
            shutil.copyfile(self._migrated_sqlite(),
                            os.path.join(self.dir, 'keystone.db'))
        # What fernet_setup and credential_setup write, without two
        # keystone-manage processes (2 s of CPU each).
        for repository in ('fernet-keys', 'fernet-receipts',
                           'credential-keys'):
            write_fernet_keys(os.path.join(self.dir, repository))
        self._manage('bootstrap', '--bootstrap-password', PASSWORD,
                     '--bootstrap-region-id', 'RegionOne',
                     '--bootstrap-public-url', self.url,
                     '--bootstrap-internal-url', self.url,
                     '--bootstrap-admin-url', self.url)
        self.process = processes.Process(
            keystone_venv.binary('uwsgi', self.venv), self._uwsgi_args(),
            self.dir, label='keystone-uwsgi')
        self.useFixture(self.process)
        processes.wait_for_http(self.url, self.process, timeout=120)
        self.admin = Admin(self.url)
        self.ids = self._populate()

    def _manage(self, *args):
        subprocess.run(keystone_venv.command('keystone-manage', self.venv)
                       + ['--config-file', self.config] + list(args),
                       check=True, capture_output=True, timeout=300)

    def _migrated_sqlite(self):
        """A sqlite file ``keystone-manage db_sync`` migrated, kept in
        the venv (rebuilt with it): made once, copied by each Keystone.
        """
        path = os.path.join(self.venv, 'hv-migrated-keystone.sqlite')
        if os.path.exists(path):
            return path
        with keystone_venv.lock(self.venv):
            if not os.path.exists(path):
                building = path + '.%d' % os.getpid()
                config = os.path.join(self.dir, 'db-sync.conf')
                with open(config, 'w') as f:
                    f.write('[database]\nconnection = sqlite:///%s\n'
                            % building)
                subprocess.run(
                    keystone_venv.command('keystone-manage', self.venv)
                    + ['--config-file', config, 'db_sync'],
                    check=True, capture_output=True, timeout=300)
                os.rename(building, path)
        return path

    def _uwsgi_args(self):
        wsgi_script = keystone_venv.binary('keystone-wsgi-public', self.venv)
        if os.path.exists(wsgi_script):
            app = ['--wsgi-file', wsgi_script]
        else:
            app = ['--module', 'keystone.wsgi.api:application']
        return ['--http-socket', '127.0.0.1:%d' % self.port,
                '--virtualenv', self.venv, '--master', '--die-on-term',
                # One request at a time, as the test cloud's Keystone
                # (testcloud/cloud.py says why): its auth middleware
                # keeps the request's token on itself.
                '--processes', '1', '--threads', '1', '--enable-threads',
                '--lazy-apps',
                '--env', 'OS_KEYSTONE_CONFIG_FILES=' + self.config,
                # uWSGI's http-socket does not keep connections alive:
                # clients that reuse one get it reset under them.
                '--add-header', 'Connection: close',
                '--disable-logging'] + app

    def _populate(self):
        """:returns: ``{'projects': {name: id}, 'users': {name: id}}``."""
        admin = self.admin
        projects = {name: admin.create('projects', {
            'name': name, 'domain_id': 'default'})
            for name in (PROJECT, OTHER_PROJECT, SERVICE_PROJECT)}
        roles = {role['name']: role['id']
                 for role in admin.get('roles')['roles']}
        users = {}
        for name, (project, role) in USERS.items():
            users[name] = admin.create('users', {
                'name': name, 'domain_id': 'default', 'password': PASSWORD,
                'default_project_id': projects[project]})
            admin.put('projects/%s/users/%s/roles/%s' % (
                projects[project], users[name], roles[role]))
        return {'projects': projects, 'users': users, 'roles': roles}

    def register_orchestration(self, url):
        """Put heat-vision in the catalog as ``orchestration`` at ``url``

        (with ``$(project_id)s`` in it, as Heat's endpoint has), in
        place of any heat-vision registered before.
        """
        for old in self.admin.get('services?type=orchestration')[
                'services']:
            self.admin.delete('services/' + old['id'])
        service = self.admin.create('services', {
            'type': 'orchestration', 'name': 'heat-vision'}, key='service')
        for interface in ('public', 'internal', 'admin'):
            self.admin.create('endpoints', {
                'service_id': service, 'interface': interface, 'url': url,
                'region_id': 'RegionOne'}, key='endpoint')

    def project_id(self, user):
        return self.ids['projects'][USERS[user][0]]

    def openrc(self, user, project=None):
        """The ``OS_*`` variables of a password login as ``user``."""
        return {'OS_AUTH_URL': self.url, 'OS_AUTH_TYPE': 'password',
                'OS_USERNAME': user, 'OS_PASSWORD': PASSWORD,
                'OS_PROJECT_NAME': project or USERS[user][0],
                'OS_USER_DOMAIN_NAME': 'Default',
                'OS_PROJECT_DOMAIN_NAME': 'Default',
                'OS_IDENTITY_API_VERSION': '3',
                'OS_REGION_NAME': 'RegionOne'}

    def log(self, limit=200000):
        """The end of Keystone's own log (why it refused something)."""
        try:
            with open(os.path.join(self.dir, 'keystone.log'),
                      errors='replace') as f:
                return f.read()[-limit:]
        except OSError as error:
            return 'no Keystone log: %s' % error

    def token(self, user, project=None):
        """:returns: a project-scoped token of ``user``."""
        return password_token(self.url, user,
                              project or USERS[user][0])


def authtoken_options(url):
    """heat-vision's ``[keystone_authtoken]`` against Keystone at ``url``.

    The options devstack's ``configure_keystone_authtoken_middleware``
    writes, with this Keystone's service user.
    """
    return {'auth_type': 'password', 'interface': 'public',
            'auth_url': url, 'www_authenticate_uri': url,
            'username': SERVICE_USER, 'password': PASSWORD,
            'user_domain_name': 'Default', 'project_name': SERVICE_PROJECT,
            'project_domain_name': 'Default',
            'service_token_roles_required': 'true'}


def password_token(url, user, project):
    body = {'auth': {
        'identity': {'methods': ['password'], 'password': {'user': {
            'name': user, 'domain': {'id': 'default'},
            'password': PASSWORD}}},
        'scope': {'project': {'name': project,
                              'domain': {'id': 'default'}}}}}
    response = requests.post(url + '/auth/tokens', json=body, timeout=60)
    response.raise_for_status()
    return response.headers['X-Subject-Token']


class Admin:
    """Keystone's v3 API as the bootstrap admin (project ``admin``)."""

    def __init__(self, url):
        self.url = url
        self._login()

    def _login(self):
        self.headers = {'X-Auth-Token': password_token(self.url, ADMIN,
                                                       ADMIN)}

    def _call(self, method, path, body=None, retry=True):
        response = requests.request(method, '%s/%s' % (self.url, path),
                                    json=body, headers=self.headers,
                                    timeout=60)
        if response.status_code == 401 and retry:
            # The token expired (the trust tests make them short-lived).
            self._login()
            return self._call(method, path, body, retry=False)
        response.raise_for_status()
        return response.json() if response.content else None

    def get(self, path):
        return self._call('GET', path)

    def put(self, path):
        return self._call('PUT', path)

    def delete(self, path):
        return self._call('DELETE', path)

    def create(self, collection, entity, key=None):
        """:returns: the id of the new entity."""
        key = key or collection[:-1]
        return self._call('POST', collection, {key: entity})[key]['id']


STACK_USER_DOMAIN = 'heat'
STACK_DOMAIN_ADMIN = 'heat_domain_admin'


def stack_user_domain(admin):
    """The stack-user domain as the devstack plugin makes Heat's (domain
    ``heat``, its admin user ``heat_domain_admin`` with role ``admin``
    on it, role ``heat_stack_user``), made once per Keystone.

    :returns: heat-vision's ``[DEFAULT]`` options for it.
    """
    found = admin.get('domains?name=' + STACK_USER_DOMAIN)['domains']
    domain_id = found[0]['id'] if found else admin.create(
        'domains', {'name': STACK_USER_DOMAIN})
    users = admin.get('users?name=%s&domain_id=%s' % (
        STACK_DOMAIN_ADMIN, domain_id))['users']
    user_id = users[0]['id'] if users else admin.create('users', {
        'name': STACK_DOMAIN_ADMIN, 'domain_id': domain_id,
        'password': PASSWORD})
    roles = {r['name']: r['id'] for r in admin.get('roles')['roles']}
    if 'heat_stack_user' not in roles:
        admin.create('roles', {'name': 'heat_stack_user'})
    admin.put('domains/%s/users/%s/roles/%s' % (domain_id, user_id,
                                                roles['admin']))
    return {'stack_user_domain_id': domain_id,
            'stack_domain_admin': STACK_DOMAIN_ADMIN,
            'stack_domain_admin_password': PASSWORD}


def write_fernet_keys(repository):
    """A new key repository as ``keystone-manage fernet_setup`` (and
    ``credential_setup``) leave it: key 0 staged, key 1 primary, 32
    random bytes each in urlsafe base64, readable by this user only.
    """
    os.makedirs(repository, mode=0o700, exist_ok=True)
    for index in ('0', '1'):
        fd = os.open(os.path.join(repository, index),
                     os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
        with os.fdopen(fd, 'wb') as key:
            key.write(base64.urlsafe_b64encode(os.urandom(32)))


def _interrupt(signum, frame):
    raise KeyboardInterrupt()


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--token-expiration', type=int, default=3600)
    parser.add_argument('--database', choices=DATABASES, default='sqlite')
    args = parser.parse_args()
    # SIGTERM (``timeout``, ``kill``) stops uWSGI too, as Ctrl-C does.
    signal.signal(signal.SIGTERM, _interrupt)
    started = time.monotonic()
    with KeystoneService(args.token_expiration, args.database) as keystone:
        for key, value in sorted(keystone.openrc('hv-admin').items()):
            print('export %s=%s' % (key, value))
        print('# Keystone ready in %.1f s, PID %d, files in %s; Ctrl-C '
              'stops it.' % (time.monotonic() - started,
                             keystone.process.popen.pid, keystone.dir),
              flush=True)
        try:
            signal.pause()
        except KeyboardInterrupt:
            pass


if __name__ == '__main__':
    main()
