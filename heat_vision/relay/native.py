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

"""The relay's client of the native Heat v1 API.

Two transports, one code path: in ``heat-vision-all`` (and
``heat-vision-api``) a request is handed to the native WSGI app in the
same process with the caller's context already authenticated; in
``heat-vision-relay`` it goes over HTTP to ``[relay] native_api_url``
with the caller's token (or, with noauth, the caller's user and roles).
Either way an error comes back as ``NativeError`` carrying the native
API's status, Heat error type and message.
"""

from urllib import parse

from oslo_config import cfg
from oslo_serialization import jsonutils
from pecan import core as pecan_core
import urllib3
import urllib3.exceptions
import webob

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.web.middleware import auth

CONF = cfg.CONF


class NativeError(exception.HeatVisionException):
    """The native API refused a request: its status and message kept."""

    msg_fmt = _('%(message)s')

    def __init__(self, status, error_type, message):
        super().__init__(message)
        self.code = status
        self.error_type = error_type or 'HTTPError'


class NativeUnavailable(exception.HeatVisionException):
    msg_fmt = _('The native API cannot be reached: %(reason)s')
    code = 503
    error_type = 'ServiceUnavailable'


#: What makes a request's host URL: the native app answers with the
#: links of the relay's own request (its host, port and scheme), not of
#: ``Request.blank``'s ``http://localhost``.
HOST_ENVIRON = ('HTTP_HOST', 'SERVER_NAME', 'SERVER_PORT', 'wsgi.url_scheme')


class InProcess:
    """Sends a request to the native WSGI app of this process."""

    def __init__(self, application):
        self.application = application

    def send(self, ctx, method, path, body=None):
        request = webob.Request.blank(path, method=method)
        request.environ[auth.CONTEXT_KEY] = ctx
        relay_request = getattr(pecan_core.state, 'request', None)
        if relay_request is not None:
            request.environ.update(
                (key, relay_request.environ[key]) for key in HOST_ENVIRON
                if key in relay_request.environ)
        if body is not None:
            request.content_type = 'application/json'
            request.body = jsonutils.dump_as_bytes(body)
        # NOTE(heat-vision): pecan keeps the request being served in a
        # thread-local that the native app (pecan too) replaces and then
        # deletes; the relay's own request must find it again afterwards.
        saved = dict(vars(pecan_core.state))
        try:
            response = request.get_response(self.application)
        finally:
            vars(pecan_core.state).clear()
            vars(pecan_core.state).update(saved)
        return response.status_int, response.headers, response.body


class OverHTTP:
    """Sends a request to the native API at ``[relay] native_api_url``."""

    def __init__(self, base_url=None, timeout=None):
        self.base_url = (base_url or CONF.relay.native_api_url).rstrip('/')
        self._pool = urllib3.PoolManager(
            timeout=timeout or CONF.relay.native_api_timeout, retries=False)

    def send(self, ctx, method, path, body=None):
        headers = {'Accept': 'application/json',
                   'X-User-Id': ctx.user_id or 'relay',
                   'X-Roles': ','.join(ctx.roles)}
        if ctx.auth_token:
            headers['X-Auth-Token'] = ctx.auth_token
        if ctx.request_id:
            headers['X-Openstack-Request-Id'] = ctx.request_id
        data = None
        if body is not None:
            headers['Content-Type'] = 'application/json'
            data = jsonutils.dump_as_bytes(body)
        try:
            response = self._pool.request(method, self.base_url + path,
                                          body=data, headers=headers,
                                          redirect=False)
        except urllib3.exceptions.HTTPError as exc:
            raise NativeUnavailable(reason=type(exc).__name__)
        return response.status, response.headers, response.data


class NativeAPI:
    """The native routes the relay uses, one method each."""

    def __init__(self, transport):
        self.transport = transport

    def call(self, ctx, method, path, body=None, follow=True):
        """:returns: the decoded JSON answer (``None`` for none).

        A 302 (a stack looked up by name or id) is followed, as clients
        do.
        :raises: NativeError with the native API's status and message.
        """
        status, headers, data = self.transport.send(ctx, method, path, body)
        if status == 302 and follow:
            location = parse.urlsplit(headers.get('Location', ''))
            target = location.path + ('?' + location.query
                                      if location.query else '')
            return self.call(ctx, method, target, body, follow=False)
        if status >= 400:
            raise _error(status, data)
        if not data:
            return None
        return jsonutils.loads(data)

    @staticmethod
    def stack_path(tenant, stack, *suffix):
        """The path of a stack: ``stack`` is a name, an id or name/id."""
        parts = ['', 'v1', tenant, 'stacks'] + stack.split('/', 1)
        return '/'.join(parse.quote(p, safe='') for p in
                        parts + list(suffix))

    def create_stack(self, ctx, tenant, body):
        return self.call(ctx, 'POST', '/v1/%s/stacks' % tenant, body)

    def preview_stack(self, ctx, tenant, body):
        return self.call(ctx, 'POST', '/v1/%s/stacks/preview' % tenant,
                         body)

    def validate(self, ctx, tenant, body):
        return self.call(ctx, 'POST', '/v1/%s/validate' % tenant, body)

    def identify_stack(self, ctx, tenant, stack):
        """:returns: ``name/id`` of the stack ``stack`` names (the
        native lookup's redirect, not followed).
        """
        if '/' in stack:
            return stack
        status, headers, data = self.transport.send(
            ctx, 'GET', self.stack_path(tenant, stack))
        if status >= 400:
            raise _error(status, data)
        path = parse.urlsplit(headers.get('Location', '')).path
        parts = path.rstrip('/').split('/')
        if status != 302 or len(parts) < 2:
            raise NativeError(502, 'HTTPError', _(
                'The native API did not name the stack %s.') % stack)
        return '/'.join(parse.unquote(p) for p in parts[-2:])

    def show_stack(self, ctx, tenant, stack):
        return self.call(ctx, 'GET', self.stack_path(tenant, stack))['stack']

    def update_stack(self, ctx, tenant, stack, body):
        path = self.stack_path(tenant, stack)
        return self.call(ctx, 'PUT', path, body)

    def patch_stack(self, ctx, tenant, stack, body):
        """An update keeping what ``body`` leaves out (``existing``)."""
        path = self.stack_path(tenant, stack)
        return self.call(ctx, 'PATCH', path, body)

    def preview_update(self, ctx, tenant, stack, body):
        """The changes a PATCH update with ``body`` would make."""
        path = self.stack_path(tenant, stack, 'preview')
        return self.call(ctx, 'PATCH', path, body)['resource_changes']

    def delete_stack(self, ctx, tenant, stack):
        return self.call(ctx, 'DELETE', self.stack_path(tenant, stack))

    def list_stacks(self, ctx, tenant, query=None):
        path = '/v1/%s/stacks' % tenant
        if query:
            path += '?' + parse.urlencode(query, doseq=True)
        return self.call(ctx, 'GET', path)['stacks']

    def _config_path(self, tenant, config_id=None):
        path = '/v1/%s/software_configs' % tenant
        if config_id is not None:
            path += '/' + parse.quote(config_id, safe='')
        return path

    def create_software_config(self, ctx, tenant, body):
        return self.call(ctx, 'POST', self._config_path(tenant),
                         body)['software_config']

    def show_software_config(self, ctx, tenant, config_id):
        return self.call(ctx, 'GET', self._config_path(
            tenant, config_id))['software_config']

    def delete_software_config(self, ctx, tenant, config_id):
        return self.call(ctx, 'DELETE', self._config_path(tenant, config_id))

    def list_software_configs(self, ctx, tenant):
        return self.call(ctx, 'GET', self._config_path(tenant) + '?limit=%d'
                         % CONF.api.max_limit)['software_configs']

    def each_software_config(self, ctx, tenant):
        """Every software config of the tenant (id, name, group), read
        page by page.
        """
        marker = None
        while True:
            path = self._config_path(tenant) + '?limit=%d' % (
                CONF.api.max_limit)
            if marker:
                path += '&marker=' + parse.quote(marker, safe='')
            page = self.call(ctx, 'GET', path)['software_configs']
            yield from page
            if len(page) < CONF.api.max_limit:
                return
            marker = page[-1]['id']

    def stack_part(self, ctx, tenant, stack, *part, query=None):
        path = self.stack_path(tenant, stack, *part)
        if query:
            path += '?' + parse.urlencode(query, doseq=True)
        return self.call(ctx, 'GET', path)


def _error(status, data):
    try:
        error = jsonutils.loads(data)['error']
        return NativeError(status, error.get('type'), error.get('message'))
    except (ValueError, TypeError, KeyError):
        return NativeError(status, 'HTTPError',
                           _('The native API answered %d.') % status)
