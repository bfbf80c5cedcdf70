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

"""heat-vision-all behind a real Keystone, for the auth tests.

One Keystone per test process (its start costs half a minute) unless a
class asks for its own (``TOKEN_EXPIRATION``); one heat-vision-all per
class, configured as the devstack plugin configures heat-vision
(``heat_vision_config``), in the catalog as ``orchestration``.
"""

import atexit
import threading

from keystoneauth1.identity import v3
from keystoneauth1 import session as ks_session
from testtools import content

from tests import base
from tests.cloud import keystone_service
from tests.functional.compat import base as compat_base

_SHARED = {}


def trusts_config(keystone_url):
    """Deferred auth by trusts, as the devstack plugin configures it."""
    return {'DEFAULT': {'deferred_auth_method': 'trusts'},
            'trustee': {'auth_type': 'password', 'auth_url': keystone_url,
                        'username': keystone_service.SERVICE_USER,
                        'password': keystone_service.PASSWORD,
                        'user_domain_name': 'Default'}}


#: Configurations of the auth tests (the devstack test checks that the
#: plugin writes each option).
CONFIG_VARIANTS = (trusts_config,)
_LOCK = threading.Lock()


def shared_keystone():
    """The test process's Keystone, started on first use."""
    with _LOCK:
        if 'keystone' not in _SHARED:
            keystone = keystone_service.KeystoneService()
            keystone.setUp()
            atexit.register(keystone.cleanUp)
            _SHARED['keystone'] = keystone
        return _SHARED['keystone']


def heat_vision_config(keystone_url, extra=None):
    """heat-vision.conf's sections against the Keystone at ``keystone_url``.

    The same options the devstack plugin writes (a unit test holds the
    two together): keystone auth, and keystonemiddleware's section as
    devstack's ``configure_keystone_authtoken_middleware`` writes it.
    """
    sections = {'api': {'auth_strategy': 'keystone'},
                'keystone_authtoken': keystone_service.authtoken_options(
                    keystone_url)}
    for section, options in (extra or {}).items():
        sections.setdefault(section, {}).update(options)
    return sections


def session(keystone, user, project=None):
    """A keystoneauth session logged in with ``user``'s password."""
    auth = v3.Password(
        auth_url=keystone.url, username=user,
        password=keystone_service.PASSWORD, user_domain_id='default',
        project_name=project or keystone_service.USERS[user][0],
        project_domain_id='default')
    return ks_session.Session(auth=auth)


class KeystoneServiceTestCase(base.TestCase):
    """``cls.keystone`` and ``cls.service`` (heat-vision-all) for a class."""

    #: Seconds a token lives; set to get a Keystone of the class's own.
    TOKEN_EXPIRATION = None
    #: The database of the class's own Keystone (``sqlite`` or ``mysql``).
    KEYSTONE_DATABASE = 'sqlite'

    @classmethod
    def service_config(cls, keystone_url):
        """:returns: the sections added to heat-vision's config."""
        return trusts_config(keystone_url)

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        if cls.TOKEN_EXPIRATION:
            cls.keystone = keystone_service.KeystoneService(
                cls.TOKEN_EXPIRATION, cls.KEYSTONE_DATABASE)
            cls.keystone.setUp()
        else:
            cls.keystone = shared_keystone()
        try:
            cls.service = compat_base.Service(heat_vision_config(
                cls.keystone.url, cls.service_config(cls.keystone.url)))
            cls.keystone.register_orchestration(
                cls.service.root + '/v1/$(project_id)s')
            cls.service.start()
        except Exception:
            cls._stop_own_keystone()
            raise

    @classmethod
    def tearDownClass(cls):
        cls.service.stop()
        cls._stop_own_keystone()
        super().tearDownClass()

    @classmethod
    def _stop_own_keystone(cls):
        if cls.TOKEN_EXPIRATION:
            cls.keystone.cleanUp()

    def setUp(self):
        super().setUp()
        self.addOnException(self._attach_logs)

    def _attach_logs(self, exc_info):
        self.addDetail('server-log',
                       content.text_content(self.service.log()))
        self.addDetail('keystone-log',
                       content.text_content(self.keystone.log()))
