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

"""The WSGI application of the native API, and its layers.

Pipeline, outermost first, as OpenStack services have it: CORS,
http_proxy_to_wsgi (the client's scheme and host behind a proxy; both
skipped by the requests they would leave as they are, see
``web.middleware.bypass``), the
request id (``x-openstack-request-id`` on every response, errors
included), fault (errors in Heat's shape), the web view's files
(``/dashboard/``, see ``heat_vision.api.dashboard``, which hold no data),
``/healthcheck`` (before authentication, for load balancers),
oslo.middleware's request body size limit, the JSON body check (415 or
400), authentication (keystone or noauth) building the context, then the
pecan app, whose controllers authorise and make one RPC call each.
Signal URLs, which carry their own credential, go around authentication.

This package does not know the relay: the process that serves both
composes them from these layers (``heat_vision.cmd.composite``).
"""

from oslo_config import cfg
from oslo_middleware import cors
from oslo_middleware import healthcheck
from oslo_middleware import http_proxy_to_wsgi
from oslo_middleware import request_id
from oslo_middleware import sizelimit
import pecan

from heat_vision.api.dashboard import static_app as dashboard
from heat_vision.api import engine_hook
from heat_vision.api import pecan_argspec
from heat_vision.conf import middleware as middleware_conf
from heat_vision.web import hooks
from heat_vision.web.middleware import auth
from heat_vision.web.middleware import bypass
from heat_vision.web.middleware import fault
from heat_vision.web.middleware import json_body
from heat_vision.web.middleware import paths

CONF = cfg.CONF
middleware_conf.register_opts(CONF)


def setup_pecan_app():
    pecan_argspec.install()
    return pecan.make_app(
        'heat_vision.api.controllers.root.RootController',
        hooks=[engine_hook.EngineClientHook(), hooks.RepeatedQueryHook(),
               hooks.NoBodyHook(), hooks.RequestLogHook()],
        force_canonical=False,
        guess_content_type_from_ext=False,
        debug=False)


def setup_app(conf=CONF):
    """:returns: the native API's complete WSGI application."""
    pecan_app = setup_pecan_app()
    return outer_layers(json_checks(
        authenticated(pecan_app, pecan_app, conf), conf), conf)


def authenticated(application, pecan_app, conf=CONF,
                  authenticate=auth.authenticated):
    """``application`` behind ``authenticate``; the paths whose requests
    carry their own credential, and the public ones, go around it to
    ``pecan_app`` with an anonymous context.
    """
    return auth.SelfAuthenticatedPaths(authenticate(application, conf),
                                       pecan_app)


def json_checks(application, conf=CONF):
    """The native routes' body checks: the size limit, then JSON; a
    request without a body goes around them.
    """
    return bypass.UnlessBody(sizelimit.RequestBodySizeLimiter(
        json_body.JSONBodyMiddleware(application), conf), application)


def outer_layers(application, conf=CONF):
    """The healthcheck, the web view's files, fault, request id, proxy
    headers and CORS around ``application``.
    """
    # Healthcheck answers whatever it is given; requests it declines
    # (``[healthcheck] allowed_source_ranges``) go on to the API.
    app = paths.PathDispatch(application, {
        paths.HEALTHCHECK: healthcheck.Healthcheck(application, conf)})
    if conf.api.dashboard:
        app = dashboard.DashboardMount(app)
    app = fault.FaultMiddleware(app)
    app = request_id.RequestId(app)
    app = bypass.UnlessProxyHeaders(
        http_proxy_to_wsgi.HTTPProxyToWSGI(app, conf), app, conf)
    return bypass.UnlessCORS(cors.CORS(app, conf), app)
