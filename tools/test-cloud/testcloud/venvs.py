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

"""One cached virtualenv per OpenStack service, built once.

Each service is installed from PyPI at a version of one OpenStack release
(``RELEASE``), held to that release's upper-constraints (a copy of
openstack/requirements' ``upper-constraints.txt`` lies beside this
package), into ``<cache>/<service>-<release>`` where ``<cache>`` is
``~/.cache/heat-vision`` or ``$HV_TEST_CLOUD_CACHE``. A build runs under
a file lock (parallel test workers build once), in a directory beside
the final one, and is moved into place and marked ready last: a venv
without the mark is a build that did not finish, and is built again.
"""

import contextlib
import fcntl
import os
import shutil
import time

from testcloud import installer

HERE = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
RELEASE = '2025.1'
CONSTRAINTS = os.path.join(HERE, 'upper-constraints-%s.txt' % RELEASE)
# Written last, with the package list: a venv without it is unfinished.
READY = 'hv-test-cloud-ready'

_COMMON = ('PyMySQL', 'uwsgi')
#: service -> what pip installs into its venv (2025.1 "Epoxy").
PACKAGES = {
    'keystone': ('keystone==27.1.0',) + _COMMON,
    'placement': ('openstack-placement==13.0.1',) + _COMMON,
    'glance': ('glance==30.2.0',) + _COMMON,
    'neutron': ('neutron==26.0.6',) + _COMMON,
    'nova': ('nova==31.3.1',) + _COMMON,
    # fixtures: the fake volume driver lives in cinder.tests, which
    # imports it.
    'cinder': ('cinder==26.3.0', 'fixtures') + _COMMON,
    # Optional (``OPTIONAL`` in cloud.py): its message store is Redis.
    'zaqar': ('zaqar==20.1.3', 'redis') + _COMMON,
    # Optional. Gnocchi is not an OpenStack project: 4.7.1 is its newest
    # release, held to the same constraints (its index on MariaDB, its
    # keystone middleware).
    'gnocchi': ('gnocchi[mysql,keystone]==4.7.1',) + _COMMON,
    # Optional: Aodh of stable/2025.1.
    'aodh': ('aodh==20.0.1',) + _COMMON,
    # Optional: the API and the worker on Octavia's noop amphora and
    # compute drivers (testcloud/octavia.py).
    'octavia': ('octavia==16.1.0',) + _COMMON,
    # Optional: Swift of 2025.1, its servers in one venv; authtoken for
    # the proxy's Keystone pipeline (Swift does not require it).
    'swift': ('swift==2.35.0', 'keystonemiddleware'),
}
#: Local packages installed after the service, by path under ``HERE``.
LOCAL_PACKAGES = {
    'neutron': ('hv_test_cloud_ml2',),
    'octavia': ('hv_test_cloud_octavia',),
}


def cache_root():
    return os.environ.get('HV_TEST_CLOUD_CACHE') or os.path.join(
        os.path.expanduser('~'), '.cache', 'heat-vision')


def path(service):
    return os.path.join(cache_root(), '%s-%s' % (service, RELEASE))


def is_ready(service):
    return os.path.exists(os.path.join(path(service), READY))


def binary(service, name):
    return os.path.join(path(service), 'bin', name)


def command(service, script):
    """argv running the venv's console ``script`` with its own python.

    (A venv built aside and moved keeps the old path in its shebangs.)
    """
    return [binary(service, 'python'), binary(service, script)]


@contextlib.contextmanager
def _locked(venv):
    os.makedirs(os.path.dirname(venv), exist_ok=True)
    with open(venv + '.lock', 'w') as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def ensure(service, log_dir, timeout=3600):
    """:returns: ``service``'s venv path, building it when missing."""
    venv = path(service)
    if is_ready(service):
        return venv
    with _locked(venv):
        if is_ready(service):
            return venv
        building = venv + '.building'
        shutil.rmtree(building, ignore_errors=True)
        started = time.monotonic()
        log_path = os.path.join(log_dir, 'pip-%s.log' % service)
        with open(log_path, 'w') as log:
            # On the interpreter's own base python: the caller's venv
            # (say, heat-vision's) must not leak into the service's.
            tool = installer.Installer(timeout)
            tool.create(building, log)
            tool.install(building, ['-c', CONSTRAINTS] +
                         list(PACKAGES[service]), log)
            for local in LOCAL_PACKAGES.get(service, ()):
                tool.install(building, ['--no-deps',
                                        os.path.join(HERE, local)], log)
        shutil.rmtree(venv, ignore_errors=True)
        os.rename(building, venv)
        with open(os.path.join(venv, READY), 'w') as f:
            f.write('%s\n%.0f s (%s)\n' % (' '.join(PACKAGES[service]),
                                           time.monotonic() - started,
                                           tool.name))
    return venv
