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

"""Small helpers shared by the v1 and relay controllers."""

import re

from oslo_config import cfg
import pecan
import webob.exc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.policies import enforcer
from heat_vision.web import body_schema
from heat_vision.web.middleware import json_body as json_body_mw

CONF = cfg.CONF
_VALID_TENANT = re.compile(r'^[A-Za-z0-9_.\-]{1,64}$')


def not_allowed(*allowed):
    """The default handler of a generic route: 405 with ``Allow``."""
    raise webob.exc.HTTPMethodNotAllowed(
        headers={'Allow': ', '.join(allowed)})


def generic_route(*allowed):
    """A generic pecan route answering 405 with ``Allow`` by default.

    In a controller, ``index = util.generic_route('GET')`` and then
    ``@index.when(method='GET', template='json')`` on the handler. A new
    function for every route: pecan keeps a generic route's handlers on
    the function itself, so one shared in a base class would mix the
    handlers of every controller.
    """
    @pecan.expose(generic=True, template='json')
    def route(self, *args, **kwargs):
        not_allowed(*allowed)
    return route


def authorize(rule, tenant_id):
    """Check ``rule`` for the request's context on ``tenant_id``."""
    enforcer.authorize(pecan.request.ctx, rule,
                       {'project_id': tenant_id})


def json_body(schema=None, absent_if_null=()):
    """:returns: the request's JSON body, checked against ``schema``.

    :param absent_if_null: top-level fields dropped when null, as if the
        request had left them out.
    :raises: MalformedRequestBody naming what is wrong and where.
    """
    request = pecan.request
    if json_body_mw.ENVIRON_KEY in request.environ:
        body = request.environ[json_body_mw.ENVIRON_KEY]
    else:
        body = json_body_mw.parse(request.body)
    error = schema and body_schema.first_error(schema, body)
    if error:
        path = '.'.join(str(part) for part in error[0])
        raise exception.MalformedRequestBody(
            reason='%s%s' % (path + ': ' if path else '', error[1]))
    if absent_if_null and isinstance(body, dict):
        body = {key: value for key, value in body.items()
                if value is not None or key not in absent_if_null}
    return body


_HOST_URL = 'heat_vision.host_url'


def host_url():
    """The base of the URLs the API gives, computed once per request
    (a list gives a link for each stack, resource or event).
    """
    environ = pecan.request.environ
    url = environ.get(_HOST_URL)
    if url is None:
        url = environ[_HOST_URL] = (CONF.api.public_endpoint or
                                    pecan.request.host_url).rstrip('/')
    return url


def stack_url(identity, *suffix):
    parts = [host_url(), 'v1', identity['tenant'], 'stacks',
             identity['stack_name'], identity['stack_id']]
    return '/'.join(parts + list(suffix))


def stack_links(identity):
    return [{'href': stack_url(identity), 'rel': 'self'}]


def single_param(name, value):
    """A query parameter's one value (a repeated identical one is one,
    see ``hooks.RepeatedQueryHook``).

    :raises: InvalidParameter if it was given several values.
    """
    if isinstance(value, list):
        raise exception.InvalidParameter(
            reason=_('"%s" may be given only once (or repeated with the '
                     'same value)') % name)
    return value


def bool_param(name, value):
    """Heat's boolean query parameters: true/false/yes/no/1/0."""
    value = single_param(name, value)
    if value is None:
        return None
    lowered = str(value).lower()
    if lowered in ('true', 'yes', '1', 'on'):
        return True
    if lowered in ('false', 'no', '0', 'off'):
        return False
    raise exception.InvalidParameter(
        reason=_('Unrecognized value "%(value)s" for "%(name)s", '
                 'acceptable values are: true, false.') %
        {'value': value, 'name': name})


def int_param(name, value, minimum=0, cap=None):
    """An integer query parameter of at least ``minimum``.

    :param cap: the largest value passed on: a larger one is lowered to
        it, as list ``limit`` parameters are in OpenStack APIs.
    :raises: InvalidParameter naming the parameter.
    """
    value = single_param(name, value)
    if value is None:
        return None
    try:
        number = int(value)
    except (TypeError, ValueError):
        number = None
    if number is None or number < minimum:
        raise exception.InvalidParameter(
            reason=_('%(name)s must be an integer of at least %(min)d, '
                     'not "%(value)s"') % {'name': name, 'min': minimum,
                                           'value': str(value)[:64]})
    return number if cap is None else min(number, cap)


def limit_param(value, minimum=0):
    """A list's ``limit``, lowered to ``[api] max_limit``."""
    return int_param('limit', value, minimum, cap=CONF.api.max_limit)


def depth_param(value):
    """A ``nested_depth``, lowered to ``max_nested_stack_depth``."""
    return int_param('nested_depth', value,
                     cap=CONF.max_nested_stack_depth)


def check_tenant(tenant_id, ctx):
    """:raises: NotFound for a malformed tenant id, Forbidden for one
        the credentials are not scoped to (admins excepted).
    """
    if not _VALID_TENANT.match(tenant_id):
        raise exception.NotFound(
            reason=_('Tenant "%s" not found: a tenant id is 1 to 64 '
                     'letters, digits, "_", "-" or ".".') % tenant_id)
    if ctx is None or (ctx.project_id != tenant_id and not ctx.is_admin):
        raise exception.Forbidden(
            _('The request is for tenant %s, which the credentials '
              'are not scoped to.') % tenant_id)
