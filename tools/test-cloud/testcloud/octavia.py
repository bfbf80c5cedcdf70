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

"""Octavia (optional): its API and worker on Octavia's own noop drivers.

The set-up of Octavia's noop jobs (octavia-tempest-plugin's
``zuul.d/jobs.yaml``, job ``octavia-dsvm-noop-base``): the ``amphora``
provider, whose worker runs the real TaskFlow flows, with
``amphora_noop_driver`` and ``compute_noop_driver`` (and the image and
volume noop drivers: no amphora image to find), certificates from
``local_cert_manager``. The network driver is Octavia's noop one but
for the VIP, a real Neutron port (``hv_test_cloud_octavia/``, installed
into the venv): a floating IP can then be put on a load balancer's
``vip_port_id``. So load balancers, listeners, pools, members and
monitors go through PENDING_* to ACTIVE and are deleted as in a real
cloud, with no amphora booted. The flows run in the worker directly:
``[task_flow] jobboard_enabled`` is False by default
(octavia/common/config.py), so no Redis or ZooKeeper jobboard is needed.

The amphora create flow signs a server certificate for each amphora
(``GenerateServerPEMTask``, octavia/controller/worker/v2/tasks/
cert_task.py) with ``local_cert_generator``: it needs a CA, made here
with ``openssl`` once per cloud.
"""

import subprocess

from testcloud import config
from testcloud import venvs
from testcloud import wsgi_apps


def _ca(cloud):
    """A self-signed CA (certificate, key) in the cloud's state dir."""
    where = cloud.path('octavia', 'ca')
    cert, key = where + '/ca.pem', where + '/ca.key'
    subprocess.run(['openssl', 'req', '-x509', '-newkey', 'rsa:2048',
                    '-nodes', '-days', '30', '-subj', '/CN=hv-test-cloud-ca',
                    '-keyout', key, '-out', cert],
                   check=True, capture_output=True, timeout=120)
    return cert, key


def configure(cloud):
    """:returns: octavia.conf's sections."""
    cert, key = _ca(cloud)
    return config.merge(config.common(cloud, 'octavia'), {
        'api_settings': {'bind_host': '127.0.0.1',
                         'bind_port': cloud.ports['octavia'],
                         'auth_strategy': 'keystone',
                         'enabled_provider_drivers':
                             'amphora:The Octavia Amphora driver.',
                         'default_provider_driver': 'amphora'},
        'database': {'connection': cloud.db_url('octavia')},
        'keystone_authtoken': config.authtoken(cloud, 'octavia'),
        'service_auth': config.service_auth(cloud, 'octavia'),
        'neutron': dict(config.service_auth(cloud, 'octavia'),
                        valid_interfaces='public'),
        'controller_worker': {'amphora_driver': 'amphora_noop_driver',
                              'compute_driver': 'compute_noop_driver',
                              'network_driver': 'hv_vip_port_driver',
                              'image_driver': 'image_noop_driver',
                              'volume_driver': 'volume_noop_driver',
                              'loadbalancer_topology': 'SINGLE',
                              # The amphora agent's CA, read by the
                              # compute create task even when noop.
                              'client_ca': cert,
                              'workers': 1},
        'certificates': {'cert_manager': 'local_cert_manager',
                         'cert_generator': 'local_cert_generator',
                         'ca_certificate': cert, 'ca_private_key': key,
                         'storage_path': cloud.path('octavia', 'certs')},
        'health_manager': {'heartbeat_key': 'hv-test-cloud'},
    })


def start(cloud):
    """Migrate (or load) its schema, start the API and the worker."""
    conf = cloud.etc['octavia']
    cloud._migrate('octavia', ['octavia-db-manage', '--config-file', conf,
                               'upgrade', 'head'], 'octavia', 'octavia')
    # pbr's wsgi script builds the app from the arguments uwsgi hands
    # it (octavia/api/app.py setup_app reads sys.argv).
    wsgi_apps.start_uwsgi(cloud, 'octavia', [
        '--wsgi-file', venvs.binary('octavia', 'octavia-wsgi')])
    cloud.procs.start('octavia-worker', venvs.command(
        'octavia', 'octavia-worker') + ['--config-file', conf])
