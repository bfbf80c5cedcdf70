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

"""``/v1/signal/{stack_id}/{resource_name}``: signals that bring their own
credential.

No Keystone here: the auth middleware lets this path through with an
anonymous context, and the engine checks the credential the request
carries (``X-Auth-Token`` with the resource's token, or the URL's
``signature``) against the secret the resource keeps. A URL may name one
``action`` (a CEP's granted action), which its signature then covers
with the URL's ``expires`` and ``nonce``.
POST and PUT (what ``cfn-signal`` sends) both signal. An unknown stack or
resource and a wrong credential get the same 403; a body larger than
``max_signal_size`` gets a 413 before the engine is asked anything.

A signal the engine applies in the background (one to a scaling policy:
its ``alarm_url``) is answered 202 with its id and, in ``Location``, the
event that will say what became of it; any other is answered 200 once
handled, as Heat does. Both routes take an ``Idempotency-Key`` header:
a retry with the same key does nothing (``engine.signals.ids``).
"""

from urllib import parse

import pecan

from heat_vision.common import signal_limits
from heat_vision.common import signing
from heat_vision.web import util


def signal_details():
    """:returns: the request's JSON body (None if empty), no larger than
    ``max_signal_size``.

    :raises: MalformedRequestBody, SignalTooLarge
    """
    if not pecan.request.body:
        return None
    details = util.json_body()
    signal_limits.check_size(details)
    return details


def idempotency_key():
    """:returns: the request's ``Idempotency-Key``, or None.

    :raises: InvalidParameter if it is empty, too long or not printable.
    """
    return signal_limits.check_key(
        pecan.request.headers.get(signal_limits.IDEMPOTENCY_KEY))


def answer(accepted):
    """Answer a signal: 200, or 202 with where to follow it.

    :param accepted: what the engine returned (``signal_ids.Signal.answer``
        for a signal applied in the background, else None).
    :returns: the response body.
    """
    if accepted is None:
        pecan.response.status = 200
        return None
    location = util.stack_url(
        {'tenant': accepted['tenant'],
         'stack_name': accepted['stack_name'],
         'stack_id': accepted['stack_id']}, 'resources',
        parse.quote(accepted['resource_name'], safe=''), 'events',
        accepted['event_id'])
    pecan.response.status = 202
    pecan.response.headers['Location'] = location
    return {'signal': {'id': accepted['id'], 'status': accepted['status'],
                       'event_id': accepted['event_id'],
                       'links': [{'href': location, 'rel': 'event'}]}}


class ResourceSignalController:

    def __init__(self, stack_id, resource_name):
        self.stack_id = stack_id
        self.resource_name = resource_name

    index = util.generic_route('POST', 'PUT')

    @index.when(method='POST', template='json')
    def index_post(self, *args, **kwargs):
        return self._signal()

    @index.when(method='PUT', template='json')
    def index_put(self, *args, **kwargs):
        return self._signal()

    def _signal(self):
        request = pecan.request
        details = signal_details()
        credential = {
            'token': request.headers.get('X-Auth-Token'),
            'signature': request.GET.get(signing.SIGNATURE_PARAM),
        }
        action = request.GET.get(signing.ACTION_PARAM)
        if action is not None:
            credential['action'] = action[:signing.MAX_ACTION_LENGTH + 1]
            for param in (signing.EXPIRES_PARAM, signing.NONCE_PARAM):
                value = request.GET.get(param)
                if value is not None:
                    credential[param] = value[
                        :signing.MAX_NONCE_LENGTH + 1]
        return answer(request.engine.signal_with_credential(
            request.ctx, self.stack_id, self.resource_name, credential,
            details, signal_id=idempotency_key()))


class SignalController:

    @pecan.expose()
    def _lookup(self, stack_id, resource_name, *remainder):
        if remainder:
            pecan.abort(404)
        return ResourceSignalController(stack_id, resource_name), remainder
