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

"""Swift, the object store: an optional part of the test cloud.

Left out of a default start; started with the others (``start
--services ...,swift``) or added to a running cloud (``add --services
swift``) by the tests that need it. One proxy server behind the cloud's
Keystone (authtoken and keystoneauth, with tempurl before them so a
temporary URL needs no token, and the legacy ``versioned_writes`` that
Heat's SwiftSignalHandle turns on), registered as ``object-store``, and
one account, container and object server on one device of the state
directory; each ring has one replica and that device. Every server runs
in the foreground without workers (``workers = 0``), logging to its log
file (``-v``).

Swift keeps an object's metadata in user extended attributes: the
device lives in the state directory when its filesystem takes them,
else under ``HV_TEST_CLOUD_SWIFT_DEVICES`` (or the cache directory),
which a tmpfs without user xattrs would not be.
"""

import errno
import getpass
import os
import secrets
import shutil
import subprocess

from testcloud import config
from testcloud import ports
from testcloud import venvs

SERVERS = ('account', 'container', 'object')
DEVICE = 'd1'
#: The ring's partition power: a ring of one device needs few.
PART_POWER = 6

#: Run in the swift venv's python: the three rings, one replica each,
#: the device ``DEVICE`` of ``127.0.0.1:<port>`` (what
#: ``swift-ring-builder <ring> create 6 1 1``, ``add`` and ``rebalance``
#: do, in one interpreter instead of nine).
RING_SCRIPT = '''
import sys
from swift.common.ring import RingBuilder
swift_dir = sys.argv[1]
for pair in sys.argv[2:]:
    server, port = pair.split('=')
    builder = RingBuilder(%(part_power)d, 1, 1)
    builder.add_dev({'id': 0, 'region': 1, 'zone': 1, 'ip': '127.0.0.1',
                     'port': int(port), 'device': '%(device)s',
                     'weight': 100})
    builder.rebalance()
    builder.save('%%s/%%s.builder' %% (swift_dir, server))
    builder.get_ring().save('%%s/%%s.ring.gz' %% (swift_dir, server))
''' % {'part_power': PART_POWER, 'device': DEVICE}

#: Run in the swift venv's python: server ``argv[2]`` with its file
#: ``argv[3]``, reading swift.conf from ``argv[1]``. Swift's own
#: ``swift-*-server`` scripts read ``/etc/swift/swift.conf`` before
#: their ``swift_dir`` option (swift/common/wsgi.py, ``_initrp``); the
#: cloud leaves /etc alone.
SERVER_SCRIPT = '''
import sys
from swift.common import storage_policy
from swift.common import utils
from swift.common import wsgi
utils.set_swift_dir(sys.argv[1])
storage_policy.reload_storage_policies()
sys.exit(wsgi.run_wsgi(sys.argv[3], sys.argv[2], verbose=True))
'''

#: The proxy's pipeline: Swift's sample proxy-server.conf with
#: keystoneauth for tempauth, staticweb (for AWS::S3::Bucket's website
#: headers) and the legacy versioned_writes (SwiftSignalHandle).
PIPELINE = ('catch_errors gatekeeper healthcheck proxy-logging '
            'listing_formats bulk tempurl authtoken keystoneauth '
            'staticweb copy container-quotas account-quotas slo dlo '
            'versioned_writes symlink proxy-logging proxy-server')


def _egg(name):
    return {'use': 'egg:swift#' + name.replace('-', '_')}


def supports_user_xattrs(directory):
    """Whether files of ``directory`` take ``user.*`` extended
    attributes.
    """
    probe = os.path.join(directory, '.xattr-probe')
    with open(probe, 'w'):
        pass
    try:
        os.setxattr(probe, 'user.hv-test-cloud', b'1')
        return True
    except OSError as error:
        if error.errno in (errno.ENOTSUP, errno.EOPNOTSUPP, errno.EPERM):
            return False
        raise
    finally:
        os.unlink(probe)


def devices_dir(cloud):
    """The directory holding the device (emptied: a new cloud)."""
    here = cloud.path('swift', 'devices')
    if not supports_user_xattrs(here):
        here = os.environ.get('HV_TEST_CLOUD_SWIFT_DEVICES') or os.path.join(
            venvs.cache_root(), 'swift-devices', os.path.basename(
                cloud.state))
        os.makedirs(here, exist_ok=True)
        if not supports_user_xattrs(here):
            raise RuntimeError('%s takes no user xattrs, which Swift '
                               'needs: set HV_TEST_CLOUD_SWIFT_DEVICES' % here)
    shutil.rmtree(os.path.join(here, DEVICE), ignore_errors=True)
    os.makedirs(os.path.join(here, DEVICE))
    return here


def configure(cloud):
    """:returns: swift.conf's sections (the servers' files are written
    by ``start``, which knows their ports).
    """
    return {'swift-hash': {'swift_hash_path_suffix': secrets.token_hex(8),
                           'swift_hash_path_prefix': secrets.token_hex(8)},
            'storage-policy:0': {'name': 'Policy-0', 'default': 'yes'}}


def _server_conf(cloud, server, port, devices):
    return {
        'DEFAULT': {'bind_ip': '127.0.0.1', 'bind_port': port,
                    'workers': 0, 'swift_dir': _swift_dir(cloud),
                    'devices': devices, 'mount_check': 'false',
                    'user': getpass.getuser(), 'log_level': 'WARNING'},
        'pipeline:main': {'pipeline': 'healthcheck recon %s-server'
                          % server},
        'app:%s-server' % server: _egg(server),
        'filter:healthcheck': _egg('healthcheck'),
        'filter:recon': dict(_egg('recon'),
                             recon_cache_path=cloud.path('swift', 'recon')),
    }


def _proxy_conf(cloud):
    # A request without a token goes on to tempurl's and keystoneauth's
    # decision (delay_auth_decision).
    authtoken = dict(config.authtoken(cloud, 'swift'),
                     delay_auth_decision='true',
                     include_service_catalog='false')
    authtoken['paste.filter_factory'] = (
        'keystonemiddleware.auth_token:filter_factory')
    filters = {name: _egg(name) for name in (
        'catch_errors', 'gatekeeper', 'healthcheck', 'proxy-logging',
        'listing_formats', 'bulk', 'copy', 'container-quotas',
        'account-quotas', 'slo', 'dlo', 'symlink', 'staticweb')}
    sections = {
        'DEFAULT': {'bind_ip': '127.0.0.1',
                    'bind_port': cloud.ports['swift'], 'workers': 0,
                    'swift_dir': _swift_dir(cloud),
                    'user': getpass.getuser(), 'log_level': 'WARNING'},
        'pipeline:main': {'pipeline': PIPELINE},
        'app:proxy-server': dict(_egg('proxy'), account_autocreate='true'),
        'filter:tempurl': _egg('tempurl'),
        'filter:authtoken': authtoken,
        'filter:keystoneauth': dict(_egg('keystoneauth'),
                                    operator_roles='admin, member'),
        'filter:versioned_writes': dict(_egg('versioned_writes'),
                                        allow_versioned_writes='true'),
    }
    sections.update({'filter:' + name: value
                     for name, value in filters.items()})
    return sections


def _swift_dir(cloud):
    return os.path.dirname(cloud.etc['swift'])


def start(cloud):
    swift_dir = _swift_dir(cloud)
    devices = devices_dir(cloud)
    server_ports = {server: ports.free_port() for server in SERVERS}
    subprocess.run([venvs.binary('swift', 'python'), '-c', RING_SCRIPT,
                    swift_dir] + ['%s=%d' % item
                                  for item in server_ports.items()],
                   check=True, capture_output=True, timeout=300)
    for server in SERVERS:
        conf = config.write_ini(
            os.path.join(swift_dir, '%s-server.conf' % server),
            _server_conf(cloud, server, server_ports[server], devices))
        _start_server(cloud, 'swift-' + server, server, conf)
    _start_server(cloud, 'swift', 'proxy', config.write_ini(
        os.path.join(swift_dir, 'proxy-server.conf'), _proxy_conf(cloud)))
    cloud.swift_ports = server_ports


def _start_server(cloud, name, server, conf):
    cloud.procs.start(name, [venvs.binary('swift', 'python'), '-c',
                             SERVER_SCRIPT, _swift_dir(cloud),
                             server + '-server', conf])


def ready(cloud):
    """Once the proxy answers: the three servers answer too."""
    for server, port in getattr(cloud, 'swift_ports', {}).items():
        cloud.procs.wait_http('swift-%s' % server,
                              'http://127.0.0.1:%d/healthcheck' % port,
                              timeout=120)
