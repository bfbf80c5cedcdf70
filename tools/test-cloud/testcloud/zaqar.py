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

"""Zaqar, the messaging service: an optional part of the test cloud.

Left out of a default start (``SERVICES``); started with the others
(``start --services ...,zaqar``) or added to a running cloud (``add
--services zaqar``) by the tests that need it. Messages, queues and
subscriptions are kept in Redis (the host's, in a database number of
the test cloud's own: ``HV_TEST_CLOUD_ZAQAR_REDIS``; a cloud's queues
are apart from another's by project), pools and flavors (the
management store) in MariaDB through SQLAlchemy. ``zaqar-server``
serves the API (one process, wsgiref: enough for tests) behind the
cloud's Keystone, registered as ``messaging``.
"""

import os
import secrets

from testcloud import config
from testcloud import venvs

#: Redis database 7: the tasks' jobboard tests use 0.
REDIS = os.environ.get('HV_TEST_CLOUD_ZAQAR_REDIS',
                       'redis://127.0.0.1:6379?dbid=7')


def configure(cloud):
    """:returns: zaqar.conf's sections."""
    return config.merge(config.common(cloud, 'zaqar'), {
        'DEFAULT': {'auth_strategy': 'keystone'},
        'drivers': {'transport': 'wsgi', 'message_store': 'redis',
                    'management_store': 'sqlalchemy'},
        'drivers:transport:wsgi': {'bind': '127.0.0.1',
                                   'port': cloud.ports['zaqar']},
        'drivers:message_store:redis': {'uri': REDIS},
        'drivers:management_store:sqlalchemy': {
            'uri': cloud.db_url('zaqar')},
        'keystone_authtoken': config.authtoken(cloud, 'zaqar'),
        'signed_url': {'secret_key': secrets.token_hex(16)},
    })


def start(cloud):
    conf = ['--config-file', cloud.etc['zaqar']]
    cloud._migrate('zaqar', ['zaqar-sql-db-manage'] + conf
                   + ['upgrade', 'head'], 'zaqar', 'zaqar')
    cloud.procs.start('zaqar', venvs.command('zaqar', 'zaqar-server')
                      + conf)
