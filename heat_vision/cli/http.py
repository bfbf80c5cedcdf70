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

"""A tiny REST client for Heat's v1 API.

It sends JSON over a keystoneauth1 session (authenticated when Keystone
is configured, plain otherwise), follows Heat's 302 redirects from a
stack name to its ``{name}/{id}`` URL, and turns Heat's error body
``{code, title, explanation, error: {type, message}}`` into one
:class:`HeatHTTPError` (its message's lines kept, as a YAML error quotes
the faulty line with a caret under the fault).
"""

from urllib import parse

from keystoneauth1 import exceptions as ks_exc
from keystoneauth1 import session as ks_session

USER_AGENT = 'heat-vision-cli'


class CLIError(Exception):
    """An error the command line reports as one line and exit status 1."""


class HeatHTTPError(CLIError):
    """Heat answered with an HTTP error status."""

    def __init__(self, status, error_type, message):
        self.status = status
        self.error_type = error_type
        self.message = message
        super().__init__('%s (HTTP %s): %s' % (error_type, status, message))


class NotFound(HeatHTTPError):
    """HTTP 404."""


def path(*segments):
    """Join URL path segments, quoting each one (names may hold '/')."""
    return '/'.join(parse.quote(str(segment), safe='')
                    for segment in segments)


def clean_lines(message):
    """``message`` without trailing spaces or blank lines at either end.

    The lines are kept with their indentation: a YAML error quotes the
    faulty line with a caret under the fault, as python-heatclient and
    ``openstack stack create`` show it.
    """
    lines = [line.rstrip() for line in str(message).strip().splitlines()]
    return '\n'.join(lines)


def error_from_response(response):
    """Build a :class:`HeatHTTPError` from an error response."""
    status = response.status_code
    error_type = response.reason or 'HTTPError'
    message = (response.text or '').strip() or error_type
    try:
        body = response.json()
    except ValueError:
        body = None
    if isinstance(body, dict):
        error = body.get('error')
        if isinstance(error, dict):
            error_type = error.get('type') or error_type
            message = error.get('message') or body.get('explanation') or ''
        else:
            message = body.get('explanation') or body.get('title') or message
    message = clean_lines(message)
    cls = NotFound if status == 404 else HeatHTTPError
    return cls(status, error_type, message)


class HeatClient:
    """Calls on one Heat v1 endpoint (``.../v1/<tenant>``).

    :param endpoint: the URL of the API, ending in ``/v1/<tenant>``.
    :param session: a keystoneauth1 session; without one a plain session
        is made and no Keystone authentication happens.
    :param token: a token to send as ``X-Auth-Token`` when the session
        does not authenticate itself.
    :param timeout: seconds to wait for each HTTP response.
    :param headers: more headers to send with every request (``X-Roles``
        for a noauth service).
    """

    def __init__(self, endpoint, session=None, token=None, timeout=60,
                 insecure=False, headers=None):
        self.endpoint = endpoint.rstrip('/')
        self.authenticated = session is not None and session.auth is not None
        self.session = session or ks_session.Session(verify=not insecure)
        self.token = token
        self.timeout = timeout
        self.headers = dict(headers or {})

    def url(self, relative):
        return '%s/%s' % (self.endpoint, relative.lstrip('/'))

    def request(self, method, relative, body=None, params=None,
                headers=None, data=None):
        """Send one request; return the response or raise on error.

        :param body: sent as JSON; ``data`` (bytes or str) is sent as it
            is instead, its Content-Type given in ``headers``.

        :raises HeatHTTPError: when Heat answers with a status >= 400.
        :raises CLIError: when the endpoint cannot be reached.
        """
        all_headers = {'Accept': 'application/json'}
        all_headers.update(self.headers)
        if self.token and not self.authenticated:
            all_headers['X-Auth-Token'] = self.token
        all_headers.update(headers or {})
        params = {key: value for key, value in (params or {}).items()
                  if value is not None}
        url = self.url(relative)
        try:
            response = self.session.request(
                url, method, json=body, data=data, params=params,
                headers=all_headers,
                authenticated=self.authenticated, raise_exc=False,
                user_agent=USER_AGENT, timeout=self.timeout)
        except ks_exc.ConnectFailure:
            raise CLIError('Cannot reach %s: is the service running?'
                           % self.endpoint)
        except ks_exc.ConnectionError as exc:
            raise CLIError('Connection to %s failed: %s'
                           % (self.endpoint, exc))
        except ks_exc.ClientException as exc:
            raise CLIError(str(exc))
        if response.status_code >= 400:
            raise error_from_response(response)
        return response

    def _json(self, response):
        if not response.content:
            return None
        try:
            return response.json()
        except ValueError:
            return response.text

    def get(self, relative, **params):
        return self._json(self.request('GET', relative, params=params))

    def post(self, relative, body=None, **params):
        return self._json(self.request('POST', relative, body=body,
                                       params=params))

    def put(self, relative, body=None):
        return self._json(self.request('PUT', relative, body=body))

    def patch(self, relative, body=None):
        return self._json(self.request('PATCH', relative, body=body))

    def delete(self, relative, **params):
        return self._json(self.request('DELETE', relative, params=params))
