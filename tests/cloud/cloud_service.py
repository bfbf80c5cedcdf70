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

"""The small real OpenStack cloud of ``tools/test-cloud``, as a fixture.

:class:`TestCloud` runs ``tools/test-cloud/test-cloud start`` (Keystone,
Placement, Glance, Neutron, Nova on its fake virt driver, Cinder on a
fake volume driver, each from PyPI in a cached virtualenv) and gives the
tests what they need to reach it:

* ``clouds_yaml`` and ``cloud_name`` (``hv-test-cloud``: the admin;
  ``hv-test-cloud-demo``: a member of project ``demo``);
* ``auth``: keystoneauth password arguments of the admin (``auth_url``,
  ``username``, ``password``, ``project_name``, ``user_domain_id``,
  ``project_domain_id``), ``demo_auth`` likewise, ``region_name``;
* ``endpoints``: catalog type -> URL; ``info``: all of ``cloud.json``;
* :meth:`TestCloud.connection`: an openstacksdk connection.

An optional service (``optional=('zaqar',)``) is added to whichever
cloud the test uses (``test-cloud add``) when that cloud lacks it: the
default start never waits for it.

One cloud serves every test process of the machine's user (stestr's
workers run cloud tests side by side, each in a project of its own: see
:meth:`TestCloud.new_member`): the first process to need it starts it in
``SHARED_STATE`` under a file lock, each process registers itself there,
and the last one to exit stops it. With ``HV_TEST_CLOUD_STATE`` naming
the state directory of a cloud started by hand
(``tools/test-cloud/test-cloud start``), the tests use that one and
leave it running. ``private=True`` gives a test a cloud of its own,
stopped at clean-up.

Tests that need it carry the ``cloud`` attribute (``@needs_cloud``), so
``stestr run --exclude-regex '\\[.*\\bcloud\\b'`` runs the rest.
"""

import atexit
import json
import os
import subprocess
import sys
import tempfile
import threading
import uuid

import fixtures
import testtools

from tests import file_lock

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, 'tools', 'test-cloud', 'test-cloud')
SERVICES = ('keystone', 'placement', 'glance', 'neutron', 'nova', 'cinder')
#: Seconds a start may take: a first one builds six virtualenvs.
START_TIMEOUT = int(os.environ.get('HV_TEST_CLOUD_START_TIMEOUT', 3000))

needs_cloud = testtools.testcase.attr('cloud')


class CloudUnavailable(Exception):
    pass


def _script(action, state_dir, *args, timeout=START_TIMEOUT):
    result = subprocess.run(
        [sys.executable, SCRIPT, action, '--state-dir', state_dir, '--json']
        + list(args), capture_output=True, text=True, timeout=timeout)
    if result.returncode:
        raise CloudUnavailable('test-cloud %s failed (%s):\n%s' % (
            action, result.returncode, result.stderr[-20000:]))
    return json.loads(result.stdout)


#: Where the cloud the test processes share lives.
SHARED_STATE = os.environ.get('HV_TEST_CLOUD_SHARED_STATE') or os.path.join(
    tempfile.gettempdir(), 'hv-test-cloud-shared-%d' % os.getuid())

_shared = {}
_shared_lock = threading.Lock()


def machine_lock():
    """Held while a process starts, joins or leaves the shared cloud, or
    makes one of the cloud's shared objects.
    """
    return file_lock.held(SHARED_STATE + '.lock')


def _users_dir():
    path = SHARED_STATE + '.users'
    os.makedirs(path, exist_ok=True)
    return path


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def _live_users():
    """The PIDs of the processes using the shared cloud (the files of
    processes that died without leaving are removed).
    """
    users = set()
    for name in os.listdir(_users_dir()):
        path = os.path.join(_users_dir(), name)
        if name.isdigit() and _alive(int(name)):
            users.add(int(name))
        else:
            os.unlink(path)
    return users


def _leave_shared_cloud():
    with machine_lock():
        path = os.path.join(_users_dir(), str(os.getpid()))
        if os.path.exists(path):
            os.unlink(path)
        if not _live_users():
            _script('stop', SHARED_STATE, timeout=300)


def _shared_cloud(services):
    """Join the machine's shared cloud, starting it if none runs; the
    last process to exit stops it.
    """
    with _shared_lock:
        if 'info' not in _shared:
            if 'error' in _shared:
                raise CloudUnavailable(_shared['error'])
            with machine_lock():
                open(os.path.join(_users_dir(), str(os.getpid())),
                     'w').close()
                atexit.register(_leave_shared_cloud)
                try:
                    # A cloud already running there is returned as it is.
                    _shared['info'] = _script(
                        'start', SHARED_STATE, '--services',
                        ','.join(services))
                except (CloudUnavailable,
                        subprocess.TimeoutExpired) as error:
                    # Once per process: later tests fail at once the
                    # same way.
                    _shared['error'] = str(error)
                    raise CloudUnavailable(str(error))
        return _shared['info']


def _with_optional(state_dir, info, optional):
    """``info`` of the cloud in ``state_dir``, with the ``optional``
    services added if it lacks them.
    """
    if all(s in info['services'] for s in optional):
        return info
    with _shared_lock, machine_lock():
        # Another process may have added them meanwhile.
        info = _script('status', state_dir, timeout=60)['cloud']
        missing = [s for s in optional if s not in info['services']]
        if missing:
            info = _script('add', state_dir, '--services',
                           ','.join(missing))
        if state_dir == SHARED_STATE:
            _shared['info'] = info
    return info


class TestCloud(fixtures.Fixture):
    """A running test cloud; see the module's docstring.

    :param private: a cloud of this fixture's own, stopped at clean-up.
    :param services: what to start (Keystone first), for a private one.
    :param optional: optional services (``zaqar``) the test needs.
    :raises CloudUnavailable: when the cloud cannot start.
    """

    def __init__(self, private=False, services=SERVICES, optional=()):
        super().__init__()
        self.private = private
        self.services = services
        self.optional = tuple(optional)

    def _setUp(self):
        by_hand = os.environ.get('HV_TEST_CLOUD_STATE')
        if self.private:
            state_dir = self.useFixture(fixtures.TempDir()).path
            self.addCleanup(_script, 'stop', state_dir, timeout=300)
            info = _script('start', state_dir, '--services',
                           ','.join(tuple(self.services) + self.optional))
        elif by_hand:
            status = _script('status', by_hand, timeout=60)
            if not status['running'] or not status['cloud']:
                raise CloudUnavailable(
                    'HV_TEST_CLOUD_STATE=%s: no cloud is running there '
                    '(tools/test-cloud/test-cloud start)' % by_hand)
            info = _with_optional(by_hand, status['cloud'], self.optional)
        else:
            info = _shared_cloud(self.services)
            info = _with_optional(SHARED_STATE, info, self.optional)
        self.info = info
        self.clouds_yaml = info['clouds_yaml']
        self.cloud_name = info['cloud_name']
        self.region_name = info['region_name']
        self.auth = dict(info['auth'])
        self.demo_auth = dict(info['demo_auth'])
        self.endpoints = dict(info['endpoints'])
        self.services = tuple(info['services'])

    def connection(self, demo=False, auth=None, **kwargs):
        """:returns: an ``openstack.connection.Connection`` as the admin
        (with ``demo``, as the member of project ``demo``; with ``auth``,
        as that user).
        """
        import openstack
        if auth is None:
            auth = self.demo_auth if demo else self.auth
        return openstack.connection.Connection(
            auth=auth, region_name=self.region_name,
            identity_api_version='3', **kwargs)

    def new_member(self, testcase, admin):
        """A project of ``testcase``'s own with a user of role ``member``
        in it, both deleted at clean-up: tests running side by side on
        the shared cloud see none of each other's objects.

        :returns: keystoneauth password arguments of the user.
        """
        name = 'hv-project-%s' % uuid.uuid4().hex[:12]
        password = uuid.uuid4().hex
        identity = admin.identity
        project = identity.create_project(name=name, domain_id='default')
        testcase.addCleanup(identity.delete_project, project,
                            ignore_missing=True)
        user = identity.create_user(name=name, password=password,
                                    domain_id='default',
                                    default_project_id=project.id)
        testcase.addCleanup(identity.delete_user, user, ignore_missing=True)
        identity.assign_project_role_to_user(
            project, user, identity.find_role('member'))
        return dict(self.demo_auth, username=name, password=password,
                    project_name=name)


def require(testcase, **kwargs):
    """:returns: a :class:`TestCloud` in use by ``testcase``.

    When the cloud cannot start the test fails under ``CI=true`` and is
    skipped elsewhere, with the reason.
    """
    cloud = TestCloud(**kwargs)
    try:
        cloud.setUp()
    except fixtures.MultipleExceptions as errors:
        error = errors.args[0][1]
        if not isinstance(error, (CloudUnavailable,
                                  subprocess.TimeoutExpired)):
            raise
        message = 'the test cloud did not start: %s' % error
        if os.environ.get('CI') == 'true':
            testcase.fail(message + ' (CI=true: it must start)')
        testcase.skipTest(message)
    testcase.addCleanup(cloud.cleanUp)
    return cloud
