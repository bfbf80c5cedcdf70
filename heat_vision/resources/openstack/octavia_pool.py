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

"""OS::Octavia::Pool, OS::Octavia::PoolMember, OS::Octavia::HealthMonitor.

As Heat's heat/engine/resources/openstack/octavia/pool.py,
pool_member.py and health_monitor.py. A member is a sub-object of its
pool (``/lbaas/pools/{pool_id}/members``): the pool's id is resolved
once at create and kept in ``self.data``.

A member's POST is idempotent: the member is named with the resource's
physical name, and a create Octavia refuses because the pool already has
a member of that address and port *of that name* keeps that member. A
POST is sent again when its answer was lost: keystoneauth re-sends a
request whose answer timed out (``[clients] timeout``) or whose
connection broke, ``connect_retries`` times (``CONNECT_RETRIES`` of
heat_vision/clients/openstack.py; in keystoneauth1/session.py
``_send_request``, ``requests.exceptions.Timeout`` becomes
``ConnectTimeout``, a ``RetriableConnectionFailure``), and the create
is posted again at the next check when the load balancer was
immutable. When the first POST had made the member, Octavia answers the
next with 409 "Another member on this pool is already using ip ... on
protocol_port ..." (``DuplicateMemberEntry``). Heat's octavia_base.py
``check_create_complete`` (which pool_member.py inherits) posts again
at every check on any 409, until the stack times out.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import base
from heat_vision.resources.openstack import octavia_base
from heat_vision.resources.openstack import octavia_lb
from heat_vision.template import constraints

Schema = base.Schema
prop = base.prop
attr = base.attr
INT_MAX = octavia_base.INT_MAX

SESSION_TYPES = ['SOURCE_IP', 'HTTP_COOKIE', 'APP_COOKIE']


def _pool_schema(description, **kwargs):
    return prop(Schema.STRING, description,
                constraints=base.name_or_id('octavia.pool'), **kwargs)


class Pool(octavia_base.OctaviaResource):
    """A group of members a load balancer sends traffic to."""

    path, key = '/lbaas/pools', 'pool'
    references = {'listener': 'listener_id',
                  'loadbalancer': 'loadbalancer_id'}

    properties_schema = {
        'admin_state_up': prop(Schema.BOOLEAN,
                               _('The administrative state of this pool.'),
                               default=True, update_allowed=True),
        'description': prop(Schema.STRING, _('Description of this pool.'),
                            default='', update_allowed=True),
        'session_persistence': prop(
            Schema.MAP, _('Configuration of session persistence.'),
            update_allowed=True,
            schema={
                'type': prop(Schema.STRING,
                             _('Method of implementation of session '
                               'persistence feature.'),
                             required=True,
                             constraints=[constraints.AllowedValues(
                                 SESSION_TYPES)]),
                'cookie_name': prop(Schema.STRING,
                                    _('Name of the cookie, required if '
                                      'type is APP_COOKIE.')),
            }),
        'name': prop(Schema.STRING, _('Name of this pool.'),
                     update_allowed=True),
        'lb_algorithm': prop(
            Schema.STRING,
            _('The algorithm used to distribute load between the members '
              'of the pool.'),
            required=True, update_allowed=True,
            constraints=[constraints.AllowedValues([
                'ROUND_ROBIN', 'LEAST_CONNECTIONS', 'SOURCE_IP',
                'SOURCE_IP_PORT'])]),
        'listener': prop(Schema.STRING,
                         _('Listener name or ID to be associated with this '
                           'pool.'),
                         constraints=base.name_or_id('octavia.listener')),
        'loadbalancer': prop(Schema.STRING,
                             _('Loadbalancer name or ID to be associated '
                               'with this pool.'),
                             constraints=base.name_or_id(
                                 'octavia.loadbalancer')),
        'protocol': prop(Schema.STRING, _('Protocol of the pool.'),
                         required=True,
                         constraints=[constraints.AllowedValues(
                             octavia_lb.PROTOCOLS)]),
        'tls_enabled': prop(Schema.BOOLEAN,
                            _('Enable backend member re-encryption.'),
                            default=False, update_allowed=True),
    }
    attributes_schema = {
        'healthmonitor_id': attr(_('ID of the health monitor associated '
                                   'with this pool.'), 'String'),
        'listeners': attr(_('Listener associated with this pool.'),
                          'String'),
        'members': attr(_('Members associated with this pool.'), 'List'),
        base.SHOW: base.SHOW_SCHEMA,
    }
    live_keys = {'lb_algorithm': 'lb_algorithm', 'protocol': 'protocol',
                 'admin_state_up': 'admin_state_up'}

    @classmethod
    def validate_properties(cls, properties, path):
        known = octavia_base.known(properties, (
            'listener', 'loadbalancer', 'session_persistence'))
        if known is None:
            return
        listener, loadbalancer, session = known
        if listener is None and loadbalancer is None:
            octavia_base.refuse(_('At least one of the following properties '
                                  'must be specified: listener, '
                                  'loadbalancer.'), path)
        if not session:
            return
        kind, cookie = session.get('type'), session.get('cookie_name')
        where = list(path) + ['session_persistence']
        if kind == 'APP_COOKIE' and not cookie:
            octavia_base.refuse(_('Property cookie_name is required when '
                                  'session_persistence type is set to '
                                  'APP_COOKIE.'), where)
        if kind == 'SOURCE_IP' and cookie:
            octavia_base.refuse(_('Property cookie_name must NOT be '
                                  'specified when session_persistence '
                                  'type is set to SOURCE_IP.'), where)

    def create_body(self, properties):
        body = super().create_body(properties)
        if body.get('session_persistence'):
            body['session_persistence'] = base.without_none(
                body['session_persistence'])
        return body

    def resolve(self, properties):
        found = {}
        if 'listener' in properties:
            found['listener_id'] = self.octavia_id(
                '/lbaas/listeners', 'listener', properties['listener'])
        if 'loadbalancer' in properties:
            found['loadbalancer_id'] = self.octavia_id(
                '/lbaas/loadbalancers', 'loadbalancer',
                properties['loadbalancer'])
        return found


class PoolMember(octavia_base.OctaviaChild):
    """A back-end server of a pool."""

    key = 'member'
    parent = ('pool', '/lbaas/pools', 'pool')
    children = 'members'
    references = {'pool': 'pool_id', 'subnet': 'subnet_id'}

    properties_schema = {
        'pool': _pool_schema(_('Name or ID of the load balancing pool.'),
                             required=True),
        'address': prop(Schema.STRING,
                        _('IP address of the pool member on the pool '
                          'network.'),
                        required=True,
                        constraints=[constraints.CustomConstraint(
                            'ip_addr')]),
        'protocol_port': prop(Schema.INTEGER,
                              _('Port on which the pool member listens for '
                                'requests or connections.'),
                              required=True,
                              constraints=[constraints.Range(1, 65535)]),
        'monitor_address': prop(Schema.STRING,
                                _('Alternate IP address which health '
                                  'monitor can use for health check.'),
                                constraints=[constraints.CustomConstraint(
                                    'ip_addr')]),
        'monitor_port': prop(Schema.INTEGER,
                             _('Alternate Port which health monitor can use '
                               'for health check.'),
                             constraints=[constraints.Range(1, 65535)]),
        'weight': prop(Schema.INTEGER,
                       _('Weight of pool member in the pool (default to '
                         '1).'),
                       default=1, update_allowed=True,
                       constraints=[constraints.Range(0, 256)]),
        'admin_state_up': prop(Schema.BOOLEAN,
                               _('The administrative state of the pool '
                                 'member.'),
                               default=True, update_allowed=True),
        'subnet': prop(Schema.STRING, _('Subnet name or ID of this member.'),
                       constraints=base.name_or_id('neutron.subnet')),
        'tags': prop(Schema.LIST,
                     _('A list of simple strings assigned to the member.'),
                     update_allowed=True,
                     constraints=[constraints.Length(max=64)]),
    }
    # Heat's pool_member.py names ADDRESS_ATTR and POOL_ID_ATTR but
    # declares no attributes schema: only ``show``.
    attributes_schema = {base.SHOW: base.SHOW_SCHEMA}
    live_keys = {'weight': 'weight', 'address': 'address',
                 'protocol_port': 'protocol_port',
                 'admin_state_up': 'admin_state_up'}

    def resolve(self, properties):
        found = {}
        # Optional: a member without one is on the load balancer's.
        if properties.get('subnet') is not None:
            found['subnet_id'] = self.find_id(
                'neutron', '/subnets', 'subnet', properties['subnet'])
        return found

    def post_create(self, body):
        body = dict(body, name=self.physical_resource_name())
        try:
            return super().post_create(body)
        except exception.ServiceConflict as error:
            if 'immutable' in str(error).lower():
                raise
            made = self.made_by_an_earlier_post(body)
            if made is None:
                raise
            return made

    def made_by_an_earlier_post(self, body):
        """The pool's member of ``body``'s address, port and name (this
        resource's, made by a POST whose answer was lost), or None.
        """
        wanted = {k: body[k] for k in ('address', 'protocol_port', 'name')}
        found = self.api('GET', self.path, key='members', params={
            'address': body['address'],
            'protocol_port': body['protocol_port']})
        return next((member for member in found
                     if {k: member.get(k) for k in wanted} == wanted), None)


class HealthMonitor(octavia_base.OctaviaResource):
    """How a pool checks its members' health."""

    path, key = '/lbaas/healthmonitors', 'healthmonitor'
    name_property = None
    references = {'pool': 'pool_id'}

    properties_schema = {
        'admin_state_up': prop(Schema.BOOLEAN,
                               _('The administrative state of the health '
                                 'monitor.'),
                               default=True, update_allowed=True),
        'delay': prop(Schema.INTEGER,
                      _('The minimum time in seconds between regular '
                        'connections of the member.'),
                      required=True, update_allowed=True,
                      constraints=[constraints.Range(0, INT_MAX)]),
        'expected_codes': prop(Schema.STRING,
                               _('The HTTP status codes expected in response '
                                 'from the member to declare it healthy: a '
                                 'value (200), a list (200, 202) or a range '
                                 '(200-204).'),
                               update_allowed=True),
        'http_method': prop(Schema.STRING,
                            _('The HTTP method used for requests by the '
                              'monitor of type HTTP.'),
                            update_allowed=True,
                            constraints=[constraints.AllowedValues([
                                'GET', 'HEAD', 'POST', 'PUT', 'DELETE',
                                'TRACE', 'OPTIONS', 'CONNECT', 'PATCH'])]),
        'max_retries': prop(Schema.INTEGER,
                            _('Number of permissible connection failures '
                              'before changing the member status to '
                              'INACTIVE.'),
                            required=True, update_allowed=True,
                            constraints=[constraints.Range(1, 10)]),
        'pool': _pool_schema(_('ID or name of the load balancing pool.'),
                             required=True),
        'timeout': prop(Schema.INTEGER,
                        _('Maximum number of seconds for a monitor to wait '
                          'for a connection to be established before it '
                          'times out.'),
                        required=True, update_allowed=True,
                        constraints=[constraints.Range(0, INT_MAX)]),
        'type': prop(Schema.STRING, _('One of predefined health monitor '
                                      'types.'),
                     required=True,
                     constraints=[constraints.AllowedValues([
                         'PING', 'TCP', 'HTTP', 'HTTPS', 'UDP-CONNECT'])]),
        'url_path': prop(Schema.STRING,
                         _('The HTTP path used in the HTTP request used by '
                           'the monitor to test a member health: it begins '
                           'with a forward slash (/).'),
                         update_allowed=True),
        'tenant_id': prop(Schema.STRING,
                          _('ID of the tenant who owns the health '
                            'monitor.')),
    }
    attributes_schema = {
        'pools': attr(_('The list of Pools related to this monitor.'),
                      'List'),
        base.SHOW: base.SHOW_SCHEMA,
    }
    live_keys = {'delay': 'delay', 'timeout': 'timeout',
                 'max_retries': 'max_retries', 'type': 'type'}

    def resolve(self, properties):
        if 'pool' not in properties:
            return {}
        return {'pool_id': self.octavia_id('/lbaas/pools', 'pool',
                                           properties['pool'])}
