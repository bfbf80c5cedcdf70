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

"""The WSGI application of heat-vision-api.

Pipeline, outermost first, as OpenStack services have it: CORS,
http_proxy_to_wsgi (the client's scheme and host behind a proxy), the
request id (``x-openstack-request-id`` on every response, errors
included), fault (errors in Heat's shape), ``/healthcheck`` (before
authentication, for load balancers), oslo.middleware's request body size
limit, the JSON body check (415 or 400), authentication (keystone or
noauth) building the context, then the pecan app, whose controllers
authorise and make one RPC call each. Signal URLs, which carry their own
credential, go around authentication, and so do the web view's files
(``/dashboard/``, see ``heat_vision.api.dashboard``), which hold no data.

The relay (``/v1/{tenant}/relay/...``, see ``heat_vision.relay.app``)
is mounted beside the native app unless ``[relay] mount_in_api`` is
off: the same fault and authentication layers, its own body limit and
no JSON check.
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
from heat_vision.relay import app as relay_app
from heat_vision.relay import native
from heat_vision.web import hooks
from heat_vision.web.middleware import auth
from heat_vision.web.middleware import body_limit
from heat_vision.web.middleware import fault
from heat_vision.web.middleware import json_body
from heat_vision.web.middleware import paths

CONF = cfg.CONF


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
    """:returns: the complete WSGI application."""
    pecan_app = setup_pecan_app()
    relay = setup_relay(pecan_app) if conf.relay.mount_in_api else None
    routed = relay_app.RelayRouter(pecan_app, relay) if relay else pecan_app
    app = relay_app.authenticated(routed, conf)
    app = auth.SelfAuthenticatedPaths(app, pecan_app)
    chain = sizelimit.RequestBodySizeLimiter(
        json_body.JSONBodyMiddleware(app), conf)
    if relay:
        relay_chain = body_limit.BodyLimitMiddleware(
            app, limit=relay_app.relay_limit)
        chain = relay_app.RelayRouter(chain, relay_chain)
    # Healthcheck answers whatever it is given; requests it declines
    # (``[healthcheck] allowed_source_ranges``) go on to the API.
    app = paths.PathDispatch(
        chain, {paths.HEALTHCHECK: healthcheck.Healthcheck(chain, conf)})
    if conf.api.dashboard:
        app = dashboard.DashboardMount(app)
    app = fault.FaultMiddleware(app)
    app = request_id.RequestId(app)
    app = http_proxy_to_wsgi.HTTPProxyToWSGI(app, conf)
    return cors.CORS(app, conf)


def setup_relay(pecan_app, conf=CONF):
    """The relay app, calling ``pecan_app`` as a client would (the
    caller's context already in the environ: no second authentication).
    """
    in_process = fault.FaultMiddleware(sizelimit.RequestBodySizeLimiter(
        json_body.JSONBodyMiddleware(pecan_app), conf))
    return relay_app.setup_pecan_app(
        native.NativeAPI(native.InProcess(in_process)))
