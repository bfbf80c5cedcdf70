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

"""The engine process's lifecycle: service record, heartbeat, RPC server.

The RPC endpoints (``endpoints/``) stay free of threads and timers; this
wrapper owns them.
"""

import socket
import threading
import time

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import uuidutils

from heat_vision.common import context
from heat_vision.db import services as db_services
from heat_vision.engine.actions import begin
from heat_vision.engine.actions import resume
from heat_vision.engine.actions import takeover
from heat_vision.engine.alarms import listener as monitoring_listener
from heat_vision.engine.alarms import transition_dedup
from heat_vision.engine import endpoints
from heat_vision.engine import listener
from heat_vision.engine import locks
from heat_vision.engine import pool
from heat_vision.engine.signals import scaling as scaling_signals
from heat_vision.engine.signals import signed_actions
from heat_vision.engine.tree import trust as stack_trust
from heat_vision.monitoring import evaluation_service
from heat_vision.monitoring import outbox
from heat_vision.rpc import transport
from heat_vision.tasks import server as task_server

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

BINARY = db_services.ENGINE
#: Seconds between two purges of expired transition deliveries and
#: signed-action nonces by one engine's heartbeat. Their readers ignore
#: them once expired (``db.transition_deliveries.first_delivery`` takes
#: an expired key over, a signed URL's expiry is checked before its
#: nonce), so a purge need not follow every beat: with
#: ``report_interval = 1`` (the alarm benchmarks) they were a fifth of
#: an idle engine's statements.
PURGE_INTERVAL = 60


class EngineServer:

    def __init__(self):
        self.engine_id = uuidutils.generate_uuid()
        self.host = CONF.host or socket.gethostname()
        self.workers = pool.WorkerPool(CONF.action_workers)
        self.endpoints = endpoints.all_endpoints(self.engine_id,
                                                 self.workers.spawn)
        self._rpc_server = None
        self._stopping = threading.Event()
        self._heartbeat = None
        self._listener = None
        # Task system (heat_vision.tasks): every engine runs a conductor.
        self.tasks = task_server.TaskServer(service_id=self.engine_id)
        # Alarm transitions and samples on the queue (monitoring).
        self.monitoring = monitoring_listener.MonitoringListener(
            self.engine_id, self.workers.spawn)
        # This engine's share of the built-in alarms.
        self.alarm_evaluator = evaluation_service.AlarmEvaluator(
            self.engine_id, locks.live_engines)
        # Sends again the alarm transitions the broker did not take.
        self.outbox_sender = outbox.OutboxSender(self.engine_id)

    def start(self):
        target = messaging.Target(topic=CONF.rpc.engine_topic,
                                  server=self.engine_id)
        self._rpc_server = transport.get_rpc_server(target, self.endpoints)
        self._rpc_server.start()
        self._listener = listener.server(self.engine_id)
        self._listener.start()
        # Registered once listening: an engine in the service list can be
        # sent requests (a broker drops messages no queue is bound for).
        ctxt = context.get_admin_context()
        db_services.service_create(ctxt, {
            'engine_id': self.engine_id, 'host': self.host,
            'hostname': socket.gethostname(), 'binary': BINARY,
            'topic': CONF.rpc.engine_topic,
            'report_interval': CONF.report_interval})
        self._heartbeat = threading.Thread(target=self._beat,
                                           name='heartbeat', daemon=True)
        self._heartbeat.start()
        self.tasks.start()
        self.monitoring.start()
        self.alarm_evaluator.start()
        self.outbox_sender.start()
        LOG.info('Engine %s started on %s', self.engine_id, self.host)

    def _beat(self):
        ctxt = context.get_admin_context()
        first = True
        purged_at = None
        while first or not self._stopping.wait(CONF.report_interval):
            try:
                if not first and not db_services.service_heartbeat(
                        ctxt, self.engine_id):
                    LOG.warning('Engine %s was removed from the service '
                                'list as dead; registering again',
                                self.engine_id)
                    db_services.service_revive(ctxt, self.engine_id)
                self._take_over(ctxt)
                takeover.clean_dead_services(ctxt)
                # Pending scaling adjustments whose cooldown ended.
                scaling_signals.sweep(ctxt, self.workers.spawn,
                                      self.engine_id)
                if purged_at is None or (time.monotonic() - purged_at >=
                                         PURGE_INTERVAL):
                    purged_at = time.monotonic()
                    transition_dedup.purge(ctxt)
                    signed_actions.purge(ctxt)
                # Each beat: what it purges unsent would be sent again.
                outbox.purge(ctxt)
            except Exception:
                LOG.exception('Heartbeat of engine %s failed',
                              self.engine_id)
            first = False

    def _take_over(self, ctxt):
        """Resume the operations of engines that died."""
        for row in takeover.claim_orphans(ctxt, self.engine_id):
            self.workers.spawn(begin.run_locked,
                               stack_trust.owner_context(row), row.id,
                               resume.resume, self.engine_id)

    def stop(self, graceful=True):
        """Stop taking requests, stop the running operations, deregister.

        The operations stop where they are (``pool.EngineStopping``) and
        are left IN_PROGRESS under this engine's lock: deregistered, it
        is no longer alive, and the next engine's heartbeat takes them
        over (``actions.takeover``). Heat's stop waits for them instead,
        and the next engine marks them FAILED (``pool``).

        :param graceful: wait for the operations to stop, up to half of
            ``graceful_shutdown_timeout`` (the rest is left to the stop
            itself and to the process's exit); past it, a step of a
            resource that never returns is left behind.
        """
        if self._stopping.is_set():
            return
        self._stopping.set()
        self.alarm_evaluator.stop()
        self.outbox_sender.stop()
        self.monitoring.stop()
        if self._rpc_server is not None:
            self._rpc_server.stop()
            self._rpc_server.wait()
        if self._listener is not None:
            self._listener.stop()
            self._listener.wait()
        self.tasks.stop()
        running = self.workers.stop(self._grace() if graceful else 0)
        if running:
            LOG.warning('Engine %s stops with %d operations still running '
                        '(a resource step that did not return): their '
                        'stacks are taken over', self.engine_id, running)
        if self._heartbeat is not None:
            # Not beating any more: nothing can register it again.
            self._heartbeat.join(CONF.report_interval + 5)
        db_services.service_delete(context.get_admin_context(),
                                   self.engine_id)
        LOG.info('Engine %s stopped', self.engine_id)

    @staticmethod
    def _grace():
        """Seconds to wait for the operations to stop (None: no bound)."""
        timeout = CONF.graceful_shutdown_timeout
        return timeout / 2 if timeout else None
