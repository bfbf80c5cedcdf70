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

"""Puts alarm transitions and metric samples on the queue.

Transitions go out as Aodh's evaluator sends them (event type
``alarm.update``, priority ``sample``, the payload its notifier reads) on
``[monitoring] topic`` of heat-vision's own exchange: the engines'
listener reads them like Aodh's, and Aodh's notifier, on Aodh's exchange,
does not act on them a second time. The message is ``messagingv2``'s
(oslo.messaging's envelope, version 2.0): switching stack notifications
off must not cut the loop.

NOTE(heat-vision): ``oslo_messaging.Notifier`` never tells its caller
that a notification was lost. ``Notifier._notify``
(oslo_messaging/notify/notifier.py) catches every exception of its
drivers and logs "Problem ... attempting to send to notification
system", and ``MessagingDriver.notify`` (notify/messaging.py) already
catches and logs them itself, although ``Notifier.sample`` documents
``:raises: MessageDeliveryFailure``. Its ``retry`` (default
``[oslo_messaging_notifications] retry = -1``) reaches the rabbit
driver's ``Connection.ensure`` (_drivers/impl_rabbit.py): -1 retries
forever, blocking the sender while the broker is down; N raises
``MessageDeliveryFailure`` after N retries, which the notifier swallows.
So a transition is sent here through the notification transport's
``_send_notification``, the call each notifier driver makes, with a
short retry: the broker's refusal reaches the outbox
(``monitoring.outbox``), which sends the transition again later.
"""

import threading

from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.common import context
from heat_vision.monitoring import constants as c
from heat_vision.rpc import transport

CONF = cfg.CONF
_LOCK = threading.Lock()
_CACHE = {}
#: Connection failures retried once per send: a pooled connection that
#: the broker closed is replaced, but a dead broker is not waited for
#: (the outbox sends again later).
SEND_RETRY = 1
#: The ``messagingv2`` driver's message version.
_VERSION = 2.0
_SERIALIZER = transport.RequestContextSerializer()


def _notifier():
    current = transport.get_notification_transport()
    key = (current, CONF.monitoring.topic)
    with _LOCK:
        if _CACHE.get('key') != key:
            _CACHE['notifier'] = messaging.Notifier(
                current, publisher_id=c.PUBLISHER_ID, driver='messagingv2',
                topics=[CONF.monitoring.topic], serializer=_SERIALIZER)
            _CACHE['key'] = key
        return _CACHE['notifier']


def transition_payload(alarm_id, alarm_name, severity, previous, current,
                       reason, reason_data, actions, transition_id=None):
    """:returns: the payload of an ``alarm.update`` notification.

    :param transition_id: the transition's id (its outbox row's), by
        which a receiver tells a transition sent again from a new one.
    """
    return {'actions': list(actions), 'alarm_id': alarm_id,
            'alarm_name': alarm_name, 'severity': severity,
            'previous': previous, 'current': current, 'reason': reason,
            'reason_data': reason_data, 'source': c.SOURCE_HEAT_VISION,
            'timestamp': timeutils.utcnow().isoformat() + 'Z',
            'transition_id': transition_id or uuidutils.generate_uuid()}


def publish_transition(payload):
    """Send an ``alarm.update`` notification (priority ``sample``).

    :raises: MessageDeliveryFailure when the broker could not be reached
        or did not confirm the message (or what else the driver raised).
    """
    ctxt = _SERIALIZER.serialize_context(context.get_admin_context())
    message = {'message_id': uuidutils.generate_uuid(),
               'publisher_id': c.PUBLISHER_ID,
               'event_type': c.TRANSITION_EVENT, 'priority': 'SAMPLE',
               'payload': payload, 'timestamp': str(timeutils.utcnow())}
    target = messaging.Target(topic='%s.sample' % CONF.monitoring.topic)
    transport.get_notification_transport()._send_notification(
        target, ctxt, message, version=_VERSION, retry=SEND_RETRY)


def publish_samples(project_id, samples):
    """Send samples for ``project_id`` (``metric.samples``); a failure
    of the queue is logged by oslo.messaging, not raised.
    """
    _notifier().sample(context.get_admin_context(), c.SAMPLES_EVENT,
                       {'project_id': project_id, 'samples': samples})
