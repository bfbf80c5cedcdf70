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

"""Wait condition handles: what a server signals when it is ready.

``OS::Heat::WaitConditionHandle`` gives a token and an endpoint
(``POST /v1/signal/{stack_id}/{name}`` with ``X-Auth-Token: token``)
that need no Keystone; ``AWS::CloudFormation::WaitConditionHandle``'s
reference is a signed URL (the signature is in the query), as
``cfn-signal`` expects. Both keep the signals in their metadata,
``{id: {status, reason, data}}`` (CFN: ``Status``, ``Reason``, ``Data``).

A signal id is recorded once: a replay of the same signal (same status,
data and, when given, reason) is a no-op answered 200 like the first, so
that a signaller may retry; a different signal under a kept id is refused
with 409 and never changes what was recorded. A handle keeps at most
``max_signals_per_handle`` ids.
"""

import json

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signal_limits
from heat_vision.common import signing
from heat_vision.resources import base
from heat_vision.template import attributes
from heat_vision.template import constraints

STATUSES = (SUCCESS, FAILURE) = ('SUCCESS', 'FAILURE')
TRANSPORTS = (TOKEN_SIGNAL, HEAT_SIGNAL) = ('TOKEN_SIGNAL', 'HEAT_SIGNAL')
CURL_FORMAT = ("curl -i -X POST -H 'X-Auth-Token: %(token)s' "
               "-H 'Content-Type: application/json' "
               "-H 'Accept: application/json' %(endpoint)s")


class WaitConditionHandle(base.Resource):
    """Receives the signals of an ``OS::Heat::WaitCondition``.

    A signal is a JSON object with optional ``status`` (SUCCESS, the
    default, or FAILURE), ``reason``, ``data`` and ``id`` (the signal's
    number by default).
    """

    PROPERTIES = (SIGNAL_TRANSPORT,) = ('signal_transport',)
    # Its handlers make a secret and a URL; signals come through the
    # signal path, not the walk.
    runs_in_walk = True
    ATTRIBUTES = (TOKEN, ENDPOINT, CURL_CLI, SIGNAL) = (
        'token', 'endpoint', 'curl_cli', 'signal')

    properties_schema = {
        SIGNAL_TRANSPORT: constraints.Schema(
            constraints.Schema.STRING,
            _('How the handle is signalled. TOKEN_SIGNAL: an HTTP POST to '
              'the endpoint attribute with the token attribute in '
              'X-Auth-Token. HEAT_SIGNAL: only through the authenticated '
              'resource signal API.'),
            default=TOKEN_SIGNAL,
            constraints=[constraints.AllowedValues(TRANSPORTS)]),
    }
    attributes_schema = {
        TOKEN: attributes.Schema(
            _('The secret to send in X-Auth-Token to the endpoint '
              '(TOKEN_SIGNAL only).'), type=attributes.Schema.STRING),
        ENDPOINT: attributes.Schema(
            _('The URL to POST signals to (TOKEN_SIGNAL only).'),
            type=attributes.Schema.STRING),
        CURL_CLI: attributes.Schema(
            _('A curl command prefix that signals the handle; add '
              '--data-binary \'{"status": "SUCCESS"}\' or '
              '\'{"status": "FAILURE"}\' (TOKEN_SIGNAL only).'),
            type=attributes.Schema.STRING),
        SIGNAL: attributes.Schema(
            _('JSON serialized map of what a client needs to signal the '
              'handle (url and token, or stack_id and resource_name).'),
            type=attributes.Schema.STRING),
    }

    def handle_create(self):
        """Make the handle's secret and signal endpoint."""
        self.resource_id = self.physical_resource_name()
        self.metadata = {}
        if self.properties[self.SIGNAL_TRANSPORT] == TOKEN_SIGNAL:
            secret = signing.new_secret()
            self.data[signing.SECRET_KEY] = secret
            self.data[self.TOKEN] = secret
            self.data[self.ENDPOINT] = signing.signal_url(self.stack.id,
                                                          self.name)

    def handle_signal(self, details=None):
        """Record one signal in the metadata.

        :param details: ``{status, reason, data, id}``, all optional.
        :returns: the event reason (``status:... reason:...``), or
            ``SIGNAL_REPLAYED`` for a replay of a kept signal.
        :raises: ValueError if the signal is not a JSON object or its
            status is neither SUCCESS nor FAILURE; Conflict for another
            signal under a kept id; RequestLimitExceeded for a new id past
            ``max_signals_per_handle``.
        """
        if details is not None and not isinstance(details, dict):
            raise ValueError(_('Metadata format invalid: a signal is a JSON '
                               'object'))
        details = details or {}
        status = details.get('status', SUCCESS)
        if status not in STATUSES:
            raise ValueError(_('Metadata format invalid: status must be '
                               'SUCCESS or FAILURE'))
        number = _next_number(self.metadata or {})
        key = str(details['id'] if details.get('id') is not None
                  else number)
        reason = details.get('reason', 'Signal %s received' % number)
        entry = {'status': status, 'reason': reason,
                 'data': details.get('data')}
        same = ('status', 'data', 'reason') if 'reason' in details else (
            'status', 'data')
        if not _keep_once(self, key, entry, same):
            return base.SIGNAL_REPLAYED
        return 'status:%s reason:%s' % (status, reason)

    def get_attribute(self, name, *path):
        """token, endpoint, curl_cli and signal, once created."""
        token = self.data.get(self.TOKEN)
        endpoint = self.data.get(self.ENDPOINT)
        if name == self.CURL_CLI:
            return (CURL_FORMAT % {'token': token, 'endpoint': endpoint}
                    if token and endpoint else None)
        if name == self.SIGNAL:
            if not self.resource_id:
                return None
            if token:
                return json.dumps({'url': endpoint, 'token': token})
            return json.dumps({'stack_id': self.stack.id,
                               'resource_name': self.name})
        return super().get_attribute(name, *path)


class CfnWaitConditionHandle(base.Resource):
    """``AWS::CloudFormation::WaitConditionHandle``: a signed URL.

    Its reference is the URL; ``cfn-signal`` POSTs (or PUTs) to it
    ``{"Status", "Reason", "UniqueId", "Data"}``.
    """

    # Its handler makes a secret; signals come through the signal path.
    runs_in_walk = True
    KEYS = (STATUS, REASON, UNIQUE_ID, DATA) = (
        'Status', 'Reason', 'UniqueId', 'Data')
    properties_schema = {}

    def handle_create(self):
        """Make the secret that signs the handle's URL."""
        self.resource_id = self.physical_resource_name()
        self.metadata = {}
        self.data[signing.SECRET_KEY] = signing.new_secret()

    def handle_signal(self, details=None):
        """Record one signal under its UniqueId.

        :returns: the event reason.
        :raises: ValueError unless the signal has exactly Status (SUCCESS
            or FAILURE), Reason, UniqueId and Data.
        """
        if (not isinstance(details, dict) or
                sorted(details) != sorted(self.KEYS) or
                details[self.STATUS] not in STATUSES):
            raise ValueError(_('Metadata format invalid: a signal has '
                               'Status (SUCCESS or FAILURE), Reason, '
                               'UniqueId and Data'))
        entry = {key: details[key] for key in (self.DATA, self.REASON,
                                               self.STATUS)}
        if not _keep_once(self, str(details[self.UNIQUE_ID]), entry,
                          tuple(entry)):
            return base.SIGNAL_REPLAYED
        return 'status:%s reason:%s' % (details[self.STATUS],
                                        details[self.REASON])

    def get_reference_id(self):
        """:returns: the signed URL to signal, once created."""
        secret = self.data.get(signing.SECRET_KEY)
        if not secret:
            return self.name
        return signing.signal_url(self.stack.id, self.name, secret)


class UpdateWaitConditionHandle(CfnWaitConditionHandle):
    """``OS::Heat::UpdateWaitConditionHandle``: a CFN handle replaced by
    every update of its stack, so its signals start again and a new
    configuration is known rolled out once the update completes
    (heat/engine/resources/openstack/heat/wait_condition_handle.py).
    """

    replace_on_update = True
    attributes_schema = {
        'show': attributes.Schema(
            _('Detailed information about the resource: none, as in '
              'Heat, whose handle has no object to show.'),
            type=attributes.Schema.MAP)}


HANDLE_TYPES = (WaitConditionHandle, CfnWaitConditionHandle)


def _next_number(metadata):
    """The number of a signal without id: the first free from count + 1.
    """
    number = len(metadata) + 1
    while str(number) in metadata:
        number += 1
    return number


def _keep_once(handle, key, entry, same):
    """Record ``entry`` under signal id ``key``, unless it is kept already.

    :param same: the keys of ``entry`` a replay must match.
    :returns: True if recorded, False for a replay of the kept signal.
    :raises: Conflict if another signal is kept under ``key``;
        RequestLimitExceeded if ``key`` is new and the handle is full.
    """
    metadata = dict(handle.metadata or {})
    kept = metadata.get(key)
    if kept is not None:
        if all(kept.get(k) == entry[k] for k in same):
            return False
        raise exception.Conflict(
            reason=_('Signal %(id)s of %(name)s was already received '
                     '(%(status)s); a signal id is recorded once and a '
                     'different signal under it is refused.') %
            {'id': key, 'name': handle.name,
             'status': kept.get('status', kept.get('Status'))})
    signal_limits.check_count(handle.name, len(metadata))
    metadata[key] = entry
    handle.metadata = metadata
    return True


def signals(metadata):
    """:returns: ``[(id, status, reason, data)]`` of a handle's metadata,
    whichever kind of handle it is.
    """
    out = []
    for key, entry in (metadata or {}).items():
        out.append((key, entry.get('status', entry.get('Status')),
                    entry.get('reason', entry.get('Reason')),
                    entry.get('data', entry.get('Data'))))
    return out
