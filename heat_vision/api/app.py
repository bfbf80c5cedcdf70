"""The WSGI application of heat-vision-api.

Pipeline, outermost first: fault (errors in Heat's shape), body size
limit, body check (JSON, or 415 or 400), authentication (keystone or
noauth) building the context, then the pecan app, whose controllers
authorise and make one RPC call each. Signal URLs, which carry their own
credential, go around authentication.

The relay (``/v1/{tenant}/relay/...``, see ``heat_vision.relay.app``)
is mounted beside the native app unless ``[relay] mount_in_api`` is
off: the same fault and authentication layers, its own body limit and
no JSON check.
"""

from oslo_config import cfg
import pecan

from heat_vision.api import engine_hook
from heat_vision.api import hooks
from heat_vision.api.middleware import auth
from heat_vision.api.middleware import body_limit
from heat_vision.api.middleware import fault
from heat_vision.api.middleware import json_body
from heat_vision.relay import app as relay_app
from heat_vision.relay import native

CONF = cfg.CONF


def setup_pecan_app():
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
    native_chain = body_limit.BodyLimitMiddleware(
        json_body.JSONBodyMiddleware(app))
    if relay:
        relay_chain = body_limit.BodyLimitMiddleware(
            app, limit=relay_app.relay_limit)
        native_chain = relay_app.RelayRouter(native_chain, relay_chain)
    return fault.FaultMiddleware(native_chain)


def setup_relay(pecan_app):
    """The relay app, calling ``pecan_app`` as a client would (the
    caller's context already in the environ: no second authentication).
    """
    in_process = fault.FaultMiddleware(body_limit.BodyLimitMiddleware(
        json_body.JSONBodyMiddleware(pecan_app)))
    return relay_app.setup_pecan_app(
        native.NativeAPI(native.InProcess(in_process)))
