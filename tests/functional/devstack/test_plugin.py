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

"""devstack/plugin.sh through every phase, against stand-ins for devstack.

Each run is what stack.sh, unstack.sh and clean.sh do with a plugin: a
bash that sources devstack's functions (here stubs.sh, with devstack's
names and arguments), the local.conf settings, the plugin's settings and
then plugin.sh once per phase. The stand-ins record their calls, iniset
writes the files for real, so the tests read the heat-vision.conf and
the uwsgi ini the plugin wrote, the packages it installed and the
processes it started. No network, no devstack, a second or two.
"""

import configparser
import os
import pwd
import subprocess

import fixtures
from oslo_config import cfg
from testtools import content

from heat_vision import conf as hv_conf
from tests import base

HERE = os.path.dirname(os.path.abspath(__file__))
STUBS = os.path.join(HERE, 'stubs.sh')
PLUGIN = os.path.join(HERE, '..', '..', '..', 'devstack')

HOST = '10.0.0.5'
KEYSTONE = 'http://%s/identity' % HOST
STACK_PHASES = ('pre-install', 'install', 'post-config', 'extra')

# What stackrc, lib/keystone and friends define before plugins run.
DEVSTACK_GLOBALS = {
    'SERVICE_HOST': HOST,
    'SERVICE_PROTOCOL': 'http',
    'SERVICE_PASSWORD': 'secret',
    'SERVICE_DOMAIN_NAME': 'Default',
    'SERVICE_TIMEOUT': '60',
    'KEYSTONE_SERVICE_URI': KEYSTONE,
    'KEYSTONE_SERVICE_URI_V3': KEYSTONE + '/v3',
    'REGION_NAME': 'RegionOne',
    'ENABLE_DEBUG_LOG_LEVEL': 'True',
    'API_WORKERS': '2',
    'GIT_BASE': 'https://opendev.org',
    'DATABASE_TYPE': 'mysql',
    'ENABLED_SERVICES': 'key,mysql,rabbit,n-api,g-api,q-svc',
}

SCRIPT = """
set -o errexit
declare -A GITDIR GITREPO GITBRANCH
source {stubs}
{before}
source {plugin}/settings
{after}
# The configuration directory is fixed to /etc/heat-vision: moved here.
HEAT_VISION_CONF_DIR=$HV_ROOT/etc/heat-vision
HEAT_VISION_CONF=$HEAT_VISION_CONF_DIR/heat-vision.conf
HEAT_VISION_UWSGI_CONF=$HEAT_VISION_CONF_DIR/heat-vision-api-uwsgi.ini
for phase in {phases}; do
    source {plugin}/plugin.sh $phase
done
"""


class Run:
    """What one devstack run did."""

    def __init__(self, root, result):
        self.root = root
        self.result = result
        calls_path = os.path.join(root, 'calls')
        self.calls = []
        if os.path.exists(calls_path):
            with open(calls_path) as f:
                self.calls = [tuple(line.rstrip('\n').split('\t'))
                              for line in f]
        self.conf_path = os.path.join(root, 'etc', 'heat-vision',
                                      'heat-vision.conf')
        self.uwsgi_path = os.path.join(root, 'etc', 'heat-vision',
                                       'heat-vision-api-uwsgi.ini')
        self.bin = os.path.join(root, 'bin')

    def called(self, name):
        """The argument tuples of the calls of ``name``."""
        return [call[1:] for call in self.calls if call[0] == name]

    def ini(self, path):
        # [DEFAULT] as a section of its own, not merged into the others.
        parser = configparser.RawConfigParser(
            strict=False, interpolation=None, default_section='')
        parser.optionxform = str
        with open(path) as f:
            parser.read_file(f)
        return parser

    def conf(self):
        """heat-vision.conf as heat-vision itself reads it."""
        conf = cfg.ConfigOpts()
        hv_conf.register_all(conf)
        conf(['--config-file', self.conf_path], project='heat-vision',
             default_config_files=[], default_config_dirs=[])
        return conf

    def started(self):
        """{service: command} of the processes run_process started."""
        return {args[0]: args[1] for args in self.called('run_process')}


class TestPlugin(base.TestCase):

    def devstack(self, settings=None, before='', after='',
                 modes=(('stack',) + STACK_PHASES, ('unstack',),
                        ('clean',))):
        """Run the plugin as devstack would; :returns: a ``Run``.

        :param settings: local.conf variables.
        :param before: shell run before the plugin's settings are sourced
            (a plugin enabled earlier), ``after`` after them (one enabled
            later).
        :param modes: the runs, each (mode, phase...): ``stack`` with its
            phases, ``unstack``, ``clean``.
        """
        root = self.useFixture(fixtures.TempDir()).path
        bin_dir = os.path.join(root, 'bin')
        os.makedirs(bin_dir)
        for script in ('heat-vision-manage', 'uwsgi'):
            path = os.path.join(bin_dir, script)
            with open(path, 'w') as f:
                f.write('#!/bin/sh\nprintf "%%s\\t" exec %s "$@" '
                        '| sed "s/\\t$//" >> "$HV_CALLS"\n'
                        'echo >> "$HV_CALLS"\n' % script)
            os.chmod(path, 0o755)
        env = {'PATH': bin_dir + os.pathsep + os.environ['PATH'],
               'HOME': root, 'HV_ROOT': root, 'HV_BIN': bin_dir,
               'HV_CALLS': os.path.join(root, 'calls'),
               'DEST': os.path.join(root, 'opt', 'stack'),
               'DATA_DIR': os.path.join(root, 'data'),
               'STACK_USER': _user()}
        env.update(DEVSTACK_GLOBALS)
        env.update(settings or {})
        result = None
        for mode in modes:
            phases = ' '.join('"%s %s"' % (mode[0], phase)
                              for phase in mode[1:]) or '"%s"' % mode[0]
            script = SCRIPT.format(stubs=STUBS, plugin=PLUGIN, before=before,
                                   after=after, phases=phases)
            result = subprocess.run(['bash', '-c', script], env=env,
                                    cwd=root, capture_output=True,
                                    text=True, timeout=60)
            if result.returncode:
                break
        run = Run(root, result)
        self.addDetail('stderr', _text(result.stderr))
        return run

    def assert_ok(self, run):
        self.assertEqual(0, run.result.returncode, run.result.stderr[-3000:])

    def test_installs_with_the_extras_and_heatclient(self):
        run = self.devstack(modes=[('stack', 'pre-install', 'install')])
        self.assert_ok(run)
        dest = os.path.join(run.root, 'opt', 'stack', 'heat-vision')
        self.assertEqual([(dest, 'mysql,redis')], run.called('setup_develop'))
        self.assertEqual([('python-heatclient',)],
                         run.called('pip_install_gr'))
        self.assertEqual([('redis-server',)], run.called('install_package'))
        self.assertEqual([('redis-server',)], run.called('restart_service'))

    def test_postgresql_and_local_jobboard_extras(self):
        run = self.devstack({'DATABASE_TYPE': 'postgresql',
                             'HEAT_VISION_TASKS_JOBBOARD': 'local'},
                            modes=[('stack', 'pre-install', 'install')])
        self.assert_ok(run)
        self.assertEqual('postgresql', run.called('setup_develop')[0][1])
        self.assertEqual([], run.called('install_package'))

    def test_heatclient_from_git(self):
        run = self.devstack({'LIBS_FROM_GIT': 'python-heatclient'},
                            modes=[('stack', 'install')])
        self.assert_ok(run)
        self.assertEqual([('python-heatclient',)],
                         run.called('git_clone_by_name'))
        self.assertEqual([('python-heatclient',)],
                         run.called('setup_dev_lib'))
        self.assertEqual([], run.called('pip_install_gr'))

    def test_config(self):
        run = self.devstack(modes=[('stack',) + STACK_PHASES])
        self.assert_ok(run)
        conf = run.conf()
        self.assertEqual('rabbit://stackrabbit:secret@%s:5672/' % HOST,
                         conf.transport_url)
        self.assertEqual('mysql+pymysql://root:secret@127.0.0.1/'
                         'heat_vision?charset=utf8', conf.database.connection)
        self.assertEqual('keystone', conf.api.auth_strategy)
        self.assertEqual('http://%s/heat-vision-api' % HOST,
                         conf.api.public_endpoint)
        self.assertEqual('keystone_token', conf.clients.auth_mode)
        self.assertEqual(KEYSTONE + '/v3', conf.clients.auth_url)
        for group in ('clients_openstack', 'clients_identity',
                      'clients_aodh'):
            self.assertEqual('RegionOne', conf[group].region_name)
        self.assertEqual('trusts', conf.deferred_auth_method)
        self.assertEqual('redis', conf.tasks.jobboard)
        self.assertEqual('redis://127.0.0.1:6379/0', conf.tasks.jobboard_url)
        self.assertEqual(os.path.join(run.root, 'data', 'heat-vision'),
                         conf.state_path)
        ini = run.ini(run.conf_path)
        self.assertEqual({'auth_type': 'password', 'auth_url': KEYSTONE,
                          'username': 'heat-vision', 'password': 'secret',
                          'user_domain_name': 'Default'},
                         dict(ini['trustee']))
        self.assertEqual('heat-vision', ini['keystone_authtoken']['username'])
        # Under uwsgi the API's own bind address is not used.
        self.assertFalse(ini.has_option('api', 'bind_port'))
        self.assertIn((run.conf_path,), run.called('setup_logging'))
        # The stack users' domain, as Heat's devstack/lib/heat
        # create_heat_accounts makes it.
        self.assertEqual(
            [('heat', 'Owns users and projects created by heat')],
            run.called('get_or_create_domain'))
        self.assertEqual([('heat_domain_admin', 'secret', 'heat')],
                         run.called('get_or_create_user'))
        self.assertEqual([('admin', 'heat_domain_admin', 'heat')],
                         run.called('get_or_add_user_domain_role'))
        self.assertEqual([('heat_stack_user',)],
                         run.called('get_or_create_role'))
        self.assertEqual({'stack_user_domain_id': 'stack-domain-id-heat',
                          'stack_domain_admin': 'heat_domain_admin',
                          'stack_domain_admin_password': 'secret'},
                         {key: ini['DEFAULT'][key] for key in (
                             'stack_user_domain_id', 'stack_domain_admin',
                             'stack_domain_admin_password')})

    def test_api_under_uwsgi(self):
        run = self.devstack(modes=[('stack',) + STACK_PHASES])
        self.assert_ok(run)
        self.assertEqual([(run.uwsgi_path, 'heat_vision.wsgi.api:application',
                           '/heat-vision-api', '', 'heat-vision-api')],
                         run.called('write_uwsgi_config'))
        uwsgi = run.ini(run.uwsgi_path)['uwsgi']
        self.assertEqual('heat_vision.wsgi.api:application', uwsgi['module'])
        self.assertEqual('4', uwsgi['threads'])
        config = '--config-file=%s' % run.conf_path
        self.assertEqual(
            {'h-vision-eng': '%s/heat-vision-engine %s' % (run.bin, config),
             'h-vision-api': '%s/uwsgi --procname-prefix heat-vision-api '
                             '--ini %s' % (run.bin, run.uwsgi_path)},
            run.started())
        self.assertEqual([('60', 'http://%s/heat-vision-api/' % HOST)],
                         run.called('wait_for_service'))

    def test_database_and_catalog(self):
        run = self.devstack(modes=[('stack',) + STACK_PHASES])
        self.assert_ok(run)
        self.assertEqual([('heat_vision',)], run.called('recreate_database'))
        self.assertEqual([('heat-vision-manage', '--config-file',
                           run.conf_path, 'db', 'sync')], run.called('exec'))
        self.assertEqual([('heat-vision', 'admin')],
                         run.called('create_service_user'))
        self.assertEqual([('heat-vision', 'orchestration',
                           'Orchestration service (heat-vision)')],
                         run.called('get_or_create_service'))
        self.assertEqual(
            [('orchestration', 'RegionOne',
              'http://%s/heat-vision-api/v1/$(project_id)s' % HOST)],
            run.called('get_or_create_endpoint'))

    def test_engines_tasks_relay_then_unstack_and_clean(self):
        run = self.devstack({'HEAT_VISION_ENGINE_WORKERS': '2',
                             'ENABLED_SERVICES': (
                                 DEVSTACK_GLOBALS['ENABLED_SERVICES']
                                 + ',h-vision-tasks,h-vision-relay')})
        self.assert_ok(run)
        config = '--config-file=%s' % run.conf_path
        started = run.started()
        for service, binary in (('h-vision-eng', 'engine'),
                                ('h-vision-eng2', 'engine'),
                                ('h-vision-tasks', 'tasks'),
                                ('h-vision-relay', 'relay')):
            self.assertEqual('%s/heat-vision-%s %s' % (run.bin, binary,
                                                       config),
                             started.pop(service))
        self.assertEqual(['h-vision-api'], list(started))
        self.assertEqual({'h-vision-relay', 'h-vision-api', 'h-vision-tasks',
                          'h-vision-eng', 'h-vision-eng2'},
                         {args[0] for args in run.called('stop_process')})
        self.assertEqual([(run.uwsgi_path, 'heat-vision-api')],
                         run.called('remove_uwsgi_config'))
        self.assertFalse(os.path.exists(run.conf_path))
        self.assertFalse(os.path.exists(os.path.join(run.root, 'data',
                                                     'heat-vision')))

    def test_relay_reaches_the_api_at_its_public_url(self):
        run = self.devstack({'ENABLED_SERVICES': (
            DEVSTACK_GLOBALS['ENABLED_SERVICES'] + ',h-vision-relay')},
            modes=[('stack', 'post-config')])
        self.assert_ok(run)
        conf = run.conf()
        self.assertFalse(conf.relay.mount_in_api)
        self.assertEqual(8005, conf.relay.bind_port)
        self.assertEqual('http://%s/heat-vision-api' % HOST,
                         conf.relay.native_api_url)

    def test_standalone_api(self):
        run = self.devstack({'HEAT_VISION_USE_UWSGI': 'False'},
                            modes=[('stack',) + STACK_PHASES,
                                   ('unstack',), ('clean',)])
        self.assert_ok(run)
        conf_path = os.path.join(run.root, 'etc', 'heat-vision',
                                 'heat-vision.conf')
        self.assertEqual('%s/heat-vision-api --config-file=%s'
                         % (run.bin, conf_path),
                         run.started()['h-vision-api'])
        self.assertEqual([], run.called('write_uwsgi_config'))
        self.assertEqual([], run.called('remove_uwsgi_config'))
        self.assertEqual(
            [('orchestration', 'RegionOne',
              'http://%s:8004/v1/$(project_id)s' % HOST)],
            run.called('get_or_create_endpoint'))
        self.assertEqual([('60', 'http://%s:8004/' % HOST)],
                         run.called('wait_for_service'))

    def test_standalone_port_is_the_setting(self):
        run = self.devstack({'HEAT_VISION_USE_UWSGI': 'False',
                             'HEAT_VISION_SERVICE_PORT': '8999'},
                            modes=[('stack', 'post-config')])
        self.assert_ok(run)
        conf = run.conf()
        self.assertEqual(HOST, conf.api.bind_host)
        self.assertEqual(8999, conf.api.bind_port)
        self.assertEqual('http://%s:8999' % HOST, conf.api.public_endpoint)

    def test_heat_enabled_before_or_after_gives_the_same_cloud(self):
        for settings in ({}, {'HEAT_VISION_USE_UWSGI': 'False'}):
            before = self.devstack(settings, before='enable_service h-api',
                                   modes=[('stack', 'post-config')])
            after = self.devstack(settings, after='enable_service h-api',
                                  modes=[('stack', 'post-config')])
            self.assert_ok(before)
            self.assert_ok(after)
            with open(before.conf_path) as f:
                written_before = f.read().replace(before.root, 'ROOT')
            with open(after.conf_path) as f:
                written_after = f.read().replace(after.root, 'ROOT')
            self.assertEqual(written_before, written_after)
            # Heat owns the orchestration entry of the catalog.
            for run in (before, after):
                self.assertEqual([], run.called('get_or_create_endpoint'))

    def test_local_jobboard_refuses_two_engines(self):
        run = self.devstack({'HEAT_VISION_TASKS_JOBBOARD': 'local',
                             'HEAT_VISION_ENGINE_WORKERS': '2'})
        self.assertEqual(1, run.result.returncode)
        self.assertIn('HEAT_VISION_TASKS_JOBBOARD=local runs jobs in one '
                      'process only', run.called('die')[0][0])
        self.assertEqual([], run.called('setup_develop'))

    def test_local_jobboard_with_one_engine(self):
        run = self.devstack({'HEAT_VISION_TASKS_JOBBOARD': 'local'},
                            modes=[('stack', 'pre-install', 'post-config')])
        self.assert_ok(run)
        conf = run.conf()
        self.assertEqual('local', conf.tasks.jobboard)
        ini = run.ini(run.conf_path)
        self.assertFalse(ini.has_option('tasks', 'jobboard_url'))

    def test_unknown_jobboard(self):
        run = self.devstack({'HEAT_VISION_TASKS_JOBBOARD': 'zookeeper'})
        self.assertEqual(1, run.result.returncode)
        self.assertIn("not 'zookeeper'", run.called('die')[0][0])


def _user():
    return pwd.getpwuid(os.getuid()).pw_name


def _text(value):
    return content.text_content(value or '')
