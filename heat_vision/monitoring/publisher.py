"""Puts alarm transitions and metric samples on the queue.

Transitions go out as Aodh's evaluator sends them (event type
``alarm.update``, priority ``sample``, the payload its notifier reads) on
``[monitoring] topic`` of heat-vision's own exchange: the engines'
listener reads them like Aodh's, and Aodh's notifier, on Aodh's exchange,
does not act on them a second time. The driver is always
``messagingv2``: switching stack notifications off must not cut the loop.
"""

import threading

from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.monitoring import constants as c
from heat_vision.rpc import transport

CONF = cfg.CONF
_LOCK = threading.Lock()
_CACHE = {}


def _notifier():
    current = transport.get_notification_transport()
    key = (current, CONF.monitoring.topic)
    with _LOCK:
        if _CACHE.get('key') != key:
            _CACHE['notifier'] = messaging.Notifier(
                current, publisher_id=c.PUBLISHER_ID, driver='messagingv2',
                topics=[CONF.monitoring.topic],
                serializer=transport.RequestContextSerializer())
            _CACHE['key'] = key
        return _CACHE['notifier']


def transition_payload(alarm_id, alarm_name, severity, previous, current,
                       reason, reason_data, actions):
    """:returns: the payload of an ``alarm.update`` notification."""
    return {'actions': list(actions), 'alarm_id': alarm_id,
            'alarm_name': alarm_name, 'severity': severity,
            'previous': previous, 'current': current, 'reason': reason,
            'reason_data': reason_data, 'source': c.SOURCE_HEAT_VISION,
            'timestamp': timeutils.utcnow().isoformat() + 'Z'}


def publish_transition(payload):
    """Send an ``alarm.update`` notification (raises if the queue fails).
    """
    _notifier().sample(context.get_admin_context(), c.TRANSITION_EVENT,
                       payload)


def publish_samples(project_id, samples):
    """Send samples for ``project_id`` (``metric.samples``)."""
    _notifier().sample(context.get_admin_context(), c.SAMPLES_EVENT,
                       {'project_id': project_id, 'samples': samples})
