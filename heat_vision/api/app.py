"""The WSGI application of heat-vision-api.

Pipeline, outermost first: fault (errors in Heat's shape), body size
limit, body check (JSON, or 415 or 400), authentication (keystone or
noauth) building the context, then the pecan app, whose controllers
authorise and make one RPC call each. Signal URLs, which carry their own
credential, go around authentication.
"""

from oslo_config import cfg
import pecan

from heat_vision.api import hooks
from heat_vision.api.middleware import auth
from heat_vision.api.middleware import body_limit
from heat_vision.api.middleware import fault
from heat_vision.api.middleware import json_body

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
    app = body_limit.BodyLimitMiddleware(app)
    return fault.FaultMiddleware(app)
