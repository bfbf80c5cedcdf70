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

"""Options of the guarded URL fetches (heat_vision.common.url_guard).

Every request heat-vision sends to a URL a user gave (the
``http.request`` task, a template URL) goes through the guard: these
options decide which addresses it may reach and how much it may read.
"""

import ipaddress

from oslo_config import cfg
from oslo_config import types

url_fetch_group = cfg.OptGroup(
    'url_fetch', title='Guarded fetches of user-given URLs',
    help='A user-given URL is resolved and every address it resolves to '
         'is checked before the request is sent, and again after every '
         'redirect; the connection goes to the checked address.')

#: The networks denied by default, with the name the refusals give them.
#: Loopback, link-local (cloud metadata at 169.254.169.254), private,
#: shared, unspecified, multicast, reserved and special-purpose ranges.
DEFAULT_DENIED = (
    ('0.0.0.0/8', 'unspecified ("this network")'),
    ('10.0.0.0/8', 'private'),
    ('100.64.0.0/10', 'shared (carrier-grade NAT)'),
    ('127.0.0.0/8', 'loopback'),
    ('169.254.0.0/16', 'link-local (cloud metadata)'),
    ('172.16.0.0/12', 'private'),
    ('192.0.0.0/24', 'IETF protocol assignment'),
    ('192.0.2.0/24', 'documentation'),
    ('192.168.0.0/16', 'private'),
    ('198.18.0.0/15', 'benchmarking'),
    ('198.51.100.0/24', 'documentation'),
    ('203.0.113.0/24', 'documentation'),
    ('224.0.0.0/4', 'multicast'),
    ('240.0.0.0/4', 'reserved'),
    ('::/128', 'unspecified'),
    ('::1/128', 'loopback'),
    ('::/96', 'IPv4-compatible IPv6'),
    ('64:ff9b::/96', 'NAT64'),
    ('64:ff9b:1::/48', 'NAT64'),
    ('100::/64', 'discard-only'),
    ('2001::/23', 'IETF protocol assignment'),
    ('2001:db8::/32', 'documentation'),
    ('2002::/16', '6to4'),
    ('fc00::/7', 'private (unique local)'),
    ('fe80::/10', 'link-local'),
    ('fec0::/10', 'site-local'),
    ('ff00::/8', 'multicast'),
)


class Network(types.String):
    """A CIDR (``10.0.0.0/8``, ``fe80::/10``) or one address.

    The value is kept as the network's canonical text; host bits set in
    the address are dropped (``10.1.2.3/8`` is ``10.0.0.0/8``).
    """

    def __init__(self):
        super().__init__(type_name='network value')

    def __call__(self, value):
        value = super().__call__(value).strip()
        try:
            return str(ipaddress.ip_network(value, strict=False))
        except ValueError as exc:
            raise ValueError('%r is not a network (CIDR): %s' % (value, exc))


url_fetch_opts = [
    cfg.ListOpt('denied_networks', item_type=Network(),
                default=[cidr for cidr, _name in DEFAULT_DENIED],
                help='Networks a user-given URL may not reach. An address '
                     'is checked after name resolution; an IPv4-mapped '
                     'IPv6 address (::ffff:a.b.c.d) is checked as its '
                     'IPv4 address. Setting this option replaces the whole '
                     'list.'),
    cfg.ListOpt('allowed_networks', item_type=Network(), default=[],
                help='Networks a user-given URL may reach even though '
                     'denied_networks holds them (an internal service '
                     'jobs must call, say). The API\'s own address and '
                     'port ([api] bind_host and bind_port) stay denied.'),
    cfg.IntOpt('max_redirects', default=3, min=0, max=10,
               help='Redirects followed for one request; every hop is '
                    'checked as the first URL was. 0 refuses any '
                    'redirect.'),
    cfg.IntOpt('max_response_size', default=1048576, min=1024,
               max=128 * 1048576,
               help='Largest response body read, in bytes. The body is '
                    'read as a stream and the read stops there.'),
    cfg.FloatOpt('timeout', default=30, min=0.1, max=600,
                 help='Seconds a whole request (connection, redirects '
                      'and body) may take when the caller sets none.'),
    cfg.FloatOpt('max_timeout', default=120, min=1, max=3600,
                 help='Most seconds a caller may ask a request to take '
                      '(the ``timeout`` input of an http.request task).'),
    cfg.IntOpt('max_provider_templates', default=20, min=0, max=200,
               help='Provider templates the engine fetches by URL for one '
                    'request (types or resource_registry entries that are '
                    'http(s) URLs missing from "files"). 0 refuses any '
                    'such fetch.'),
    cfg.BoolOpt('allow_insecure', default=False,
                help='Allow ``verify: false`` (no TLS certificate check) in '
                     'requests. Refused with an error when False.'),
    cfg.StrOpt('ca_file',
               help='CA bundle HTTPS certificates are checked against; '
                    'the system\'s default store when unset.'),
]


def register_opts(conf):
    conf.register_group(url_fetch_group)
    conf.register_opts(url_fetch_opts, group=url_fetch_group)


def list_opts():
    return {url_fetch_group: url_fetch_opts}
