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

"""Nova: its three databases, cells v2, its services, its compute host.

Cells are set up with ``nova-manage`` as the install guide does: cell0
mapped to its database, then ``cell1`` created on the main database and
the cloud's vhost. The API, conductor and scheduler start once the cells
exist (they read the cell list when they start); nova-compute, with the
fake virt driver, once Placement answers; its host is then discovered.
"""

import json
import os
import time
import urllib.request

from testcloud import identity


def _manage(cloud, *args):
    return cloud._run('nova', 'nova-manage', '--config-file',
                      cloud.etc['nova'], *args)


def prepare(cloud):
    conf = ['--config-file', cloud.etc['nova']]
    cloud._migrate('nova', ['nova-manage'] + conf + ['api_db', 'sync'],
                   'nova_api', 'nova_api')
    _manage(cloud, 'cell_v2', 'map_cell0', '--database_connection',
            cloud.db_url('nova_cell0'))
    if 'nova' in cloud._unmigrated:
        # Migrates the main database and the mapped cell0.
        cloud._migrate('nova', ['nova-manage'] + conf + ['db', 'sync'],
                       'nova', 'nova_cell1')
    _manage(cloud, 'cell_v2', 'create_cell', '--name', 'cell1')


def start_services(cloud):
    conf = ['--config-file', cloud.etc['nova']]
    from testcloud import venvs
    for name in ('nova-api', 'nova-conductor', 'nova-scheduler'):
        cloud.procs.start(name, venvs.command('nova', name) + conf)


def start_compute(cloud):
    """nova-compute, by the starter that makes the test cloud's virt
    driver loadable (``hv_test_cloud_drivers/``).
    """
    from testcloud import cloud as cloud_mod
    from testcloud import venvs
    starter = os.path.join(cloud_mod.DRIVERS, 'hv_test_cloud_nova_compute.py')
    cloud.procs.start('nova-compute', [venvs.binary('nova', 'python'),
                                       starter, '--config-file',
                                       cloud.etc['nova']])


def _get(cloud, token, path):
    request = urllib.request.Request(
        cloud.url('nova') + '/v2.1' + path,
        headers={'X-Auth-Token': token,
                 'OpenStack-API-Version': 'compute 2.53'})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)


def discover_compute(cloud, timeout=300):
    """Wait for nova-compute's service, map its host, wait until the
    API lists its hypervisor.
    """
    token = identity.token(cloud.keystone_url, identity.ADMIN,
                           identity.ADMIN)
    deadline = time.monotonic() + timeout
    discovered = False
    while True:
        cloud.procs.check_alive('nova-compute')
        services = _get(cloud, token, '/os-services?binary=nova-compute')
        up = [s for s in services['services'] if s['state'] == 'up']
        if up and not discovered:
            _manage(cloud, 'cell_v2', 'discover_hosts')
            discovered = True
        if discovered and _get(cloud, token,
                               '/os-hypervisors')['hypervisors']:
            return
        if time.monotonic() > deadline:
            raise RuntimeError('nova-compute was not discovered in %d s'
                               % timeout)
        time.sleep(1)
