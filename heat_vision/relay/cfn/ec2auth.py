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

"""AWS signatures on the Query API, validated by Keystone (EC2 tokens).

With ``auth_strategy = keystone`` and ``[relay] ec2_auth_url`` set, a
Query API request that carries no ``X-Auth-Token`` but is signed with an
EC2 credential (an access key and secret Keystone keeps,
``openstack ec2 credentials create``) is sent to Keystone's
``/v3/ec2tokens``: Keystone recomputes the signature from the secret
and, when it matches, answers a token of the credential's user and
project. That token is then put in ``X-Auth-Token`` and the request goes
on to keystonemiddleware like any other. Signature version 4 (boto3's)
in the ``Authorization`` header or in ``X-Amz-*`` query parameters, and
version 2, are understood; Keystone checks the request's age too.

Refusals are in AWS's shape, as an AWS client expects them.
"""

import hashlib
import re

from keystoneauth1 import exceptions as ks_exceptions
from keystoneauth1 import loading as ks_loading
from keystoneauth1 import session as ks_session
from oslo_log import log as logging
from oslo_utils import uuidutils
import webob.dec

from heat_vision.common.i18n import _
from heat_vision.relay.cfn import xml
from heat_vision.web.middleware import fault

LOG = logging.getLogger(__name__)
CFN_PATH = re.compile(r'^/v1/[^/]+/relay/cfn(/heat)?/?$')
AUTHTOKEN_GROUP = 'keystone_authtoken'
V4 = 'AWS4-HMAC-SHA256'
_AUTH_FIELD = re.compile(r'(Credential|SignedHeaders|Signature)=([^,\s]+)')


def signed_credentials(request):
    """:returns: the credentials dict of Keystone's ``/ec2tokens`` for a
    signed request, or None when the request carries no AWS signature.
    """
    authorization = request.headers.get('Authorization', '')
    query = dict(request.GET.items())
    if authorization.startswith(V4):
        fields = dict(_AUTH_FIELD.findall(authorization))
        access = fields.get('Credential', '').split('/', 1)[0]
        signature = fields.get('Signature')
        params = query
    elif query.get('X-Amz-Algorithm') == V4:
        access = query.get('X-Amz-Credential', '').split('/', 1)[0]
        signature = query.pop('X-Amz-Signature', None)
        params = query
    elif request.params.get('AWSAccessKeyId'):
        params = dict(request.params.items())
        access = params.get('AWSAccessKeyId')
        signature = params.pop('Signature', None)
    else:
        return None
    if not access or not signature:
        return None
    return {'access': access, 'signature': signature,
            'host': request.host, 'verb': request.method,
            'path': request.path, 'params': params,
            'headers': dict(request.headers.items()),
            'body_hash': hashlib.sha256(request.body or b'').hexdigest()}


class Refused(Exception):
    def __init__(self, status, code, message):
        super().__init__(message)
        self.status, self.code, self.message = status, code, message


class Keystone:
    """Keystone's ``/ec2tokens``, called as the service user."""

    def __init__(self, url, conf):
        self.url = url.rstrip('/') + '/ec2tokens'
        self.conf = conf
        self._session = None

    def session(self):
        """The service user's session, as keystonemiddleware's options
        (``auth_type`` and its plugin's, ``cafile``, ``insecure``) say.
        """
        if self._session is None:
            group = self.conf[AUTHTOKEN_GROUP]
            auth = ks_loading.load_auth_from_conf_options(self.conf,
                                                          AUTHTOKEN_GROUP)
            if auth is None:
                raise Refused(503, 'ServiceUnavailable', _(
                    'EC2 signatures cannot be checked: the service has '
                    'no [keystone_authtoken] credentials.'))
            verify = group.cafile or not group.insecure
            self._session = ks_session.Session(auth=auth, verify=verify)
        return self._session

    def token(self, credentials):
        """:returns: the token Keystone gives for ``credentials``.

        :raises: Refused, in AWS's terms.
        """
        try:
            response = self.session().post(
                self.url, json={'credentials': credentials},
                raise_exc=False, timeout=30)
        except ks_exceptions.ClientException as exc:
            LOG.warning('Keystone ec2tokens unreachable: %s', exc)
            raise Refused(503, 'ServiceUnavailable',
                          _('The identity service cannot be reached.'))
        if response.status_code == 200 and \
                response.headers.get('X-Subject-Token'):
            return response.headers['X-Subject-Token']
        if response.status_code == 404:
            raise Refused(403, 'InvalidClientTokenId', _(
                'The security token included in the request is invalid.'))
        if response.status_code in (400, 401):
            raise Refused(403, 'SignatureDoesNotMatch', _(
                'The request signature we calculated does not match the '
                'signature you provided, or the request has expired.'))
        LOG.warning('Keystone ec2tokens answered %s', response.status_code)
        raise Refused(503, 'ServiceUnavailable',
                      _('The identity service cannot check signatures '
                        'now.'))


class EC2Signatures:
    """In front of keystonemiddleware: Query API requests signed with an
    EC2 credential get the token Keystone gives for it.
    """

    def __init__(self, application, conf):
        self.application = application
        self.keystone = (Keystone(conf.relay.ec2_auth_url, conf)
                         if conf.relay.ec2_auth_url else None)

    @webob.dec.wsgify
    def __call__(self, request):
        if not CFN_PATH.match(request.path_info):
            return request.get_response(self.application)
        # Every answer on this path is AWS's XML, refusals included.
        request.environ[fault.OWN_ERROR_SHAPE] = True
        request_id = 'req-' + uuidutils.generate_uuid()
        heat_shape = request.path_info.rstrip('/').endswith('/heat')
        try:
            if not request.headers.get('X-Auth-Token'):
                self._sign_in(request)
        except Refused as refused:
            return xml.error(refused.status, refused.status < 500,
                             refused.code, refused.message, request_id,
                             heat_shape)
        response = request.get_response(self.application)
        if response.status_int == 401:
            # keystonemiddleware's refusal of the token.
            return xml.error(403, True, 'InvalidClientTokenId', _(
                'The security token included in the request is invalid.'),
                request_id, heat_shape)
        return response

    def _sign_in(self, request):
        """Put the token Keystone gives for the signature in the request.

        :raises: Refused.
        """
        credentials = (signed_credentials(request)
                       if self.keystone is not None else None)
        if credentials is None:
            raise Refused(403, 'MissingAuthenticationToken', _(
                'Request is missing Authentication Token: send an '
                'X-Auth-Token%s.') % (
                    _(' or sign it with an EC2 credential')
                    if self.keystone is not None else ''))
        request.headers['X-Auth-Token'] = self.keystone.token(credentials)
