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

"""Aodh, the alarming service: an optional part of the test cloud.

Left out of a default start; started with the others or added to a
running cloud (``add --services gnocchi,aodh``) by the tests that need
it. ``aodh-api`` under uwsgi behind the cloud's Keystone, registered as
``alarming``; ``aodh-evaluator`` and ``aodh-notifier`` on the cloud's
vhost (no listener: event alarms are tested on
``tests/cloud/aodh_service.py``'s Aodh). Its ``[service_credentials]``
(user ``aodh``) let it check a gnocchi rule against the cloud's Gnocchi
when an alarm is made (aodh/api/controllers/v2/alarm_rules/gnocchi.py),
read the measures when it evaluates, and keep the Keystone trust of a
``trust+`` action (Heat's ``signal_url``) and act with it.
"""

import os

from testcloud import config
from testcloud import venvs
from testcloud import wsgi_apps

#: Aodh evaluates its alarms this often (seconds; Aodh's default is 60).
EVALUATION_INTERVAL = 5
DAEMONS = ('aodh-evaluator', 'aodh-notifier')


def configure(cloud):
    """:returns: aodh.conf's sections."""
    return config.merge(config.common(cloud, 'aodh'), {
        'api': {'auth_mode': 'keystone',
                'paste_config': wsgi_apps.paste_path(cloud, 'aodh')},
        'database': {'connection': cloud.db_url('aodh')},
        'keystone_authtoken': config.authtoken(cloud, 'aodh'),
        'service_credentials': dict(config.service_auth(cloud, 'aodh'),
                                    interface='public'),
        'evaluator': {'evaluation_interval': EVALUATION_INTERVAL},
    })


def start(cloud):
    conf = ['--config-file', cloud.etc['aodh']]
    cloud._migrate('aodh', ['aodh-dbsync'] + conf, 'aodh', 'aodh')
    wsgi_apps.write_paste(cloud, 'aodh', os.path.join('aodh', 'api'))
    wsgi_apps.start_uwsgi(cloud, 'aodh', [
        '--wsgi-file', venvs.binary('aodh', 'aodh-api')])
    for name in DAEMONS:
        cloud.procs.start(name, venvs.command('aodh', name) + conf)


def ready(cloud):
    for name in DAEMONS:
        cloud.procs.check_alive(name)
