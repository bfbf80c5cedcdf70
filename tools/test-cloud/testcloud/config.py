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

"""Each service's configuration files, written into the state dir."""

import os

from testcloud import identity
from testcloud import venvs


def _paste(service):
    return os.path.join(venvs.path(service), 'etc', service, 'api-paste.ini')


def write_ini(path, sections):
    """Write ``{section: {option: value}}`` as an ini file."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, 'w') as f:
        for section, options in sections.items():
            f.write('[%s]\n' % section)
            for key, value in options.items():
                f.write('%s = %s\n' % (key, value))
            f.write('\n')
    return path


def service_auth(cloud, user):
    """A keystoneauth password section for service user ``user``."""
    return {'auth_type': 'password', 'auth_url': cloud.keystone_url,
            'username': user, 'password': identity.PASSWORD,
            'project_name': identity.SERVICE_PROJECT,
            'user_domain_id': 'default', 'project_domain_id': 'default',
            'region_name': identity.REGION}


def authtoken(cloud, user):
    return dict(service_auth(cloud, user),
                www_authenticate_uri=cloud.keystone_url,
                service_token_roles_required='true')


#: The eventlet servers (neutron-server and cinder-api on oslo.service's
#: wsgi, nova-api, glance-api) close each connection after its answer,
#: as the uWSGI ones do (``Connection: close``). With keep-alive, each
#: idle connection a client keeps in its pool holds one of the server's
#: greenthreads (neutron's ``wsgi_default_pool_size``: 100) for up to
#: ``client_socket_timeout`` (900 s); once the heat-vision engines,
#: nova-api and the tests' sdk connections held 100, neutron-server
#: accepted no new connection and an engine's GET waited in its backlog
#: past the client's timeout.
NO_KEEP_ALIVE = {'DEFAULT': {'wsgi_keep_alive': 'false'}}


def common(cloud, service):
    """The sections every service shares: logs, messaging, locks."""
    return {
        'DEFAULT': {'use_stderr': 'true', 'debug': 'false',
                    'transport_url': cloud.transport_url,
                    # Nova's and Cinder's schedulers skip a service whose
                    # last report is older (60 s by default): on a busy
                    # two-core machine a report can be late.
                    'service_down_time': '300'},
        'oslo_concurrency': {'lock_path': cloud.path('lock', service)},
        'oslo_messaging_notifications': {'driver': 'noop'},
    }


def merge(*dicts):
    result = {}
    for sections in dicts:
        for name, options in sections.items():
            result.setdefault(name, {}).update(options)
    return result


def placement(cloud):
    return merge(common(cloud, 'placement'), {
        'api': {'auth_strategy': 'keystone'},
        'keystone_authtoken': authtoken(cloud, 'placement'),
        'placement_database': {'connection': cloud.db_url('placement')},
    })


def glance(cloud):
    return merge(common(cloud, 'glance'), {
        'DEFAULT': {'http_keepalive': 'false',  # NO_KEEP_ALIVE says why
                    'bind_host': '127.0.0.1',
                    'bind_port': cloud.ports['glance'], 'workers': 1,
                    'enabled_backends': 'fs:file',
                    'image_cache_dir': cloud.path('glance', 'cache')},
        'database': {'connection': cloud.db_url('glance')},
        'keystone_authtoken': authtoken(cloud, 'glance'),
        'paste_deploy': {'flavor': 'keystone', 'config_file': os.path.join(
            cloud.path('etc', 'glance'), 'glance-api-paste.ini')},
        # web-download (OS::Glance::WebImage) from a test's server on a
        # port of its own: any port, not only 80 and 443.
        'import_filtering_opts': {'allowed_ports': '[]'},
        'glance_store': {'default_backend': 'fs'},
        'fs': {'filesystem_store_datadir': cloud.path('glance', 'images')},
        'os_glance_staging_store': {
            'filesystem_store_datadir': cloud.path('glance', 'staging')},
        'os_glance_tasks_store': {
            'filesystem_store_datadir': cloud.path('glance', 'tasks')},
    })


def neutron(cloud):
    return merge(common(cloud, 'neutron'), NO_KEEP_ALIVE, {
        # The extensions of Heat's OS::Neutron types: qos (QoSPolicy and
        # rules), trunk, segments (Segment), port_forwarding
        # (FloatingIPPortForward), metering (MeteringLabel, -Rule); router
        # brings extraroute-atomic.
        'DEFAULT': {'core_plugin': 'ml2',
                    'service_plugins': 'router,qos,trunk,segments,'
                                       'port_forwarding,metering',
                    'auth_strategy': 'keystone',
                    'bind_host': '127.0.0.1',
                    'bind_port': cloud.ports['neutron'],
                    'api_workers': 1, 'rpc_workers': 0,
                    'rpc_state_report_workers': 0,
                    'allow_overlapping_ips': 'true',
                    'dhcp_agent_notification': 'false',
                    'notify_nova_on_port_status_changes': 'false',
                    'notify_nova_on_port_data_changes': 'false',
                    'state_path': cloud.path('neutron'),
                    'api_paste_config': _paste('neutron')},
        'database': {'connection': cloud.db_url('neutron')},
        'keystone_authtoken': authtoken(cloud, 'neutron'),
        'nova': service_auth(cloud, 'nova'),
        'ml2': {'type_drivers': 'flat,vlan,vxlan',
                'tenant_network_types': 'vxlan',
                # openvswitch after hv_fake binds nothing (no agent) but
                # loads the trunk plugin's driver (trunk needs one: its
                # is_loaded reads this list) and the QoS rule types.
                'mechanism_drivers': 'hv_fake,openvswitch',
                'extension_drivers': 'port_security,qos'},
        'ml2_type_vxlan': {'vni_ranges': '1:1000'},
        'ml2_type_flat': {'flat_networks': 'public'},
        'ml2_type_vlan': {'network_vlan_ranges': 'public'},
        'securitygroup': {'firewall_driver': 'noop'},
    })


def nova(cloud):
    return merge(common(cloud, 'nova'), {
        'DEFAULT': {'compute_driver': cloud.nova_driver,
                    'host': cloud.compute_host, 'my_ip': '127.0.0.1',
                    'state_path': cloud.path('nova'),
                    'instances_path': cloud.path('nova', 'instances'),
                    # One compute host: a resize can only stay on it.
                    'allow_resize_to_same_host': 'true',
                    'vif_plugging_is_fatal': 'false',
                    'vif_plugging_timeout': 0,
                    'enabled_apis': 'osapi_compute',
                    'osapi_compute_listen': '127.0.0.1',
                    'osapi_compute_listen_port': cloud.ports['nova'],
                    'osapi_compute_workers': 1},
        'api': {'auth_strategy': 'keystone'},
        'api_database': {'connection': cloud.db_url('nova_api')},
        'database': {'connection': cloud.db_url('nova_cell1')},
        'keystone_authtoken': authtoken(cloud, 'nova'),
        'placement': dict(service_auth(cloud, 'placement'),
                          valid_interfaces='public'),
        'neutron': dict(service_auth(cloud, 'neutron'),
                        valid_interfaces='public'),
        'cinder': dict(service_auth(cloud, 'cinder'),
                       os_region_name=identity.REGION),
        'glance': {'valid_interfaces': 'public'},
        'service_user': dict(service_auth(cloud, 'nova'),
                             send_service_user_token='true'),
        'conductor': {'workers': 1},
        'scheduler': {'workers': 1,
                      'discover_hosts_in_cells_interval': -1},
        'wsgi': {'api_paste_config': os.path.join(
            cloud.path('etc', 'nova'), 'api-paste.ini'),
                 'keep_alive': 'false'},  # NO_KEEP_ALIVE says why
        'vnc': {'enabled': 'false'},
        'oslo_policy': {'enforce_scope': 'true',
                        'enforce_new_defaults': 'true'},
    })


def cinder(cloud):
    return merge(common(cloud, 'cinder'), NO_KEEP_ALIVE, {
        'DEFAULT': {'auth_strategy': 'keystone',
                    'osapi_volume_listen': '127.0.0.1',
                    'osapi_volume_listen_port': cloud.ports['cinder'],
                    'osapi_volume_workers': 1,
                    'enabled_backends': 'fake',
                    'default_volume_type': '__DEFAULT__',
                    'my_ip': '127.0.0.1', 'host': cloud.compute_host,
                    'state_path': cloud.path('cinder'),
                    'volumes_dir': cloud.path('cinder', 'volumes'),
                    # cinder-backup's real posix driver, reading volumes
                    # through os-brick's local connector.
                    'backup_driver':
                        'cinder.backup.drivers.posix.PosixBackupDriver',
                    'backup_posix_path': cloud.path('cinder', 'backups'),
                    'api_paste_config': _paste('cinder')},
        'database': {'connection': cloud.db_url('cinder')},
        'keystone_authtoken': authtoken(cloud, 'cinder'),
        'nova': dict(service_auth(cloud, 'nova'),
                     interface='public'),
        'service_user': dict(service_auth(cloud, 'cinder'),
                             send_service_user_token='true'),
        'fake': {'volume_driver': cloud.cinder_driver,
                 'volume_backend_name': 'fake',
                 'hv_volumes_dir': cloud.path('cinder', 'files')},
        'privsep_osbrick': _privsep(cloud, 'cinder'),
        'privsep': _privsep(cloud, 'cinder'),
    })


def _privsep(cloud, service):
    """A privsep section starting its daemon straight from the venv
    (the cloud runs as root: no sudo, no rootwrap).
    """
    return {'helper_command': ' '.join(
        venvs.command(service, 'privsep-helper'))}
