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

"""A process's task service: RPC endpoint, board or conductor, watcher.

``heat-vision-tasks`` runs one on its own; every engine runs one too.
"""

import os
import socket
import threading

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import timeutils

from heat_vision.common import context as hv_context
from heat_vision.db import tasks as db_tasks
from heat_vision.rpc import transport
from heat_vision.tasks import cancel
from heat_vision.tasks import engine_options
from heat_vision.tasks import local
from heat_vision.tasks import manager
from heat_vision.tasks import presence
from heat_vision.tasks import reconcile
from heat_vision.tasks import runner

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


class TaskServer:
    """Starts and stops the task system in this process."""

    def __init__(self, rpc=True, service_id=None):
        """:param service_id: the engine's id, whose service row stands
            for this task service (else it has one of its own, on the
            local jobboard: ``presence``).
        """
        self.name = '%s-%d' % (CONF.host or socket.gethostname(),
                               os.getpid())
        self._service_id = service_id
        self._presence = None
        self._rpc = rpc
        self._rpc_server = None
        self._board = None
        self._conductor = None
        self._heartbeats = None
        self._listener = None
        self._threads = []
        self._stopping = threading.Event()

    def start(self):
        if CONF.tasks.jobboard == 'local':
            self._start_local()
        else:
            # NOTE(heat-vision): TaskFlow's jobboards and conductors only
            # where they are used: the local board runs its jobs itself.
            from heat_vision.tasks import boards
            from heat_vision.tasks import conductor
            from heat_vision.tasks import due
            self._board = boards.JobBoard(self.name)
            self._board.connect()
            runner.set_board(self._board)
            wake = threading.Event()
            if CONF.tasks.jobboard == 'redis':
                # NOTE(heat-vision): imported here, once the board checked
                # that redis (an extra) is installed.
                from heat_vision.tasks import liveness
                from heat_vision.tasks import wakeup
                self._listener = wakeup.Listener(wake)
                self._spawn('task-wakeup', self._listener.run)
            self._conductor = conductor.Conductor(
                self.name, self._board.jobboard, wake=wake,
                publisher=self._board.publisher)
            self._spawn('task-conductor', self._conductor.run)
            self._spawn('task-claims', self._loop,
                        CONF.tasks.claim_expiry / 3.0,
                        self._conductor.renew_claims)
            reconciler = reconcile.Reconciler(self._board,
                                              self._conductor.held_names)
            self._spawn('task-reconciler', self._loop,
                        CONF.tasks.orphan_grace / 2.0, reconciler.run)
            if self._board.posts_when_due:
                self._spawn('task-due', self._loop, due.TICK,
                            due.DuePoster(self._board).run)
            if CONF.tasks.jobboard == 'redis':
                self._heartbeats = liveness.Heartbeats(self.name)
                self._heartbeats.beat()
                self._spawn('task-heartbeat', self._loop,
                            CONF.tasks.heartbeat_interval, self._beat)
        self._spawn('task-watcher', self._loop, CONF.tasks.watch_interval,
                    self._watch)
        if self._rpc:
            target = messaging.Target(topic=CONF.tasks.topic,
                                      server=self.name)
            self._rpc_server = transport.get_rpc_server(
                target, [manager.TaskManager()])
            self._rpc_server.start()
        LOG.info('Task service %s started (%s jobboard)', self.name,
                 CONF.tasks.jobboard)

    def _start_local(self):
        owner = self._service_id
        if owner is None:
            self._presence = presence.Presence()
            self._presence.register()
            owner = self._presence.service_id
        self._board = local.LocalBoard(owner)
        runner.set_board(self._board)
        self._board.resume()
        self._spawn('task-takeover', self._loop, CONF.report_interval,
                    self._take_over)

    def _take_over(self):
        if self._presence is not None:
            self._presence.beat()
        self._board.take_over()

    def _spawn(self, name, target, *args):
        thread = threading.Thread(target=target, args=args, name=name,
                                  daemon=True)
        thread.start()
        self._threads.append(thread)

    def _loop(self, interval, func):
        while not self._stopping.wait(interval):
            try:
                func()
            except Exception:
                LOG.exception('%s failed', func.__name__)

    def _beat(self):
        self._heartbeats.beat()
        if self._heartbeats.release_dead_claims(self._board.jobboard):
            self._board.publisher.publish()

    def _watch(self):
        """Stop the local runs of cancelled jobs and passed deadlines."""
        stopping = db_tasks.job_get_stopping(
            hv_context.get_admin_context(), cancel.running(),
            timeutils.utcnow())
        for job_id, reason in stopping.items():
            if cancel.reason(job_id) is None:
                LOG.info('Stopping task job %s (%s)', job_id, reason)
                cancel.stop(job_id, reason)

    def stop(self):
        """Stop taking requests and runs; running runs resume elsewhere
        (or here, at the next start).

        The runs of this process are handed back to the board (or left
        to the next start, on the local board) and have stopped writing
        to the database before this returns.
        """
        self._stopping.set()
        if self._rpc_server is not None:
            self._rpc_server.stop()
            self._rpc_server.wait()
        if self._conductor is not None:
            if not self._conductor.release_all(CONF.tasks.stop_timeout):
                LOG.warning('Some task runs of %s did not stop within %s '
                            's; they were handed back and write nothing '
                            'more', self.name, CONF.tasks.stop_timeout)
        if self._listener is not None:
            self._listener.stop()
        if self._heartbeats is not None:
            self._heartbeats.forget(self.name)
            self._heartbeats.close()
        if self._board is not None and not self._board.close():
            LOG.warning('Some task runs of %s did not stop within %s s; '
                        'they write nothing more', self.name,
                        CONF.tasks.stop_timeout)
        if self._presence is not None:
            # After the runs stopped: the others take its jobs over now.
            self._presence.leave()
        runner.set_board(None)
        engine_options.shutdown()
        LOG.info('Task service %s stopped', self.name)
