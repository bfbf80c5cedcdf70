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

"""Gnocchi, the metric service: an optional part of the test cloud.

Left out of a default start; started with the others (``start
--services ...,gnocchi``) or added to a running cloud (``add --services
gnocchi``) by the tests that need it. ``gnocchi-api`` under uwsgi behind
the cloud's Keystone, registered as ``metric``; its index on MariaDB,
its measures and incoming measures in files of the state directory;
``gnocchi-metricd`` aggregates what comes in every second.

No Ceilometer runs, and Gnocchi makes only its ``generic`` resource
type: the ``instance`` type that Ceilometer's ``ceilometer-upgrade``
would make (the one heat-templates' ``hot/autoscaling.yaml`` alarms on)
is made here once the API answers (``ready``), as
:data:`INSTANCE_ATTRIBUTES` says.
"""

import json
import os
import urllib.error
import urllib.request

from testcloud import config
from testcloud import identity
from testcloud import venvs
from testcloud import wsgi_apps

#: Incoming sacks (Gnocchi's default is 128, each a directory metricd
#: scans every second).
SACKS = 8


def _string(required):
    return {'type': 'string', 'min_length': 0, 'max_length': 255,
            'required': required}


#: Gnocchi's ``instance`` resource type as Ceilometer 24.0.2 (2025.1)
#: leaves it: ``resources_initial['instance']`` of
#: ceilometer/gnocchi_client.py, with that file's
#: ``resources_update_operations`` on ``instance`` applied (flavor_name;
#: launched_at, created_at, deleted_at; availability_zone). Ceilometer
#: fills ``server_group`` from the server's ``metering.server_group``
#: metadata (``resource_metadata.user_metadata.server_group`` in its
#: publisher/data/gnocchi_resources.yaml).
INSTANCE_ATTRIBUTES = {
    'flavor_id': _string(True),
    'image_ref': _string(False),
    'host': _string(True),
    'display_name': _string(True),
    'server_group': _string(False),
    'flavor_name': _string(True),
    'launched_at': {'type': 'datetime', 'required': False},
    'created_at': {'type': 'datetime', 'required': False},
    'deleted_at': {'type': 'datetime', 'required': False},
    'availability_zone': _string(False),
}


def configure(cloud):
    """:returns: gnocchi.conf's sections."""
    return {
        'DEFAULT': {'debug': 'false', 'verbose': 'false',
                    'parallel_operations': 2},
        'api': {'auth_mode': 'keystone',
                'paste_config': wsgi_apps.paste_path(cloud, 'gnocchi')},
        'keystone_authtoken': config.authtoken(cloud, 'gnocchi'),
        'indexer': {'url': cloud.db_url('gnocchi')},
        'storage': {'driver': 'file',
                    'file_basepath': cloud.path('gnocchi', 'storage')},
        'incoming': {'driver': 'file',
                     'file_basepath': cloud.path('gnocchi', 'incoming')},
        'metricd': {'workers': 1, 'metric_processing_delay': 1},
    }


def start(cloud):
    conf = ['--config-file', cloud.etc['gnocchi']]
    cloud._migrate('gnocchi', ['gnocchi-upgrade'] + conf + [
        '--skip-storage', '--skip-incoming'], 'gnocchi', 'gnocchi')
    # The index (archive policies included) came from the cached dump or
    # the line above; the storage and the sacks are this cloud's files.
    cloud._run('gnocchi', 'gnocchi-upgrade', *conf, '--skip-index',
               '--skip-archive-policies-creation',
               '--sacks-number', str(SACKS))
    wsgi_apps.write_paste(cloud, 'gnocchi', os.path.join('gnocchi', 'rest'))
    wsgi_apps.start_uwsgi(cloud, 'gnocchi',
                          ['--module', 'gnocchi.rest.wsgi'])
    cloud.procs.start('gnocchi-metricd',
                      venvs.command('gnocchi', 'gnocchi-metricd') + conf)


def ready(cloud):
    """Once the API answers and its user is in Keystone: the
    ``instance`` resource type.
    """
    cloud.procs.check_alive('gnocchi-metricd')
    token = identity.token(cloud.keystone_url, 'gnocchi',
                           identity.SERVICE_PROJECT)
    request = urllib.request.Request(
        cloud.url('gnocchi') + '/v1/resource_type', method='POST',
        data=json.dumps({'name': 'instance',
                         'attributes': INSTANCE_ATTRIBUTES}).encode(),
        headers={'X-Auth-Token': token,
                 'Content-Type': 'application/json'})
    try:
        urllib.request.urlopen(request, timeout=60).close()
    except urllib.error.HTTPError as error:
        # 409 too: Gnocchi makes only ``generic`` (its database is new).
        raise RuntimeError('Gnocchi refused the instance resource type: '
                           '%s %s' % (error.code, error.read()))
