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

"""Keystone trusts for work deferred past the request (as Heat's).

``create`` asks Keystone, with the user's own token, for a trust from
the user to the ``[trustee]`` user, with the user's roles in the
project and impersonation (tokens of the trust act as the user).
``token`` gets a token of the trust with the trustee's password, at any
time later (``auth_plugin``: a keystoneauth1 plugin doing so for a
context); ``delete`` removes the trust. A stack keeps one trust for
all its deferred work (``engine.tree.trust``); task jobs the stack
starts borrow it, other jobs get one of their own. The trust id kept with the
work is ``seal``-ed (Fernet) so that the database never holds it in
clear, and the context never writes it to logs or notifications.
"""

import base64
import hashlib
import threading

from oslo_config import cfg
from oslo_log import log as logging

from heat_vision.common import context as hv_context
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.conf import trusts as trusts_conf

CONF = cfg.CONF
LOG = logging.getLogger(__name__)
_REGISTERED = []
_REGISTER_LOCK = threading.Lock()
#: Where a sealed trust id travels in a stored context dict: a trust
#: made for the work (deleted when it ends), or one lent by a stack.
SEALED_KEY = 'sealed_trust'
BORROWED_KEY = 'stack_trust'


#: The ``[trustee]`` options of a password login, as the devstack
#: plugin writes them: what ``config_problem`` asks for.
TRUSTEE_LOGIN = 'auth_type = password, auth_url, username, password, ' \
    'user_domain_name'


def register_trustee_opts():
    """Register ``[trustee]`` (keystoneauth's options) once.

    NOTE(heat-vision): not at import: keystoneauth with requests (about
    13 MB) and cryptography are loaded only by a process that makes or
    uses trusts (behind Keystone), or seals one; an engine under
    ``noauth`` never does.
    """
    with _REGISTER_LOCK:
        if not _REGISTERED:
            trusts_conf.register_trustee_opts(CONF)
            _REGISTERED.append(True)


def _ks_exceptions():
    from keystoneauth1 import exceptions as ks_exceptions
    return ks_exceptions


def enabled():
    """Trusts are made behind Keystone (``[api] auth_strategy =
    keystone``) with ``deferred_auth_method = trusts``.
    """
    return (CONF.api.auth_strategy == 'keystone' and
            CONF.deferred_auth_method == 'trusts')


def _login_gaps():
    """:returns: what the ``[trustee]`` login lacks (a phrase), or None.
    """
    register_trustee_opts()
    trustee = CONF.trustee
    if not trustee.auth_type:
        return 'is not set (no auth_type)'
    try:
        # Registers the plugin's options; raises for an unknown plugin
        # or a required option (auth_url) not set.
        _trustee_auth()
    except _ks_exceptions().ClientException as exc:
        return 'cannot be loaded: %s' % exc
    if trustee.auth_type not in ('password', 'v3password'):
        return None
    missing = []
    if not (trustee.username or trustee.user_id):
        missing.append('username')
    if not trustee.password:
        missing.append('password')
    if trustee.username and not (trustee.user_id or trustee.user_domain_name
                                 or trustee.user_domain_id):
        missing.append('user_domain_name')
    return 'has no %s' % ', '.join(missing) if missing else None


def config_problem():
    """:returns: why trusts cannot be made as configured (a sentence for
        the operator), or None when they can or are not wanted.
    """
    if not enabled():
        return None
    gaps = _login_gaps()
    if gaps is None:
        return None
    return ('[DEFAULT] deferred_auth_method = trusts with [api] '
            'auth_strategy = keystone makes a Keystone trust for the work '
            "done later on a user's behalf, to heat-vision's service user "
            'logged in with the [trustee] options, but [trustee] %s. Set '
            '[trustee] %s, or set [DEFAULT] deferred_auth_method = none to '
            "keep no credential (deferred work then runs without the "
            "user's)." % (gaps, TRUSTEE_LOGIN))


def _trustee_auth(**kwargs):
    from keystoneauth1 import loading as ks_loading
    register_trustee_opts()
    return ks_loading.load_auth_from_conf_options(
        CONF, trusts_conf.TRUSTEE, **kwargs)


def _session(auth):
    from keystoneauth1 import loading as ks_loading
    register_trustee_opts()
    return ks_loading.load_session_from_conf_options(
        CONF, trusts_conf.TRUSTEE, auth=auth)


def create(ctxt):
    """:returns: the id of a new trust from ``ctxt``'s user.

    :raises: keystoneauth1 errors if Keystone refuses.
    """
    from keystoneauth1.identity import v3
    trustee = _trustee_auth()
    trustee_id = trustee.get_user_id(_session(trustee))
    user_auth = v3.Token(auth_url=trustee.auth_url,
                         token=ctxt.auth_token,
                         project_id=ctxt.project_id)
    body = {'trust': {
        'trustor_user_id': ctxt.user_id, 'trustee_user_id': trustee_id,
        'project_id': ctxt.project_id, 'impersonation': True,
        'roles': [{'name': role} for role in ctxt.roles]}}
    response = _session(user_auth).post(
        '/OS-TRUST/trusts', json=body,
        endpoint_filter={'service_type': 'identity', 'interface': 'public'})
    trust_id = response.json()['trust']['id']
    LOG.info('Trust made for user %s in project %s', ctxt.user_id,
             ctxt.project_id)
    return trust_id


def token(trust_id):
    """:returns: a token of the trust (it acts as the trustor)."""
    auth = _trustee_auth(trust_id=trust_id)
    return _session(auth).get_token()


def delete(trust_id):
    """Delete the trust (with a token of its own: the trustor's)."""
    auth = _trustee_auth(trust_id=trust_id)
    _session(auth).delete(
        '/OS-TRUST/trusts/%s' % trust_id,
        endpoint_filter={'service_type': 'identity', 'interface': 'public'})


def _fernet():
    from cryptography import fernet
    secret = CONF.auth_encryption_key
    if not secret:
        # The plugin's options exist once it has been loaded.
        _trustee_auth()
        secret = getattr(CONF.trustee, 'password', None) or ''
    key = base64.urlsafe_b64encode(hashlib.sha256(
        secret.encode('utf-8')).digest())
    return fernet.Fernet(key)


def seal(trust_id):
    return _fernet().encrypt(trust_id.encode('utf-8')).decode('ascii')


def unseal(sealed):
    return _fernet().decrypt(sealed.encode('ascii')).decode('utf-8')


def make(ctxt):
    """:returns: a new trust of ``ctxt``'s user, sealed; or None when

    trusts are off or the request carries no token.

    :raises: Forbidden when Keystone refuses the trust, or when
        ``[trustee]`` is not configured.
    """
    if not (enabled() and ctxt.auth_token):
        return None
    problem = config_problem()
    if problem is not None:
        # The binaries refuse to start so (``cmd.require_trustee``).
        LOG.error('No trust made for user %s: %s', ctxt.user_id, problem)
        raise exception.Forbidden(
            _('heat-vision cannot keep a credential for the work it does '
              'later on your behalf: its [trustee] options are not '
              'configured. Ask the cloud operator.'))
    try:
        trust_id = create(ctxt)
    except _ks_exceptions().ClientException as exc:
        LOG.warning('Keystone made no trust for user %s: %s',
                    ctxt.user_id, exc)
        raise exception.Forbidden(
            _('Keystone refused the trust the work needs to run later '
              'on your behalf: %s') % exc)
    return seal(trust_id)


def keep(ctxt, stored):
    """Add a trust to ``stored`` (a context dict); :returns: it.

    A context acting for a stack (``ctxt.sealed_trust``) lends the
    stack's trust, which the job then never deletes (``BORROWED_KEY``);
    otherwise, if trusts are enabled and the request has a token, a new
    trust is made for the job (``SEALED_KEY``, deleted by ``forget``).
    """
    if ctxt.sealed_trust:
        return dict(stored, **{BORROWED_KEY: ctxt.sealed_trust})
    sealed = make(ctxt)
    if sealed is None:
        return stored
    return dict(stored, **{SEALED_KEY: sealed})


def context_from_dict(values):
    """:returns: the RequestContext of a stored context dict, with a

    fresh token of its trust if it keeps one (its own or a stack's).
    """
    values = dict(values or {})
    sealed = values.pop(SEALED_KEY, None)
    borrowed = values.pop(BORROWED_KEY, None)
    ctxt = hv_context.RequestContext.from_dict(values)
    # What the run's work made (a stack) acts with the same trust.
    ctxt.sealed_trust = sealed or borrowed
    if sealed or borrowed:
        ctxt.auth_token = token(unseal(sealed or borrowed))
    return ctxt


def acting_with(ctxt, sealed):
    """Let ``ctxt`` act with the trust ``sealed`` (unless it has one).

    :returns: ``ctxt``.
    """
    if sealed and not ctxt.sealed_trust:
        ctxt.sealed_trust = sealed
    return ctxt


def auth_plugin(ctxt):
    """:returns: a keystoneauth1 plugin of ``ctxt``'s trust (the

    ``[trustee]`` user scoped to the trust: its tokens act as the
    trustor, and it gets a new one when one expires), or None when
    ``ctxt`` has no trust.
    """
    if not ctxt.sealed_trust:
        return None
    return _trustee_auth(trust_id=unseal(ctxt.sealed_trust))


def discard(sealed, user_id=None):
    """Delete the trust ``sealed`` in Keystone.

    A failure is logged, not raised: the work it served has ended.
    """
    if not sealed:
        return
    try:
        delete(unseal(sealed))
    except Exception as exc:
        LOG.warning('Could not delete a trust of user %s: %s', user_id, exc)


def forget(stored):
    """Delete the trust the context dict ``stored`` made for itself (a

    borrowed one stays: it is its stack's).
    """
    stored = stored or {}
    discard(stored.get(SEALED_KEY), stored.get('user_id'))
