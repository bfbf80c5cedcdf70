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

"""The engines' notification listener: alarm transitions and samples.

Every engine listens, in the notification pool ``[monitoring]
listener_pool``: a notification reaches one engine of the pool, and other
consumers (aodh-notifier, in its own queue) keep their copy. It reads

* ``alarm.update`` (priority ``sample``) on Aodh's exchange and
  ``[monitoring] aodh_topics``: Aodh's transitions as its evaluator
  publishes them;
* ``alarm.update`` and ``metric.samples`` on heat-vision's exchange and
  ``[monitoring] topic``: the built-in alarms' transitions, and samples.
  Not in a pool: the engines share the queue ``<topic>.sample`` that the
  publisher's broker driver declares (oslo.messaging's rabbit
  ``notify_send`` creates a queue named after the routing key), so that
  queue is read, never left to fill. Its name must not be Aodh's
  notifier queue (``alarming.sample``, aodh/notifier/__init__.py listens
  on ``notifier_topic`` without a pool): aodh-notifier would take the
  built-in transitions and run their actions too.

A transition is matched to resources (``matching``) and each is signalled
by the engine ``routing`` picks. Anything else is ignored with a debug
line; a notification is never requeued (it would come back forever).
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.engine.alarms import matching
from heat_vision.engine.alarms import routing
from heat_vision.monitoring import constants as c
from heat_vision.monitoring import outbox
from heat_vision.monitoring import samples
from heat_vision.rpc import transport

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


def transition_of(payload):
    """:returns: what a receiving resource gets: the transition's keys,
    ``source`` and ``timestamp`` (filled in when Aodh sent it), and the
    ``transition_id`` of a built-in alarm's transition.
    """
    transition = {key: payload.get(key) for key in c.TRANSITION_KEYS}
    transition['source'] = payload.get('source') or c.SOURCE_AODH
    if transition['source'] == c.SOURCE_HEAT_VISION:
        transition['transition_id'] = payload.get('transition_id')
    transition['timestamp'] = (payload.get('timestamp') or
                               timeutils.utcnow().isoformat() + 'Z')
    return transition


class AlarmEndpoint:
    """oslo.messaging notification endpoint (priority ``sample``)."""

    def __init__(self, router):
        self.router = router

    def sample(self, ctxt, publisher_id, event_type, payload, metadata):
        try:
            if event_type == c.TRANSITION_EVENT:
                self.handle_transition(payload)
            elif event_type == c.SAMPLES_EVENT:
                self.handle_samples(payload)
            else:
                LOG.debug('Ignored %s from %s', event_type, publisher_id)
        except Exception:
            LOG.exception('Could not handle %s from %s', event_type,
                          publisher_id)
        return messaging.NotificationResult.HANDLED

    def handle_transition(self, payload):
        """:returns: ``[(stack_id, resource_name, engine_id)]`` signalled.
        """
        if not isinstance(payload, dict):
            return []
        transition = transition_of(payload)
        # A built-in alarm's transition, which its outbox may send again.
        sent_id = transition.get('transition_id')
        if isinstance(sent_id, str) and outbox.delivered_before(sent_id):
            LOG.info('Alarm %s: transition %s delivered before; ignored',
                     payload.get('alarm_id'), sent_id)
            return []
        stack_rows = {}
        targets = matching.targets(payload, stack_rows)
        if not targets:
            LOG.debug('Alarm %s matches no resource; ignored',
                      payload.get('alarm_id'))
        signalled = [(stack_id, name,
                      self.router.route(stack_id, name, transition,
                                        stack_rows.get(stack_id)))
                     for stack_id, name in targets]
        if isinstance(sent_id, str):
            outbox.delivered(sent_id)
        return signalled

    @staticmethod
    def handle_samples(payload):
        project_id = payload.get('project_id') if isinstance(
            payload, dict) else None
        if not isinstance(project_id, str) or not project_id:
            LOG.warning('Samples without a project_id ignored')
            return
        try:
            samples.store(context.get_admin_context(), project_id,
                          payload.get('samples'))
        except exception.HeatVisionException as exc:
            LOG.warning('Samples of project %s refused: %s', project_id,
                        exc)


def check_topics():
    """:raises: ConfigInvalid when ``[monitoring] topic`` is one of
        ``aodh_topics`` (its queue would be aodh-notifier's).
    """
    if CONF.monitoring.topic in CONF.monitoring.aodh_topics:
        raise cfg.ConfigInvalid(
            '[monitoring] topic (%s) must not be one of [monitoring] '
            "aodh_topics: its queue %s.sample would be aodh-notifier's" % (
                CONF.monitoring.topic, CONF.monitoring.topic))


def targets():
    """:returns: ``{exchange: [Target]}`` the engines listen to."""
    own = CONF.control_exchange
    found = {own: [messaging.Target(topic=CONF.monitoring.topic,
                                    exchange=own)]}
    for topic in CONF.monitoring.aodh_topics:
        found.setdefault(CONF.monitoring.aodh_exchange, []).append(
            messaging.Target(topic=topic,
                             exchange=CONF.monitoring.aodh_exchange))
    return found


class MonitoringListener:
    """The listeners of one engine (one per exchange), started and stopped
    with it.
    """

    def __init__(self, engine_id, spawn=None):
        """:param spawn: the engine's worker pool's, which applies the
            scaling a transition starts.
        """
        self.endpoint = AlarmEndpoint(routing.Router(engine_id, spawn))
        self._listeners = []

    def start(self):
        check_topics()
        if not CONF.monitoring.listener_enabled:
            return
        for exchange, exchange_targets in targets().items():
            aodhs = exchange == CONF.monitoring.aodh_exchange
            listener = transport.get_notification_listener(
                exchange_targets, [self.endpoint],
                pool=CONF.monitoring.listener_pool if aodhs else None)
            listener.start()
            self._listeners.append(listener)

    def stop(self):
        for listener in self._listeners:
            listener.stop()
        for listener in self._listeners:
            listener.wait()
        self._listeners = []
