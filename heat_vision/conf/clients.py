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

"""Options of the OpenStack service clients (heat_vision.clients).

``[clients]`` says how heat-vision authenticates to the services its
resources drive; one ``[clients_<service>]`` group per service says where
that service is.
"""

from oslo_config import cfg

NOAUTH = 'noauth'
KEYSTONE_TOKEN = 'keystone_token'

clients_group = cfg.OptGroup(
    'clients', title='OpenStack service clients',
    help='How resource plugins reach the OpenStack services they drive '
         '(Aodh ...).')

clients_opts = [
    cfg.StrOpt('auth_mode', default=NOAUTH,
               choices=[(NOAUTH, 'No Keystone: each service is reached at '
                                 'its endpoint_override with the '
                                 'X-Project-Id, X-User-Id and X-Roles '
                                 'headers of the request context (the '
                                 'services run without authentication, '
                                 'e.g. Aodh with [api] auth_mode = '
                                 'noauth).'),
                        (KEYSTONE_TOKEN, "The request's Keystone token, "
                                         'scoped to its project; the '
                                         'endpoint comes from the '
                                         'catalog unless endpoint_override '
                                         'is set.')],
               help='How heat-vision authenticates to the services.'),
    cfg.URIOpt('auth_url', schemes=['http', 'https'],
               help='Keystone v3 URL for auth_mode = keystone_token.'),
    cfg.FloatOpt('timeout', default=30, min=1, max=600,
                 help='Seconds one request to a service may take.'),
    cfg.IntOpt('constraint_cache_seconds', default=60, min=0, max=3600,
               help='How long a value a custom constraint found in a '
                    'service (a flavor, an image, a network ...) is '
                    'taken as valid without asking the service again; '
                    '0 asks every time.'),
    cfg.IntOpt('constraint_cache_size', default=4096, min=1,
               max=1000000,
               help='How many validated values the constraint cache of '
                    'one engine keeps (the oldest are dropped).'),
]

clients_aodh_group = cfg.OptGroup(
    'clients_aodh', title='Aodh (alarming) client',
    help='Where the OS::Aodh::* resources reach Aodh.')

clients_aodh_opts = [
    cfg.URIOpt('endpoint_override', schemes=['http', 'https'],
               help="Aodh's API URL (http://host:8042). Needed with "
                    '[clients] auth_mode = noauth; otherwise the catalog '
                    'gives it.'),
    cfg.StrOpt('region_name',
               help='Region of the Aodh endpoint in the catalog.'),
    cfg.StrOpt('interface', default='public',
               choices=['public', 'internal', 'admin'],
               help='Which catalog endpoint of Aodh is used.'),
]


clients_identity_group = cfg.OptGroup(
    'clients_identity', title='Keystone (identity) client',
    help='Where resources that ask Keystone reach it.')

clients_identity_opts = [
    cfg.URIOpt('endpoint_override', schemes=['http', 'https'],
               help="Keystone's v3 URL, if not the catalog's."),
    cfg.StrOpt('region_name',
               help='Region of the Keystone endpoint in the catalog.'),
    cfg.StrOpt('interface', default='public',
               choices=['public', 'internal', 'admin'],
               help='Which catalog endpoint of Keystone is used.'),
]


clients_openstack_group = cfg.OptGroup(
    'clients_openstack', title='OpenStack services (openstacksdk)',
    help='How the OS::Nova, OS::Neutron, OS::Cinder, OS::Glance and '
         'OS::Keystone resources reach their services: through the '
         "Keystone catalog of the request's token ([clients] auth_mode "
         '= keystone_token).')

clients_openstack_opts = [
    cfg.StrOpt('region_name',
               help='Region of the endpoints taken from the catalog.'),
    cfg.StrOpt('interface', default='public',
               choices=['public', 'internal', 'admin'],
               help='Which catalog endpoint of each service is used '
                    "(Heat's endpoint_type)."),
]


def register_opts(conf):
    conf.register_group(clients_group)
    conf.register_opts(clients_opts, group=clients_group)
    conf.register_group(clients_aodh_group)
    conf.register_opts(clients_aodh_opts, group=clients_aodh_group)
    conf.register_group(clients_identity_group)
    conf.register_opts(clients_identity_opts, group=clients_identity_group)
    conf.register_group(clients_openstack_group)
    conf.register_opts(clients_openstack_opts,
                       group=clients_openstack_group)


def list_opts():
    return {clients_group: clients_opts,
            clients_aodh_group: clients_aodh_opts,
            clients_identity_group: clients_identity_opts,
            clients_openstack_group: clients_openstack_opts}
