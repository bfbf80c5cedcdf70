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

"""The real Aodh, from PyPI, for the functional tests (and by hand).

Aodh is never a dependency of heat-vision: :func:`ensure_venv` installs
``aodh==AODH_VERSION`` (and PyMySQL) into a virtualenv of its own, held
to the versions of ``aodh-<version>-constraints.txt`` when there is one,
cached under ``~/.cache/heat-vision/aodh-venv-<version>`` (``HV_AODH_CACHE``
moves the cache, ``HV_AODH_VERSION`` picks the version). The
:class:`AodhService` fixture then runs, on the local MariaDB (a database
of its own) and RabbitMQ (topics of its own):

* ``aodh-api`` on a loopback port, ``[api] auth_mode = noauth``: callers
  say who they are with ``X-Project-Id``, ``X-User-Id`` and ``X-Roles``;
  or, given a Keystone and Aodh's service user there (``keystone``),
  behind that Keystone (``auth_mode = keystone``), with the service
  credentials its ``trust+`` actions need (aodh/keystone_client.py);
* ``aodh-listener``, which evaluates event alarms on ``event_topic``;
* ``aodh-evaluator`` (threshold-style alarms, on its period);
* ``aodh-notifier``, which runs the actions (HTTP POSTs) of the alarm
  transitions the others put on ``alarm_topic``.

It waits until the API answers and the listener's and notifier's queues
exist, and stops every process it started (and their workers) by PID.

By hand::

    python -m tests.cloud.aodh_service [--version 23.0.0]

prints the endpoint, topics and database as JSON and runs until
interrupted.
"""

import argparse
import contextlib
import fcntl
import glob
import json
import os
import shutil
import signal
import subprocess
import tempfile
import time
import uuid

import fixtures
import kombu
from oslo_config import cfg
import oslo_messaging

from heat_vision.rpc import transport as hv_transport
from tests import backends
from tests.functional import processes
from tests import venv_installer
from tests import waiting

AODH_VERSION = os.environ.get('HV_AODH_VERSION', '23.0.0')
#: The versions of every package of a working Aodh venv of a version,
#: where one is kept (``aodh-<version>-constraints.txt`` beside this
#: module, from ``uv pip freeze`` of it): PyPI's newest releases of
#: Aodh's dependencies are not what a build tomorrow must take (one
#: morning they broke the tests' Keystone at import).
CONSTRAINTS = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                           'aodh-%s-constraints.txt')
CACHE_ROOT = os.environ.get(
    'HV_AODH_CACHE',
    os.path.join(os.path.expanduser('~'), '.cache', 'heat-vision'))
#: What the venv gets besides Aodh: its MariaDB driver.
EXTRA_PACKAGES = ('PyMySQL',)
DAEMONS = ('aodh-listener', 'aodh-notifier', 'aodh-evaluator')
_READY = '.ready'


def venv_path(version=AODH_VERSION):
    return os.path.join(CACHE_ROOT, 'aodh-venv-%s' % version)


def ensure_venv(version=AODH_VERSION, timeout=1200):
    """The cached virtualenv with Aodh ``version``; built when missing.

    Built under a lock (concurrent test processes build it once); the
    ``.ready`` marker is written last, so a half-built one is built again.

    :returns: the virtualenv's path.
    :raises: AssertionError with pip's output when the install fails.
    """
    path = venv_path(version)
    os.makedirs(CACHE_ROOT, exist_ok=True)
    with open(path + '.lock', 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if os.path.exists(os.path.join(path, _READY)):
            return path
        shutil.rmtree(path, ignore_errors=True)
        tool = venv_installer.Installer(timeout)
        try:
            tool.create(path)
            pinned = CONSTRAINTS % version
            tool.install(path, (['-c', pinned] if os.path.exists(pinned)
                                else []) + ['aodh==%s' % version] +
                         list(EXTRA_PACKAGES))
        except RuntimeError as failed:
            shutil.rmtree(path, ignore_errors=True)
            raise AssertionError('installing aodh==%s failed:\n%s' % (
                version, failed))
        with open(os.path.join(path, _READY), 'w') as f:
            f.write(version + '\n')
    return path


class _ProcessGroup(processes.Process):
    """An Aodh daemon: a cotyledon master that forks its workers.

    The process runs in a session of its own, so its group id is its
    PID: stopping it also ends any worker the master left behind.
    """

    def stop(self, sig=signal.SIGTERM, timeout=20):
        pid = self.popen.pid
        super().stop(sig, timeout)
        with contextlib.suppress(ProcessLookupError, PermissionError):
            os.killpg(pid, signal.SIGKILL)


def _amqp_url(transport_url):
    return transport_url.replace('rabbit://', 'amqp://', 1)


def delete_queues(transport_url, names):
    """Delete RabbitMQ queues a test made (durable ones outlive it)."""
    with kombu.Connection(_amqp_url(transport_url)) as connection:
        for name in names:
            with connection.channel() as channel:
                channel.queue_delete(queue=name)


def _queue_exists(connection, name):
    try:
        with connection.channel() as channel:
            channel.queue_declare(queue=name, passive=True)
        return True
    except connection.channel_errors:
        return False


class AodhService(fixtures.Fixture):
    """Aodh's API, listener, evaluator and notifier, on loopback.

    After ``setUp``: ``url`` (the API), ``transport_url``, ``exchange``,
    ``event_topic`` (where Ceilometer-style event notifications go),
    ``alarm_topic`` (where Aodh puts its alarm transitions, event type
    ``alarm.update``, priority ``sample``), ``database_url``,
    ``config_path``, ``processes`` (name -> :class:`processes.Process`)
    and ``start_seconds`` (venv and start).

    :param log_dir: where the config and the processes' logs go.
    :param keystone: None (noauth), or the password login of Aodh's
        service user in the project ``service`` (``auth_url``,
        ``username``, ``password``, ``region_name``).
    """

    def __init__(self, log_dir, version=AODH_VERSION,
                 transport_url=backends.RABBIT_URL, keystone=None):
        super().__init__()
        self.log_dir = log_dir
        self.version = version
        self.transport_url = transport_url
        self.keystone = keystone
        self.processes = {}
        self.start_seconds = {}

    def _setUp(self):
        started = time.monotonic()
        self.venv = ensure_venv(self.version)
        self.start_seconds['venv'] = time.monotonic() - started
        self.database_url = self.useFixture(
            backends.TemporaryDatabase('mysql')).url
        unique = uuid.uuid4().hex[:12]
        self.exchange = 'aodh-test-' + unique
        self.alarm_topic = 'aodh-alarming-' + unique
        self.event_topic = 'aodh-events-' + unique
        self.port = processes.free_port()
        self.url = 'http://127.0.0.1:%d' % self.port
        self.config_path = self._write_config()
        # Cleaned up after the processes stop (clean-ups run last first).
        self.addCleanup(delete_queues, self.transport_url,
                        [self.event_topic + '.sample',
                         self.alarm_topic + '.sample'])
        self._run('aodh-dbsync', '--config-file', self.config_path)
        self._start('aodh-api', '--port', str(self.port), '--host',
                    '127.0.0.1', '--', '--config-file', self.config_path)
        for daemon in DAEMONS:
            self._start(daemon, '--config-file', self.config_path)
        processes.wait_for_http(self.url + '/', self.processes['aodh-api'],
                                timeout=180)
        self._wait_for_queues([self.event_topic + '.sample',
                               self.alarm_topic + '.sample'])
        self.start_seconds['start'] = (time.monotonic() - started -
                                       self.start_seconds['venv'])

    def _bin(self, name):
        return os.path.join(self.venv, 'bin', name)

    def _write_config(self):
        return processes.write_config(
            os.path.join(self.log_dir, 'aodh.conf'), {
                'DEFAULT': {
                    'transport_url': self.transport_url,
                    'control_exchange': self.exchange,
                    'notifier_topic': self.alarm_topic,
                    # Alarms are read for each event, not from a cache a
                    # minute old: a test's new alarm counts at once.
                    'event_alarm_cache_ttl': 0,
                    'graceful_shutdown_timeout': 5,
                    'debug': True,
                    'use_stderr': True,
                },
                'database': {'connection': self.database_url},
                'listener': {'event_alarm_topic': self.event_topic},
                'oslo_messaging_notifications': {'driver': 'messagingv2'},
                **self._auth_sections(),
            })

    def _auth_sections(self):
        if self.keystone is None:
            return {'api': {'auth_mode': 'noauth'}}
        login = {'auth_type': 'password',
                 'auth_url': self.keystone['auth_url'],
                 'username': self.keystone['username'],
                 'password': self.keystone['password'],
                 'user_domain_id': 'default', 'project_name': 'service',
                 'project_domain_id': 'default'}
        return {
            'api': {'auth_mode': 'keystone',
                    'paste_config': self._paste_config()},
            'keystone_authtoken': dict(
                login, www_authenticate_uri=self.keystone['auth_url'],
                region_name=self.keystone['region_name']),
            'service_credentials': dict(
                login, interface='public',
                region_name=self.keystone['region_name']),
        }

    def _paste_config(self):
        """Aodh's own paste pipelines, its ``authtoken`` filter reading
        this configuration file (by default keystonemiddleware reads
        /etc/aodh/aodh.conf, as devstack writes it).
        """
        packaged = glob.glob(os.path.join(
            self.venv, 'lib', 'python*', 'site-packages', 'aodh', 'api',
            'api-paste.ini'))[0]
        with open(packaged) as f:
            text = f.read()
        factory = ('paste.filter_factory = '
                   'keystonemiddleware.auth_token:filter_factory')
        assert factory in text, packaged
        path = os.path.join(self.log_dir, 'api-paste.ini')
        with open(path, 'w') as f:
            f.write(text.replace(factory, '%s\noslo_config_file = %s' % (
                factory, os.path.join(self.log_dir, 'aodh.conf'))))
        return path

    def _run(self, name, *args):
        result = subprocess.run([self._bin(name)] + list(args),
                                capture_output=True, text=True, timeout=300)
        if result.returncode:
            raise AssertionError('%s failed (%s):\n%s' % (
                name, result.returncode, result.stderr[-10000:]))

    def _start(self, name, *args):
        process = self.useFixture(_ProcessGroup(self._bin(name), args,
                                                self.log_dir, label=name))
        self.processes[name] = process

    def _wait_for_queues(self, names, timeout=180):
        """Wait until Aodh's consumers have declared their queues.

        RabbitMQ drops a notification sent to a topic no queue is bound
        for.
        """
        deadline = time.monotonic() + timeout
        with kombu.Connection(_amqp_url(self.transport_url)) as connection:
            while time.monotonic() < deadline:
                for process in self.processes.values():
                    if process.popen.poll() is not None:
                        raise AssertionError('%s exited with %s:\n%s' % (
                            process.name, process.popen.returncode,
                            process.log()[-10000:]))
                if all(_queue_exists(connection, n) for n in names):
                    return
                time.sleep(0.2)
        raise AssertionError('Aodh did not declare %s in %ss'
                             % (names, timeout))

    def attach_logs_to(self, testcase):
        """Show the Aodh processes' logs with the test's failure."""
        for process in self.processes.values():
            process.attach_log_to(testcase)

    # Talking to it ------------------------------------------------------

    @staticmethod
    def headers(project_id, user_id='hv-test-user', roles='admin'):
        """The identity headers Aodh's noauth API reads."""
        return {'X-Project-Id': project_id, 'X-User-Id': user_id,
                'X-Roles': roles, 'Content-Type': 'application/json'}

    def transport(self):
        """A notification transport on Aodh's RabbitMQ and exchange.

        Built from Aodh's own configuration file (its ``transport_url``
        and ``control_exchange``), in a configuration object of its own.
        """
        conf = cfg.ConfigOpts()
        conf(['--config-file', self.config_path], project='hv-aodh-test',
             default_config_files=[], default_config_dirs=[])
        transport = oslo_messaging.get_notification_transport(conf)
        self.addCleanup(transport.cleanup)
        return transport

    def notifier(self, publisher_id='telemetry.publisher.hv-test'):
        """An oslo.messaging notifier onto ``event_topic``."""
        transport = self.transport()
        return oslo_messaging.Notifier(transport, driver='messagingv2',
                                       publisher_id=publisher_id,
                                       topics=[self.event_topic])

    def publish_event(self, event_type, traits, project_id,
                      message_id=None):
        """Publish one event the way Ceilometer's notifier publisher does.

        Ceilometer sends ``sample(ctxt, event_type='event', payload=[...])``
        with each event as ``message_from_event`` makes it: id, type,
        time, ``traits`` as ``[name, type code, value]`` triples. Aodh's
        listener takes the event's project from its ``project_id`` (or
        ``tenant_id``) trait.

        :param traits: ``{name: str value}`` (type code 1: string).
        :returns: the event dict sent.
        """
        traits = dict(traits, project_id=project_id)
        event = {
            'message_id': message_id or str(uuid.uuid4()),
            'event_type': event_type,
            'generated': time.strftime('%Y-%m-%dT%H:%M:%S', time.gmtime()),
            'traits': [[name, 1, str(value)]
                       for name, value in sorted(traits.items())],
            'raw': {},
            'message_signature': '',
        }
        self.notifier().sample({}, event_type='event', payload=[event])
        return event


class TransitionCollector(fixtures.Fixture):
    """Collects the alarm transitions Aodh puts on its queue.

    A notification listener of its own (an oslo.messaging *pool*, so
    aodh-notifier still gets its copy) on ``aodh.alarm_topic``;
    ``received`` is a list of ``(publisher_id, event_type, payload)``.
    """

    def __init__(self, aodh, pool='hv-test-transitions'):
        super().__init__()
        self.aodh = aodh
        self.pool = pool
        self.received = []

    def sample(self, ctxt, publisher_id, event_type, payload, metadata):
        self.received.append((publisher_id, event_type, payload))

    def _setUp(self):
        target = oslo_messaging.Target(topic=self.aodh.alarm_topic,
                                       exchange=self.aodh.exchange)
        listener = hv_transport.prompt(
            oslo_messaging.get_notification_listener(
                self.aodh.transport(), [target], [self],
                executor='threading', pool=self.pool))
        listener.start()
        # oslo.messaging names a pool's queue after the pool.
        self.addCleanup(delete_queues, self.aodh.transport_url, [self.pool])
        self.addCleanup(listener.wait)
        self.addCleanup(listener.stop)

    def wait_for(self, predicate, timeout=120):
        """:returns: the first payload ``predicate`` accepts."""
        return waiting.wait_until(
            lambda: next((received for received in list(self.received)
                          if predicate(received[2])), None),
            timeout, interval=0.1,
            describe=lambda: 'a matching alarm transition; got %r' % (
                self.received,))


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--version', default=AODH_VERSION)
    parser.add_argument('--log-dir', help='default: a new temporary one')
    args = parser.parse_args(argv)
    log_dir = args.log_dir or tempfile.mkdtemp(prefix='aodh-')
    service = AodhService(log_dir, version=args.version)
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(True))
    service.setUp()
    try:
        print(json.dumps({
            'url': service.url, 'transport_url': service.transport_url,
            'exchange': service.exchange, 'event_topic': service.event_topic,
            'alarm_topic': service.alarm_topic,
            'database_url': service.database_url, 'log_dir': log_dir,
            'seconds': service.start_seconds}, indent=2), flush=True)
        while not stop:
            time.sleep(0.5)
    except KeyboardInterrupt:
        pass
    finally:
        service.cleanUp()


if __name__ == '__main__':
    main()
