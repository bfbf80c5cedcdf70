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

"""The task notifications ``tasks.job.start|end|error`` on the queue."""

import socket
import threading

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging

from heat_vision.rpc import transport

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

_LOCK = threading.Lock()
_NOTIFIER = None


def _notifier():
    global _NOTIFIER
    with _LOCK:
        if _NOTIFIER is None:
            _NOTIFIER = messaging.Notifier(
                transport.get_notification_transport(),
                publisher_id='heat-vision-tasks.%s' % (
                    CONF.host or socket.gethostname()),
                driver=CONF.tasks.notification_driver,
                topics=[CONF.tasks.notification_topic],
                serializer=transport.RequestContextSerializer())
        return _NOTIFIER


def reset():
    global _NOTIFIER
    with _LOCK:
        _NOTIFIER = None


def send(ctxt, event_type, payload, error=False):
    """Send a notification; a broken queue never fails the job."""
    try:
        notifier = _notifier()
        if error:
            notifier.error(ctxt, event_type, payload)
        else:
            notifier.info(ctxt, event_type, payload)
    except Exception:
        LOG.exception('Cannot send the %s notification', event_type)
