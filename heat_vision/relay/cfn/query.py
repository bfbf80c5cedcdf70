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

"""``/v1/{tenant}/relay/cfn``: the CloudFormation Query API endpoint.

Like AWS's, one URL: the ``Action`` parameter (query string or form
body, GET or POST) names the action. Every answer, errors included, is
AWS's XML; the policy of each action is ``relay:cfn:<Action>``. AWS
request signatures are not checked: the request is authenticated the
way the rest of the API is (a token, or noauth).
"""

from oslo_log import log as logging
from oslo_utils import uuidutils
import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay.cfn import actions
from heat_vision.relay.cfn import change_sets
from heat_vision.relay.cfn import errors
from heat_vision.relay.cfn import exports
from heat_vision.relay.cfn import params as query_params
from heat_vision.relay.cfn import template_summary
from heat_vision.relay.cfn import xml
from heat_vision.web.middleware import fault
from heat_vision.web import util

LOG = logging.getLogger(__name__)
ACTIONS = dict(actions.ACTIONS, **change_sets.ACTIONS,
               **template_summary.ACTIONS, **exports.ACTIONS)


class QueryController:
    """``/cfn``, and ``/cfn/heat``: the same actions answered in
    heat-api-cfn's XML (``xml.result``'s ``heat_shape``), the URL the
    cfn collector of a POLL_SERVER_CFN server is given.
    """

    def __init__(self, tenant_id, heat_shape=False):
        self.tenant_id = tenant_id
        self.heat_shape = heat_shape
        if not heat_shape:
            self.heat = QueryController(tenant_id, heat_shape=True)

    @pecan.expose(content_type=xml.MEDIA_TYPE)
    def index(self, **kwargs):
        request = pecan.request
        request.environ[fault.OWN_ERROR_SHAPE] = True
        ctx = request.ctx
        request_id = (ctx.request_id if ctx and ctx.request_id
                      else 'req-' + uuidutils.generate_uuid())
        if request.method not in ('GET', 'POST'):
            response = xml.error(405, True, 'InvalidAction',
                                 _('The Query API takes GET or POST.'),
                                 request_id, self.heat_shape)
            response.headers['Allow'] = 'GET, POST'
            return response
        action = None
        try:
            util.check_tenant(self.tenant_id, ctx)
            params = query_params.QueryParams(request.params)
            action = params.get('Action')
            if not action:
                raise errors.MissingAction(
                    _('The request is missing an action or operation '
                      'parameter'))
            handler = ACTIONS.get(action)
            if handler is None:
                raise errors.InvalidAction(
                    _('The action %s is not valid for this web service.')
                    % action[:64])
            util.authorize('relay:cfn:' + action, self.tenant_id)
            content = handler(actions.Call(ctx, request.native,
                                           self.tenant_id, params))
            return xml.result(action, content, request_id, self.heat_shape)
        except errors.QueryError as exc:
            return xml.error(exc.status, exc.sender, exc.code, exc.message,
                             request_id, self.heat_shape)
        except exception.HeatVisionException as exc:
            mapped = errors.from_native(exc, _stack_named(request))
            if mapped.status >= 500:
                LOG.warning('%s failed: %s', action, exc)
            return xml.error(mapped.status, mapped.sender, mapped.code,
                             mapped.message, request_id, self.heat_shape)
        except Exception:
            # An AWS client parses only AWS's shape, even for our bugs.
            LOG.exception('%s failed', action)
            failure = errors.InternalFailure(_(
                'The request processing has failed due to an internal '
                'error'))
            return xml.error(failure.status, failure.sender, failure.code,
                             failure.message, request_id, self.heat_shape)


def _stack_named(request):
    return request.params.get('StackName')
