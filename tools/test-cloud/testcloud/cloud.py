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

"""Start, describe and stop the whole test cloud.

A cloud lives in a state directory: its configuration (``etc/``), logs
(``logs/``), PIDs (``pids/``), the services' files, ``cloud.json`` (what
``status`` and the test fixture read) and ``clouds.yaml``. Its databases
on MariaDB and its RabbitMQ vhost are named after a prefix of its own,
so two clouds never share a queue or a table.
"""

import concurrent.futures
import json
import os
import shutil
import subprocess
import time
import urllib.parse
import uuid

from testcloud import aodh
from testcloud import config
from testcloud import db
from testcloud import gnocchi
from testcloud import identity
from testcloud import nova
from testcloud import octavia
from testcloud import ports
from testcloud import procs
from testcloud import swift
from testcloud import venvs
from testcloud import zaqar

#: What ``start`` stands up, in this order; ``cinder`` may be left out.
SERVICES = ('keystone', 'placement', 'glance', 'neutron', 'nova', 'cinder')
#: Started only when asked for (``--services``, or ``add`` to a running
#: cloud): never part of the default start.
OPTIONAL = ('zaqar', 'gnocchi', 'aodh', 'octavia', 'swift')
#: optional service -> its module (``configure(cloud)``, ``start(cloud)``,
#: and ``ready(cloud)`` if it has more to do once it answers and its user
#: is in Keystone).
OPTIONAL_MODULES = {'zaqar': zaqar, 'gnocchi': gnocchi, 'aodh': aodh,
                    'octavia': octavia, 'swift': swift}
#: service -> (catalog type, name, path after the root URL).
CATALOG = {
    'placement': ('placement', 'placement', ''),
    'glance': ('image', 'glance', ''),
    'neutron': ('network', 'neutron', ''),
    'nova': ('compute', 'nova', '/v2.1'),
    'cinder': ('block-storage', 'cinder', '/v3/$(project_id)s'),
    'zaqar': ('messaging', 'zaqar', ''),
    'gnocchi': ('metric', 'gnocchi', ''),
    'aodh': ('alarming', 'aodh', ''),
    'octavia': ('load-balancer', 'octavia', ''),
    'swift': ('object-store', 'swift', '/v1/AUTH_$(project_id)s'),
}
#: service -> [(schema, database suffix)]; a schema's dump fills each.
SCHEMAS = {
    'keystone': [('keystone', 'keystone')],
    'placement': [('placement', 'placement')],
    'glance': [('glance', 'glance')],
    'neutron': [('neutron', 'neutron')],
    'nova': [('nova_api', 'nova_api'), ('nova', 'nova_cell0'),
             ('nova', 'nova_cell1')],
    'cinder': [('cinder', 'cinder')],
    'zaqar': [('zaqar', 'zaqar')],
    'gnocchi': [('gnocchi', 'gnocchi')],
    'aodh': [('aodh', 'aodh')],
    'octavia': [('octavia', 'octavia')],
    'swift': [],    # no database: its own files
}
#: The test cloud's own drivers (``hv_test_cloud_drivers/``), loaded from
#: that directory by the processes that use them: the cached venvs stay
#: as pip made them.
DRIVERS = os.path.join(venvs.HERE, 'hv_test_cloud_drivers')
CINDER_DRIVER = 'hv_test_cloud_cinder.FileVolumeDriver'
NOVA_DRIVER = 'hv_test_cloud_nova.SnapshottingFakeDriver'
CINDER_PROCESSES = ('cinder-api', 'cinder-scheduler', 'cinder-volume',
                    'cinder-backup')
RABBIT = os.environ.get('HV_TEST_CLOUD_RABBIT',
                        'rabbit://guest:guest@127.0.0.1:5672/')


class Cloud:

    def __init__(self, state_dir):
        self.state = os.path.abspath(state_dir)
        self.info_path = os.path.join(self.state, 'cloud.json')
        self.clouds_yaml = os.path.join(self.state, 'clouds.yaml')
        self.procs = procs.Processes(self.state)
        self.cinder_driver = CINDER_DRIVER
        self.nova_driver = NOVA_DRIVER
        self.compute_host = 'hv-test-cloud'
        self.timings = {}
        self._unmigrated = set()

    # Names and places --------------------------------------------------

    def path(self, *parts):
        path = os.path.join(self.state, *parts)
        os.makedirs(path, exist_ok=True)
        return path

    def db_url(self, suffix):
        return db.url(self.prefix + suffix)

    @property
    def keystone_url(self):
        return 'http://127.0.0.1:%d/v3' % self.ports['keystone']

    def url(self, service):
        return 'http://127.0.0.1:%d' % self.ports[service]

    def _timed(self, label, started):
        self.timings[label] = round(time.monotonic() - started, 1)

    # Status ------------------------------------------------------------

    def info(self):
        """:returns: ``cloud.json`` as a dict, or None if never started."""
        if not os.path.exists(self.info_path):
            return None
        with open(self.info_path) as f:
            return json.load(f)

    def status(self):
        info = self.info() or {}
        recorded = self.procs.recorded()
        return {'state_dir': self.state,
                'processes': {name: {'pid': pid, 'alive': alive}
                              for name, (pid, alive) in recorded.items()},
                'running': bool(recorded) and all(
                    alive for _pid, alive in recorded.values()),
                'cloud': info}

    # Start -------------------------------------------------------------

    def start(self, services=SERVICES, log=print):
        """Stand the cloud up; :returns: the ``cloud.json`` dict.

        A cloud already running in this state directory is returned as
        it is.
        """
        status = self.status()
        if status['running'] and status['cloud']:
            return status['cloud']
        self.stop()
        started = time.monotonic()
        self.services = [s for s in SERVICES + OPTIONAL if s in services]
        self.prefix = 'hvtc_%s_' % uuid.uuid4().hex[:8]
        self.ports = {s: ports.free_port() for s in self.services}
        # Written first: ``stop`` finds the databases and vhost by it.
        self._save({'prefix': self.prefix, 'services': self.services})
        for service in self.services:
            t = time.monotonic()
            venvs.ensure(service, self.path('logs'))
            self._timed('venv-' + service, t)
        self._timed('venvs', started)
        log('venvs ready in %.0f s' % (time.monotonic() - started))
        self.transport_url = self._vhost()
        t = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(3) as pool:
            for future in [pool.submit(self._database, s)
                           for s in self.services]:
                future.result()
        self._timed('databases', t)
        log('databases ready in %.0f s' % self.timings['databases'])
        self._write_configs()
        t = time.monotonic()
        with concurrent.futures.ThreadPoolExecutor(1) as pool:
            # Nova's cells need only its databases: set up meanwhile.
            cells = pool.submit(nova.prepare, self) \
                if 'nova' in self.services else None
            self._start_keystone()
            self.procs.wait_http('keystone', self.keystone_url,
                                 timeout=300)
            # Before the others start: some log in to Keystone as they
            # start.
            self._populate_keystone()
            self._timed('keystone', t)
            if cells is not None:
                cells.result()
                self._timed('keystone-and-nova-cells', t)
        for service in self.services[1:]:
            self._start(service)
        for service in self.services[1:]:
            t = time.monotonic()
            name = {'nova': 'nova-api', 'cinder': 'cinder-api'}.get(
                service, service)
            self.procs.wait_http(name, self.url(service) + '/',
                                 timeout=300)
            if service == 'placement' and 'nova' in self.services:
                nova.start_compute(self)
            self._ready(service)
            self._timed('answer-' + service, t)
        if 'nova' in self.services:
            t = time.monotonic()
            nova.discover_compute(self)
            self._timed('compute-discovered', t)
        if 'cinder' in self.services:
            t = time.monotonic()
            self._wait_cinder_volume()
            self._timed('cinder-volume-up', t)
        self._timed('total', started)
        info = self._describe()
        self._write_clouds_yaml(info)
        self._save(info)
        log('cloud ready in %.0f s' % self.timings['total'])
        return info

    def add(self, services, log=print):
        """Start optional ``services`` beside the cloud running here.

        :returns: the cloud's ``cloud.json`` dict, with them.
        :raises: RuntimeError if no cloud runs here.
        """
        status = self.status()
        info = status['cloud']
        if not status['running'] or not info or 'endpoints' not in info:
            raise RuntimeError('no cloud is running in %s' % self.state)
        wanted = [s for s in OPTIONAL
                  if s in services and s not in info['services']]
        if not wanted:
            return info
        started = time.monotonic()
        self.prefix, self.transport_url = info['prefix'], info[
            'transport_url']
        self.etc = dict(info['config_files'])
        self.ports = {s: ports.free_port() for s in wanted}
        self.ports['keystone'] = urllib.parse.urlsplit(
            info['endpoints']['identity']).port
        for service in wanted:
            t = time.monotonic()
            venvs.ensure(service, self.path('logs'))
            self._timed('venv-' + service, t)
            self._database(service)
            self._write_config(service)
        admin = identity.Admin(self.keystone_url)
        service_project = admin.call('GET', 'projects?name=%s' % (
            identity.SERVICE_PROJECT))['projects'][0]['id']
        for service in wanted:
            t = time.monotonic()
            before = set(self.procs.recorded())
            registered = False
            try:
                self._start(service)
                self.procs.wait_http(service, self.url(service) + '/',
                                     timeout=300)
                # Once it answers, so that a failed add can be tried
                # again: its token checks log in only when a request
                # comes.
                self._register(admin, service_project, service)
                registered = True
                self._ready(service)
            except BaseException:
                # A dead process would make the whole cloud look down:
                # every process of the service goes, and its user.
                self.procs.stop(set(self.procs.recorded()) - before)
                if registered:
                    admin.forget(service, CATALOG[service][0])
                raise
            self._timed('answer-' + service, t)
            kind, _name, suffix = CATALOG[service]
            info['endpoints'][kind] = self.url(service) + suffix
        self._timed('add-' + '-'.join(wanted), started)
        info['services'] = list(info['services']) + wanted
        info['config_files'] = self.etc
        info['timings'] = dict(info.get('timings') or {}, **self.timings)
        self._save(info)
        log('%s ready in %.0f s' % (', '.join(wanted),
                                    time.monotonic() - started))
        return info

    def _vhost(self):
        ctl = shutil.which('rabbitmqctl')
        if not ctl:
            # One shared vhost: topics may then meet another cloud's.
            return RABBIT
        for args in (['add_vhost', self.prefix],
                     ['set_permissions', '-p', self.prefix, 'guest',
                      '.*', '.*', '.*']):
            subprocess.run([ctl, '-q'] + args, check=True,
                           capture_output=True, timeout=120)
        return RABBIT.rstrip('/') + '/' + self.prefix

    def _database(self, service):
        """Create ``service``'s databases, from the cached dump if any.

        :returns: the schemas that need migrating.
        """
        for schema, suffix in SCHEMAS[service]:
            db.create(self.prefix + suffix)
            if not db.load_cached(venvs.cache_root(), venvs.RELEASE, schema,
                                  self.prefix + suffix):
                self._unmigrated.add(schema)

    def _migrate(self, service, argv, schema, suffix):
        if schema not in self._unmigrated:
            return
        t = time.monotonic()
        result = subprocess.run(
            venvs.command(service, argv[0]) + argv[1:],
            capture_output=True, text=True, timeout=1800)
        if result.returncode:
            raise RuntimeError('%s failed:\n%s' % (
                ' '.join(argv), result.stderr[-8000:]))
        db.save(venvs.cache_root(), venvs.RELEASE, schema,
                self.prefix + suffix)
        self._timed('migrate-' + schema, t)

    def _write_configs(self):
        self.etc = {}
        for service in self.services[1:]:
            self._write_config(service)
        venv_etc = os.path.join(venvs.path('glance'), 'etc', 'glance')
        if 'glance' in self.services:
            shutil.copy(os.path.join(venv_etc, 'glance-api-paste.ini'),
                        self.path('etc', 'glance'))
        if 'nova' in self.services:
            shutil.copy(os.path.join(venvs.path('nova'), 'etc', 'nova',
                                     'api-paste.ini'),
                        self.path('etc', 'nova'))

    def _write_config(self, service):
        module = OPTIONAL_MODULES.get(service)
        sections = (module.configure if module else
                    getattr(config, service))(self)
        self.etc[service] = config.write_ini(
            os.path.join(self.path('etc', service), service + '.conf'),
            sections)

    # Keystone ----------------------------------------------------------

    def _start_keystone(self):
        conf = config.write_ini(
            os.path.join(self.path('etc', 'keystone'), 'keystone.conf'), {
                'DEFAULT': {'use_stderr': 'true'},
                # bcrypt's fewest rounds (4, not 12): every password
                # login (each test's users, the services' own) costs
                # Keystone 0.3 s of CPU at 12, a few ms at 4.
                # Users, projects and roles are cached too: Keystone
                # serves one request at a time (below), so no read that
                # missed the cache can store a row older than an
                # update's invalidation, as one did on a second thread
                # (a user disabled by a stack update read enabled for
                # ten minutes). Without it, each token validation read
                # the token's roles and project from MariaDB: two thirds
                # of Keystone's samples in 40 s of py-spy in a CI run.
                'identity': {'password_hash_rounds': 4},
                # Keystone's own cache, in its one process (oslo.cache's
                # help: "Test environments with a single instance of the
                # server can use the dogpile.cache.memory backend"): the
                # services validate each token once (keystonemiddleware
                # keeps it), Keystone then from the cache where it issued
                # it ([token] cache_on_issue), roles and catalog likewise,
                # instead of reading them from the database each time.
                # memory_pickle, not memory: a hit is a copy, as from
                # memcached; Keystone changes what it got (2025.1's
                # credential_api.get_credential decrypts into the dict
                # _get_credential cached: the next EC2 login found no
                # 'encrypted_blob', a 500).
                'cache': {'enabled': 'true',
                          'backend': 'dogpile.cache.memory_pickle'},
                'database': {'connection': self.db_url('keystone')},
                'token': {'provider': 'fernet'},
                'fernet_tokens': {
                    'key_repository': self.path('keystone', 'fernet')},
                'fernet_receipts': {
                    'key_repository': self.path('keystone', 'receipts')},
                'credential': {
                    'key_repository': self.path('keystone', 'credential')},
            })
        self.etc['keystone'] = conf
        manage = ['keystone-manage', '--config-file', conf]
        self._migrate('keystone', manage + ['db_sync'], 'keystone',
                      'keystone')
        # What fernet_setup and credential_setup would write, without
        # two more keystone-manage starts (seconds each on a busy host).
        for repository in ('fernet', 'receipts', 'credential'):
            identity.write_fernet_keys(self.path('keystone', repository))
        subprocess.run(venvs.command('keystone', manage[0]) + manage[1:] + [
            'bootstrap', '--bootstrap-password', identity.PASSWORD,
            '--bootstrap-region-id', identity.REGION,
            '--bootstrap-public-url', self.keystone_url,
            '--bootstrap-internal-url', self.keystone_url,
            '--bootstrap-admin-url', self.keystone_url],
            check=True, capture_output=True, timeout=300)
        # One request at a time: Keystone's AuthContextMiddleware keeps
        # the token it validated on itself (``self.token``, set by
        # ``fetch_token``, read by ``fill_context``: keystone/server/
        # flask/request_processing/middleware/auth_context.py), so two
        # threads of one process can act with each other's token (a
        # trust made with another request's trust-scoped token: "Could
        # not find trust"). Keystone's own uWSGI sample
        # (httpd/keystone-uwsgi-public.ini) runs processes, no threads;
        # one process keeps its in-memory cache the only one.
        self._uwsgi('keystone', 'keystone.wsgi.api:application',
                    {'OS_KEYSTONE_CONFIG_FILES': conf}, threads=1)

    def _uwsgi(self, service, module, env, threads=4):
        venv = venvs.path(service)
        argv = [venvs.binary(service, 'uwsgi'),
                '--http-socket', '127.0.0.1:%d' % self.ports[service],
                '--virtualenv', venv, '--master', '--die-on-term',
                '--processes', '1', '--threads', str(threads),
                '--enable-threads', '--lazy-apps',
                '--add-header', 'Connection: close', '--disable-logging',
                '--module', module]
        for key, value in env.items():
            argv += ['--env', '%s=%s' % (key, value)]
        self.procs.start(service, argv)

    def _populate_keystone(self):
        admin = identity.Admin(self.keystone_url)
        service_project = admin.create('projects', {
            'name': identity.SERVICE_PROJECT, 'domain_id': 'default'})
        demo = admin.create('projects', {'name': identity.DEMO_PROJECT,
                                         'domain_id': 'default'})
        admin.user(identity.DEMO_USER, demo, ['member'])
        admin.stack_user_domain()
        for service in self.services[1:]:
            self._register(admin, service_project, service)

    def _register(self, admin, service_project, service):
        """``service``'s user in project ``service``, its endpoints."""
        admin.user(service, service_project, ['admin', 'service'])
        kind, name, suffix = CATALOG[service]
        admin.register(kind, name, self.url(service) + suffix)
        if service == 'cinder':
            admin.register('volumev3', 'cinderv3',
                           self.url(service) + suffix)

    # The other services ------------------------------------------------

    def _run(self, service, script, *args):
        result = subprocess.run(venvs.command(service, script) + list(args),
                                capture_output=True, text=True, timeout=600)
        if result.returncode:
            raise RuntimeError('%s %s failed:\n%s' % (
                script, ' '.join(args), result.stderr[-8000:]))
        return result.stdout

    def _start_placement(self):
        self._migrate('placement', ['placement-manage', '--config-file',
                                    self.etc['placement'], 'db', 'sync'],
                      'placement', 'placement')
        self._uwsgi('placement', 'placement.wsgi.api:application',
                    {'OS_PLACEMENT_CONFIG_DIR':
                     os.path.dirname(self.etc['placement'])})

    def _start_glance(self):
        conf = ['--config-file', self.etc['glance']]
        self._migrate('glance', ['glance-manage'] + conf + ['db_sync'],
                      'glance', 'glance')
        self.procs.start('glance', venvs.command('glance', 'glance-api')
                         + conf)

    def _start_neutron(self):
        conf = ['--config-file', self.etc['neutron']]
        self._migrate('neutron', ['neutron-db-manage'] + conf
                      + ['upgrade', 'heads'], 'neutron', 'neutron')
        self.procs.start('neutron', venvs.command('neutron', 'neutron-server')
                         + conf)

    def _start_nova(self):
        nova.start_services(self)

    def _start(self, service):
        module = OPTIONAL_MODULES.get(service)
        if module is not None:
            module.start(self)
        else:
            getattr(self, '_start_' + service)()

    def _ready(self, service):
        ready = getattr(OPTIONAL_MODULES.get(service), 'ready', None)
        if ready is not None:
            ready(self)

    def _start_cinder(self):
        conf = ['--config-file', self.etc['cinder']]
        self._migrate('cinder', ['cinder-manage'] + conf + ['db', 'sync'],
                      'cinder', 'cinder')
        for name in CINDER_PROCESSES:
            self.procs.start(name, venvs.command('cinder', name) + conf,
                             env={'PYTHONPATH': DRIVERS})

    def _wait_cinder_volume(self, timeout=300):
        deadline = time.monotonic() + timeout
        while True:
            for name in CINDER_PROCESSES:
                self.procs.check_alive(name)
            out = self._run('cinder', 'cinder-manage', '--config-file',
                            self.etc['cinder'], 'service', 'list')
            if all(any(binary in line and ':-)' in line
                       for line in out.splitlines())
                   for binary in ('cinder-volume', 'cinder-backup')):
                return
            if time.monotonic() > deadline:
                raise RuntimeError('cinder-volume is not up:\n' + out)
            time.sleep(2)

    # Results -----------------------------------------------------------

    def _describe(self):
        auth = {'auth_url': self.keystone_url, 'username': identity.ADMIN,
                'password': identity.PASSWORD,
                'project_name': identity.ADMIN,
                'user_domain_id': 'default', 'project_domain_id': 'default'}
        endpoints = {'identity': self.keystone_url}
        for service in self.services[1:]:
            kind, _name, suffix = CATALOG[service]
            endpoints[kind] = self.url(service) + suffix
        return {'prefix': self.prefix, 'services': self.services,
                'release': venvs.RELEASE, 'state_dir': self.state,
                'clouds_yaml': self.clouds_yaml, 'cloud_name': 'hv-test-cloud',
                'region_name': identity.REGION, 'auth': auth,
                'demo_auth': dict(auth, username=identity.DEMO_USER,
                                  project_name=identity.DEMO_PROJECT),
                'stack_user_domain': {
                    'stack_user_domain_name': identity.STACK_USER_DOMAIN,
                    'stack_domain_admin': identity.STACK_DOMAIN_ADMIN,
                    'stack_domain_admin_password': identity.PASSWORD},
                'endpoints': endpoints, 'transport_url': self.transport_url,
                'compute_host': self.compute_host, 'timings': self.timings,
                'config_files': self.etc}

    def _write_clouds_yaml(self, info):
        # JSON is YAML: no YAML library needed here.
        clouds = {'clouds': {
            'hv-test-cloud': {'auth': info['auth'],
                              'region_name': identity.REGION,
                              'identity_api_version': 3},
            'hv-test-cloud-demo': {'auth': info['demo_auth'],
                                   'region_name': identity.REGION,
                                   'identity_api_version': 3}}}
        with open(self.clouds_yaml, 'w') as f:
            json.dump(clouds, f, indent=2)

    def _save(self, info):
        with open(self.info_path + '.part', 'w') as f:
            json.dump(info, f, indent=2)
        os.rename(self.info_path + '.part', self.info_path)

    # Stop --------------------------------------------------------------

    def stop(self, log=lambda message: None):
        """Stop every recorded process, drop the databases and vhost."""
        stopped = self.procs.stop_all()
        if stopped:
            log('stopped %s' % ', '.join(stopped))
        info = self.info()
        if info and info.get('prefix'):
            dropped = db.drop_prefixed(info['prefix'])
            if dropped:
                log('dropped databases %s' % ', '.join(dropped))
            ctl = shutil.which('rabbitmqctl')
            if ctl:
                subprocess.run([ctl, '-q', 'delete_vhost', info['prefix']],
                               capture_output=True, timeout=120)
            os.unlink(self.info_path)
        return stopped
