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

"""A software deployment's TEMP_URL_SIGNAL: its outputs PUT to Swift.

As Heat's (``_get_swift_signal_url`` and ``_delete_swift_signal_url`` of
heat/engine/resources/signal_responder.py, the refresh of
heat/engine/service_software_config.py): an object named with the
deployment's physical name in a container named after the stack's id,
empty at first, and a PUT temporary URL of it that never expires, given
to the server as ``deploy_signal_id`` (``deploy_signal_verb`` PUT).
While the deployment is in progress each check reads the object: a
body is the server's signal (the JSON heat-config sends). Heat tells a
new body from the one of an earlier action by its Last-Modified; here
the object is emptied before each action is deployed, so any body is
the current action's.
"""

import json

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.openstack import swift_base

CONF = cfg.CONF
URL, OBJECT = 'swift_signal_url', 'swift_signal_object_name'
#: DELETEs per check (each brings back an earlier version, if the
#: container is versioned by a SwiftSignalHandle of the same stack).
DELETES_PER_CHECK = 20


class SignalUnreadable(ValueError):
    """The object's body is no signal: not a JSON object, or too big."""


def _account(stack):
    return swift_base.Account(stack.client('swift'))


def signal_url(stack, data, object_name):
    """The deployment's temporary URL, made once (kept in ``data``)."""
    if not data.get(URL):
        account = _account(stack)
        account.swift('PUT', swift_base.quoted(stack.id))
        account.swift('PUT', swift_base.quoted(stack.id, object_name),
                      data=b'')
        data[OBJECT] = object_name
        data[URL] = account.temp_url(stack.id, object_name)
    return data[URL]


def reset(stack, data):
    """Empty the object before an action is deployed."""
    if data.get(OBJECT):
        _account(stack).swift('PUT', swift_base.quoted(
            stack.id, data[OBJECT]), data=b'')


def read(stack, data):
    """:returns: the signal PUT to the object, or None if none yet.

    :raises: SignalUnreadable
    """
    if not data.get(OBJECT):
        return None
    try:
        body = _account(stack).swift('GET', swift_base.quoted(
            stack.id, data[OBJECT])).content
    except exception.ServiceObjectNotFound:
        return None     # as Heat: Swift may not show it yet
    if not body:
        return None
    if len(body) > CONF.max_signal_size:
        raise SignalUnreadable(_(
            'the signal of %(size)d bytes is over the %(limit)d allowed '
            '(max_signal_size)') % {'size': len(body),
                                    'limit': CONF.max_signal_size})
    try:
        signal = json.loads(body)
    except ValueError:
        signal = None
    if not isinstance(signal, dict):
        raise SignalUnreadable(_('the signal is not a JSON object: %s')
                               % body[:256].decode('utf-8', 'replace'))
    return signal


def delete(stack, data):
    """Delete the object (and its versions), then the container if it is
    empty. :returns: True once done.
    """
    if not data.get(OBJECT):
        return True
    account = _account(stack)
    for _i in range(DELETES_PER_CHECK):
        if not account.delete_quietly(stack.id, data[OBJECT]):
            break
    else:
        return False
    try:
        account.delete_quietly(stack.id)
    except exception.ServiceConflict:
        pass    # other objects of the stack are still there
    data.pop(OBJECT, None)
    data.pop(URL, None)
    return True
