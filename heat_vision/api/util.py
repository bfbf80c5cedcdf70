"""Small helpers shared by the v1 controllers."""

import jsonschema
from oslo_config import cfg
from oslo_serialization import jsonutils
import pecan
import webob.exc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.policies import enforcer

CONF = cfg.CONF


def not_allowed(*allowed):
    """The default handler of a generic route: 405 with ``Allow``."""
    raise webob.exc.HTTPMethodNotAllowed(
        headers={'Allow': ', '.join(allowed)})


def authorize(rule, tenant_id):
    """Check ``rule`` for the request's context on ``tenant_id``."""
    enforcer.authorize(pecan.request.ctx, rule,
                       {'project_id': tenant_id})


def json_body(schema=None):
    """:returns: the request's JSON body, checked against ``schema``.

    :raises: MalformedRequestBody naming what is wrong and where.
    """
    request = pecan.request
    try:
        body = jsonutils.loads(request.body or b'{}')
    except ValueError as exc:
        raise exception.MalformedRequestBody(
            reason=_('the body is not valid JSON (%s)') % exc)
    if schema is not None:
        errors = sorted(jsonschema.Draft7Validator(schema).iter_errors(body),
                        key=lambda e: list(e.absolute_path))
        if errors:
            error = errors[0]
            path = '.'.join(str(p) for p in error.absolute_path)
            raise exception.MalformedRequestBody(
                reason='%s%s' % (path + ': ' if path else '',
                                 error.message))
    return body


def host_url():
    return (CONF.api.public_endpoint or pecan.request.host_url).rstrip('/')


def stack_url(identity, *suffix):
    parts = [host_url(), 'v1', identity['tenant'], 'stacks',
             identity['stack_name'], identity['stack_id']]
    return '/'.join(parts + list(suffix))


def stack_links(identity):
    return [{'href': stack_url(identity), 'rel': 'self'}]


def bool_param(name, value):
    """Heat's boolean query parameters: true/false/yes/no/1/0."""
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


def int_param(name, value, minimum=0):
    if value is None:
        return None
    try:
        number = int(value)
    except ValueError:
        number = None
    if number is None or number < minimum:
        raise exception.InvalidParameter(
            reason=_('%(name)s must be an integer of at least %(min)d, '
                     'not "%(value)s"') % {'name': name, 'min': minimum,
                                           'value': value})
    return number
