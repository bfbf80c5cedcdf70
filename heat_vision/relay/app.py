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

"""The relay's WSGI application, mounted or on its own.

Mounted (``heat-vision-all``, ``heat-vision-api``, the WSGI module):
``heat_vision.cmd.composite`` sends ``/v1/{tenant}/relay/...`` here after
the same fault and authentication layers as the native routes; the relay
calls the native app of the same process (``setup_in_process_app``). On
its own (``heat-vision-relay``): the same layers in front, and the
native API reached over HTTP.

Relay bodies are not JSON (YAML, CSAR and PDP archives, AWS query
forms), so the JSON body check of the native routes does not apply;
their size limit is ``[relay] max_document_size``.
"""

import re

from oslo_config import cfg
from oslo_middleware import sizelimit
import pecan
import webob

from heat_vision.conf import middleware as middleware_conf
from heat_vision.relay import native
from heat_vision.web import hooks as api_hooks
from heat_vision.web.middleware import auth
from heat_vision.web.middleware import body_limit
from heat_vision.web.middleware import fault
from heat_vision.web.middleware import json_body

CONF = cfg.CONF
middleware_conf.register_opts(CONF)
RELAY_PATH = re.compile(r'^/v1/[^/]+/relay(/|$)')


class NativeClientHook(pecan.hooks.PecanHook):
    """Gives each request its context and the native API client."""

    def __init__(self, native_api):
        self.native_api = native_api

    def on_route(self, state):
        state.request.native = self.native_api
        state.request.ctx = state.request.environ.get(auth.CONTEXT_KEY)


def setup_pecan_app(native_api):
    return pecan.make_app(
        'heat_vision.relay.controllers.root.RootController',
        hooks=[NativeClientHook(native_api), api_hooks.NoBodyHook(),
               api_hooks.RequestLogHook()],
        force_canonical=False, guess_content_type_from_ext=False,
        debug=False)


class RelayRouter:
    """Sends relay paths to ``relay``, everything else to ``other``."""

    def __init__(self, other, relay):
        self.other = other
        self.relay = relay

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        if RELAY_PATH.match(request.path_info):
            return self.relay(environ, start_response)
        return self.other(environ, start_response)


def relay_limit():
    return CONF.relay.max_document_size


def authenticated(application, conf=CONF):
    """``application`` behind the authentication the API is set up with,
    and behind Keystone the Query API's EC2 signatures.
    """
    app = auth.authenticated(application, conf)
    if conf.api.auth_strategy == 'keystone':
        # Imported here: keystoneauth (with requests, about 13 MB) is
        # not otherwise loaded by an API under noauth.
        from heat_vision.relay.cfn import ec2auth
        return ec2auth.EC2Signatures(app, conf)
    return app


def setup_in_process_app(native_app, conf=CONF):
    """The relay calling ``native_app`` (the native pecan app of this
    process) as a client would, the caller's context already in the
    environ: no second authentication.
    """
    in_process = fault.FaultMiddleware(sizelimit.RequestBodySizeLimiter(
        json_body.JSONBodyMiddleware(native_app), conf))
    return setup_pecan_app(native.NativeAPI(native.InProcess(in_process)))


def setup_standalone_app(conf=CONF):
    """The WSGI app of heat-vision-relay: the native API over HTTP."""
    relay = setup_pecan_app(native.NativeAPI(native.OverHTTP()))
    app = body_limit.BodyLimitMiddleware(authenticated(relay, conf),
                                         limit=relay_limit)
    return fault.FaultMiddleware(app)
