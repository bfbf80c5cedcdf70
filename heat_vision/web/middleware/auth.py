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

"""Authentication pipelines: keystonemiddleware, or noauth.

Either way a ``RequestContext`` ends in ``environ['heat_vision.context']``;
the tenant in the URL is checked against it by the v1 controller.
Paths whose requests carry their own credential (signal URLs) skip both
and get an anonymous context: the engine checks that credential.
"""

import re

from oslo_middleware import request_id
import webob

from heat_vision.common import context
from heat_vision.common import signing

CONTEXT_KEY = 'heat_vision.context'
# Where oslo.middleware's RequestId puts this request's id.
REQUEST_ID_KEY = request_id.ENV_REQUEST_ID
# The v1 API's paths, and those of the data the web view reads.
_TENANT_IN_PATH = re.compile(r'^/(?:v1|dashboard/api)/([^/]+)')
# Paths whose requests carry their own credential, checked by the engine.
SELF_AUTHENTICATED_PATHS = (signing.SIGNAL_PATH,)
# Documents the same for everyone, which clients read before they
# authenticate (Heat's versions document is public too).
PUBLIC_PATHS = frozenset(['/', '/v1/openapi.json'])


class ContextMiddleware:
    """Builds the context from the headers keystonemiddleware sets."""

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        ctxt = context.RequestContext.from_environ(request.environ)
        # As the context_is_admin policy rule says (and noauth does).
        ctxt.is_admin = 'admin' in ctxt.roles
        request.environ[CONTEXT_KEY] = ctxt
        return self.application(environ, start_response)


class NoAuthMiddleware:
    """No authentication: the project is the tenant named in the URL.

    Roles come from an ``X-Roles`` header (``member,reader`` by default)
    so that policies can still be exercised without Keystone.
    """

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        match = _TENANT_IN_PATH.match(request.path_info)
        tenant = match.group(1) if match else None
        roles = [r.strip() for r in request.headers.get(
            'X-Roles', 'member,reader').split(',') if r.strip()]
        request.environ[CONTEXT_KEY] = context.RequestContext(
            project_id=tenant,
            user_id=request.headers.get('X-User-Id', 'noauth'),
            roles=roles, is_admin='admin' in roles,
            auth_token=request.headers.get('X-Auth-Token'),
            request_id=request.environ.get(REQUEST_ID_KEY))
        return self.application(environ, start_response)


def authenticated(application, conf):
    """``application`` behind the authentication ``[api] auth_strategy``
    names: keystonemiddleware, or noauth.
    """
    if conf.api.auth_strategy == 'keystone':
        return keystone_pipeline(application, conf)
    return NoAuthMiddleware(application)


def keystone_pipeline(application, conf):
    """keystonemiddleware's auth_token in front of the context builder."""
    # Imported here: an API under noauth does not carry it (nor the
    # keystoneclient it brings).
    from keystonemiddleware import auth_token
    return auth_token.AuthProtocol(ContextMiddleware(application),
                                   {'oslo_config_config': conf})


class SelfAuthenticatedPaths:
    """Sends requests for ``SELF_AUTHENTICATED_PATHS`` and
    ``PUBLIC_PATHS`` around ``auth``.

    They reach ``application`` with an anonymous context (no project, no
    roles, no token), so that nothing but the engine's own check of the
    credential they carry can let them act.
    """

    def __init__(self, auth, application):
        self.auth = auth
        self.application = application

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        path = request.path_info
        if (not path.startswith(SELF_AUTHENTICATED_PATHS) and
                path not in PUBLIC_PATHS):
            return self.auth(environ, start_response)
        request.environ[CONTEXT_KEY] = context.RequestContext(
            project_id=None, user_id=None, roles=[], is_admin=False,
            auth_token=None, overwrite=False,
            request_id=request.environ.get(REQUEST_ID_KEY))
        return self.application(environ, start_response)
