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

"""keystoneauth1 sessions for a request context, as ``[clients]`` says.

``noauth``: no Keystone; the service is reached at its configured
``endpoint_override`` and told who asks by the ``X-Project-Id``,
``X-User-Id`` and ``X-Roles`` headers (what a service whose API runs
without authentication, such as Aodh's ``[api] auth_mode = noauth``,
reads). ``keystone_token``: the request's own token, rescoped to its
project at ``[clients] auth_url``; the endpoint comes from the catalog.
Work with no user's token (signals, take-overs, task jobs) acts with
the context's trust (``common.trusts.auth_plugin``: the ``[trustee]``
user scoped to the trust, re-authenticating as tokens expire).
"""

from keystoneauth1.identity import v3
from keystoneauth1 import noauth
from keystoneauth1 import session as ks_session
from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common import trusts
from heat_vision.conf import clients as clients_conf

CONF = cfg.CONF


def identity_headers(context):
    """The headers a no-authentication service reads the caller from."""
    headers = {}
    if context.project_id:
        headers['X-Project-Id'] = context.project_id
    if context.user_id:
        headers['X-User-Id'] = context.user_id
    if context.roles:
        headers['X-Roles'] = ','.join(context.roles)
    return headers


def _noauth_session(context, group, service):
    endpoint = CONF[group].endpoint_override
    if not endpoint:
        raise exception.ServiceNotConfigured(
            service=service,
            reason='[%s] endpoint_override is needed with [clients] '
                   'auth_mode = noauth' % group)
    return ks_session.Session(auth=noauth.NoAuth(endpoint=endpoint),
                              timeout=CONF.clients.timeout,
                              additional_headers=identity_headers(context))


def _token_session(context, service):
    if not context.auth_token:
        # Deferred work: no user's token, the stack's (or job's) trust.
        auth = trusts.auth_plugin(context)
        if auth is None:
            raise exception.ServiceNotConfigured(
                service=service, reason='the request carries no token '
                'and its stack no trust')
        return ks_session.Session(auth=auth, timeout=CONF.clients.timeout)
    if not CONF.clients.auth_url:
        raise exception.ServiceNotConfigured(
            service=service,
            reason='[clients] auth_url is needed with [clients] auth_mode '
                   '= keystone_token')
    auth = v3.Token(auth_url=CONF.clients.auth_url,
                    token=context.auth_token,
                    project_id=context.project_id)
    return ks_session.Session(auth=auth, timeout=CONF.clients.timeout)


def keystone_session(context, service):
    """:returns: a keystoneauth1 session acting for ``context`` through
        Keystone (what a client that reads the catalog needs).

    :param context: the request context the requests act for.
    :param service: the service's name, for the messages.
    :raises: exception.ServiceNotConfigured under ``auth_mode = noauth``.
    """
    if CONF.clients.auth_mode == clients_conf.NOAUTH:
        raise exception.ServiceNotConfigured(
            service=service,
            reason='%s is found through the Keystone catalog: it needs '
                   '[clients] auth_mode = keystone_token' % service)
    return _token_session(context, service)


def for_service(context, group):
    """:returns: ``(session, options)``: a keystoneauth1 session acting
        for ``context``, and the ``Adapter`` options (interface, region,
        endpoint override) of the service of ``group``.

    :param context: the request context the requests act for.
    :param group: the service's option group (``clients_aodh``).
    :raises: exception.ServiceNotConfigured
    """
    service = group.replace('clients_', '')
    if CONF.clients.auth_mode == clients_conf.NOAUTH:
        session = _noauth_session(context, group, service)
    else:
        session = _token_session(context, service)
    options = CONF[group]
    return session, {'interface': options.interface,
                     'region_name': options.region_name,
                     'endpoint_override': options.endpoint_override}
