"""The WSGI application of heat-vision-api.

Pipeline, outermost first, as OpenStack services have it: CORS,
http_proxy_to_wsgi (the client's scheme and host behind a proxy), the
request id (``x-openstack-request-id`` on every response, errors
included), fault (errors in Heat's shape), ``/healthcheck`` (before
authentication, for load balancers), oslo.middleware's request body size
limit, the JSON body check (415 or 400), authentication (keystone or
noauth) building the context, then the pecan app, whose controllers
authorise and make one RPC call each. Signal URLs, which carry their own
credential, go around authentication.
"""

from oslo_config import cfg
from oslo_middleware import cors
from oslo_middleware import healthcheck
from oslo_middleware import http_proxy_to_wsgi
from oslo_middleware import request_id
from oslo_middleware import sizelimit
import pecan

from heat_vision.api import hooks
from heat_vision.api.middleware import auth
from heat_vision.api.middleware import fault
from heat_vision.api.middleware import json_body
from heat_vision.api.middleware import paths

CONF = cfg.CONF


def setup_pecan_app():
    return pecan.make_app(
        'heat_vision.api.controllers.root.RootController',
        hooks=[hooks.EngineClientHook(), hooks.RepeatedQueryHook(),
               hooks.NoBodyHook(), hooks.RequestLogHook()],
        force_canonical=False,
        guess_content_type_from_ext=False,
        debug=False)


def setup_app(conf=CONF):
    """:returns: the complete WSGI application."""
    pecan_app = setup_pecan_app()
    if conf.api.auth_strategy == 'keystone':
        app = auth.keystone_pipeline(pecan_app, conf)
    else:
        app = auth.NoAuthMiddleware(pecan_app)
    app = auth.SelfAuthenticatedPaths(app, pecan_app)
    app = json_body.JSONBodyMiddleware(app)
    app = sizelimit.RequestBodySizeLimiter(app, conf)
    # Healthcheck answers whatever it is given; requests it declines
    # (``[healthcheck] allowed_source_ranges``) go on to the API.
    app = paths.PathDispatch(
        app, {paths.HEALTHCHECK: healthcheck.Healthcheck(app, conf)})
    app = fault.FaultMiddleware(app)
    app = request_id.RequestId(app)
    app = http_proxy_to_wsgi.HTTPProxyToWSGI(app, conf)
    return cors.CORS(app, conf)
