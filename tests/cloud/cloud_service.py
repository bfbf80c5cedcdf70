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

One cloud serves every test of a test process: the first user starts it
and it is stopped when the process exits. With ``HV_TEST_CLOUD_STATE``
naming the state directory of a cloud started by hand
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

import fixtures
import testtools

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


_shared = {}
_shared_lock = threading.Lock()


def _shared_cloud(services):
    """Start the process's cloud once; stop it when the process exits."""
    with _shared_lock:
        if 'info' not in _shared:
            if 'error' in _shared:
                raise CloudUnavailable(_shared['error'])
            state_dir = tempfile.mkdtemp(prefix='hv-test-cloud-')
            atexit.register(_script, 'stop', state_dir, timeout=300)
            _shared['state_dir'] = state_dir
            try:
                _shared['info'] = _script('start', state_dir, '--services',
                                          ','.join(services))
            except (CloudUnavailable, subprocess.TimeoutExpired) as error:
                # Once per process: later tests fail at once the same way.
                _shared['error'] = str(error)
                raise CloudUnavailable(str(error))
        return _shared['info']


def _with_optional(state_dir, info, optional):
    """``info`` of the cloud in ``state_dir``, with the ``optional``
    services added if it lacks them.
    """
    missing = [s for s in optional if s not in info['services']]
    if not missing:
        return info
    with _shared_lock:
        info = _script('add', state_dir, '--services', ','.join(missing))
        if _shared.get('state_dir') == state_dir:
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
            info = _with_optional(_shared['state_dir'], info, self.optional)
        self.info = info
        self.clouds_yaml = info['clouds_yaml']
        self.cloud_name = info['cloud_name']
        self.region_name = info['region_name']
        self.auth = dict(info['auth'])
        self.demo_auth = dict(info['demo_auth'])
        self.endpoints = dict(info['endpoints'])
        self.services = tuple(info['services'])

    def connection(self, demo=False, **kwargs):
        """:returns: an ``openstack.connection.Connection`` as the admin
        (or, with ``demo``, as the member of project ``demo``).
        """
        import openstack
        return openstack.connection.Connection(
            auth=self.demo_auth if demo else self.auth,
            region_name=self.region_name, identity_api_version='3',
            **kwargs)


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
