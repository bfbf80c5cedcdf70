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

"""Where the client talks to, and as whom.

In order of precedence:

1. ``--os-endpoint`` / ``HEAT_VISION_URL``: a URL ending in
   ``/v1/<tenant>``; a token given with ``--os-token`` is sent as
   ``X-Auth-Token``.
2. ``--os-auth-url`` / ``OS_AUTH_URL``: Keystone through keystoneauth1
   (password or token); the endpoint comes from the service catalog
   (service type ``orchestration``).
3. The local embedded service: ``http://127.0.0.1:8004/v1/<project>``
   where the project is ``--os-project-id`` / ``OS_PROJECT_ID`` or
   ``demo``.
"""

from urllib import parse

from keystoneauth1 import exceptions as ks_exc
from keystoneauth1.identity import generic
from keystoneauth1 import session as ks_session

from heat_vision.cli import http

DEFAULT_URL = 'http://127.0.0.1:8004/v1/%s'
DEFAULT_PROJECT = 'demo'
SERVICE_TYPE = 'orchestration'
ENDPOINT_FORM = 'http(s)://<host>[:<port>][/<prefix>]/v1/<tenant>'


def check_endpoint(endpoint):
    """Refuse an endpoint that is not a Heat v1 URL with its tenant.

    Without a scheme keystoneauth1 would look the text up in a service
    catalog; without ``/v1/<tenant>`` every call would answer 404.

    :returns: the endpoint, without a trailing slash.
    :raises CLIError: naming the expected form.
    """
    url = parse.urlsplit(endpoint.strip())
    segments = url.path.rstrip('/').split('/')
    if url.scheme not in ('http', 'https') or not url.netloc:
        problem = 'it must start with http:// or https://'
    elif len(segments) < 3 or segments[-2] != 'v1' or not segments[-1]:
        problem = 'it must end in /v1/<tenant>'
    elif url.query or url.fragment:
        problem = 'it must have no query or fragment'
    else:
        return endpoint.strip().rstrip('/')
    raise http.CLIError(
        'Endpoint %r (--os-endpoint, HEAT_VISION_URL): %s; expected %s, '
        'e.g. %s' % (endpoint, problem, ENDPOINT_FORM,
                     DEFAULT_URL % DEFAULT_PROJECT))


def _keystone_auth(options):
    common = dict(
        auth_url=options.os_auth_url,
        project_id=options.os_project_id,
        project_name=options.os_project_name,
        project_domain_id=options.os_project_domain_id,
        project_domain_name=options.os_project_domain_name)
    if options.os_token:
        return generic.Token(token=options.os_token, **common)
    return generic.Password(
        username=options.os_username, password=options.os_password,
        user_domain_id=options.os_user_domain_id,
        user_domain_name=options.os_user_domain_name, **common)


def make_client(options):
    """Build the :class:`~heat_vision.cli.http.HeatClient` for options.

    :param options: the parsed global options of the application.
    :returns: a ready client.
    :raises CLIError: when the endpoint given is not a Heat v1 URL, or
        Keystone gives no orchestration endpoint.
    """
    noauth_headers = ({'X-Roles': options.os_roles} if options.os_roles
                      else {})
    if options.os_endpoint:
        return http.HeatClient(check_endpoint(options.os_endpoint),
                               token=options.os_token,
                               timeout=options.http_timeout,
                               insecure=options.insecure,
                               headers=noauth_headers)
    if options.os_auth_url:
        session = ks_session.Session(
            auth=_keystone_auth(options),
            verify=False if options.insecure else (options.os_cacert or
                                                   True))
        try:
            endpoint = session.get_endpoint(
                service_type=SERVICE_TYPE,
                interface=options.os_interface,
                region_name=options.os_region_name)
        except ks_exc.ClientException as exc:
            raise http.CLIError('Keystone authentication failed: %s' % exc)
        if not endpoint:
            raise http.CLIError('No %s endpoint in the service catalog'
                                % SERVICE_TYPE)
        return http.HeatClient(endpoint, session=session,
                               timeout=options.http_timeout)
    project = options.os_project_id or DEFAULT_PROJECT
    return http.HeatClient(DEFAULT_URL % project, token=options.os_token,
                           timeout=options.http_timeout,
                           headers=noauth_headers)


def add_options(parser, env):
    """Add the connection options to the global parser.

    :param env: a mapping to read defaults from (``os.environ``).
    """
    def opt(name, help_text, env_name=None, **kw):
        env_name = env_name or name.lstrip('-').upper().replace('-', '_')
        parser.add_argument(name, default=env.get(env_name), help=(
            '%s (env: %s)' % (help_text, env_name)), **kw)

    opt('--os-endpoint', 'Heat v1 URL ending in /v1/<tenant>',
        env_name='HEAT_VISION_URL')
    opt('--os-auth-url', 'Keystone URL; enables Keystone authentication')
    opt('--os-token', 'Token (X-Auth-Token), or to authenticate with')
    opt('--os-username', 'Keystone user name')
    opt('--os-password', 'Keystone password')
    opt('--os-project-id', 'Project (tenant) ID; also the tenant of the '
        'default endpoint')
    opt('--os-project-name', 'Keystone project name')
    opt('--os-user-domain-id', 'User domain ID')
    opt('--os-user-domain-name', 'User domain name')
    opt('--os-project-domain-id', 'Project domain ID')
    opt('--os-project-domain-name', 'Project domain name')
    opt('--os-region-name', 'Region of the orchestration endpoint')
    opt('--os-cacert', 'CA bundle to verify TLS with')
    opt('--os-roles', 'Roles sent as X-Roles to a noauth service, e.g. '
        'admin')
    parser.add_argument(
        '--os-interface', default=env.get('OS_INTERFACE', 'public'),
        help='Catalog interface: public, internal or admin '
             '(env: OS_INTERFACE)')
    parser.add_argument('--insecure', action='store_true',
                        help='Do not verify TLS certificates')
    parser.add_argument('--http-timeout', type=float, default=60,
                        help='Seconds to wait for each HTTP response')
