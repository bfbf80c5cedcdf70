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

"""APIs whose WSGI app reads its configuration from ``sys.argv`` and
whose paste pipeline names only ``oslo_config_project`` (Gnocchi, Aodh).
"""

import os
import sys

from testcloud import venvs


def paste_path(cloud, service):
    """Where the cloud keeps ``service``'s api-paste.ini."""
    return os.path.join(cloud.path('etc', service), 'api-paste.ini')


def write_paste(cloud, service, package_dir):
    """The package's api-paste.ini, its middleware pointed at the
    cloud's config file: with only ``oslo_config_project`` set,
    keystonemiddleware reads ``/etc/<project>/``
    (keystonemiddleware/_common/config.py), not the file the service
    was started with.
    """
    source = os.path.join(
        venvs.path(service), 'lib', 'python%d.%d' % sys.version_info[:2],
        'site-packages', package_dir, 'api-paste.ini')
    with open(source) as f:
        lines = f.read().splitlines()
    with open(paste_path(cloud, service), 'w') as f:
        for line in lines:
            f.write(line + '\n')
            if line.replace(' ', '').startswith('oslo_config_project='):
                f.write('oslo_config_file = %s\n' % cloud.etc[service])


def start_uwsgi(cloud, service, app_args):
    """uwsgi serving ``service``'s app (``app_args``: ``--module ...``
    or ``--wsgi-file ...``), its argv naming the cloud's config file.
    """
    argv = [venvs.binary(service, 'uwsgi'),
            '--http-socket', '127.0.0.1:%d' % cloud.ports[service],
            '--virtualenv', venvs.path(service), '--master',
            '--die-on-term', '--processes', '1', '--threads', '4',
            '--lazy-apps', '--add-header', 'Connection: close',
            '--disable-logging',
            '--pyargv', '--config-file ' + cloud.etc[service]]
    cloud.procs.start(service, argv + list(app_args))
