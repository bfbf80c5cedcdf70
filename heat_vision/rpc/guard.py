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

"""The API's engine calls: refused fast when no engine can answer them.

``CallGuard.call(send)`` runs one RPC call for an API request. Over a
network transport:

* while the health monitor (``heat_vision.rpc.health``) says no engine
  answers, the call is refused with EngineUnavailable (503) once a fresh
  ping (at most one each half second, none while one is stuck) says so
  too;
* the call runs on a daemon thread (``daemon_workers``, reused from one
  call to the next), at most ``[api] max_rpc_calls`` at once, and the
  request's thread waits for it at most the RPC timeout: a call stuck
  on a dead broker holds one of those slots, never a thread of the WSGI
  server; with every slot taken, calls are refused with 503;
* a call that times out or cannot be delivered is answered 503 and makes
  the monitor check the engines at once.

Embedded (``inproc://``) the engine is in this process: nothing to
monitor, and a call finding no running engine fails at once.
"""

from concurrent import futures
import threading

from oslo_config import cfg
import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.rpc import daemon_workers
from heat_vision.rpc import health as health_mod
from heat_vision.rpc import transport

CONF = cfg.CONF

# Connection failures are retried once: a pooled connection that the
# broker closed is replaced, but a dead broker is not waited for.
SEND_RETRY = 1
# What the request's thread waits beyond the RPC timeout for the driver
# to report it.
_GRACE = 1.0

# Failures that say nothing about the request: no engine or no broker.
UNAVAILABLE_ERRORS = (messaging.MessagingTimeout,
                      messaging.MessageDeliveryFailure)


class CallGuard:
    """Runs the API's engine calls; see the module's doc.

    Over a network transport, ``start(ping)`` starts the health monitor
    with ``ping()``, one RPC round trip to any engine.
    """

    def __init__(self, conf=CONF):
        self._conf = conf
        self.transport = transport.describe_url(conf)
        self.health = None
        self._ping = None
        if not transport.is_embedded(conf):
            self.health = health_mod.EngineHealth(
                self._ping_engines, conf.api.engine_check_interval,
                conf.api.engine_ping_timeout)
            self._limit = conf.api.max_rpc_calls
            self._slots = threading.BoundedSemaphore(self._limit)
            self._workers = daemon_workers.DaemonWorkers('engine-call')

    def start(self, ping):
        """Start monitoring the engines (nothing to do embedded)."""
        self._ping = ping
        if self.health is not None:
            self.health.start()

    def stop(self):
        if self.health is not None:
            self.health.stop()

    def prepare_options(self):
        """The keyword arguments of ``RPCClient.prepare`` for a call."""
        if self.health is None:
            # inproc: fail at once when no engine listens.
            return {'transport_options': messaging.TransportOptions(
                at_least_once=True)}
        return {'retry': SEND_RETRY}

    def _ping_engines(self):
        try:
            return self._ping()
        except messaging.RemoteError:
            # An engine answered, with an error (an older engine has no
            # ping method): it answers all the same.
            return None

    def ping_options(self):
        """``prepare`` arguments of a ping: the monitor's timeout."""
        options = self.prepare_options()
        if self.health is not None:
            options['timeout'] = self.health.timeout
        return options

    def call(self, send):
        """:param send: ``send(**prepare_options)`` makes the call.

        :returns: what ``send`` returns.
        :raises: EngineUnavailable, TooManyEngineCalls, or what the
            engine raised.
        """
        timeout = self._conf.rpc_response_timeout
        if self.health is None:
            return self._mapped(send, timeout)
        self._check()
        if not self._slots.acquire(blocking=False):
            raise exception.TooManyEngineCalls(limit=self._limit)
        try:
            future = self._workers.submit(self._mapped, send, timeout)
        except RuntimeError:
            # No thread can be started.
            self._slots.release()
            raise
        future.add_done_callback(lambda f: self._slots.release())
        try:
            return future.result(timeout + _GRACE)
        except futures.TimeoutError:
            self.health.mark_unhealthy('a call got no answer within %s s'
                                       % timeout)
            raise self._unavailable(timeout)

    def _check(self):
        healthy = self.health.healthy
        if healthy is None:
            healthy = self.health.wait_checked(self.health.timeout + _GRACE)
        if not healthy:
            healthy = self.health.recheck()
        if not healthy:
            raise self._unavailable(self.health.timeout)

    def _mapped(self, send, timeout):
        try:
            return send(**self.prepare_options())
        except UNAVAILABLE_ERRORS as exc:
            if self.health is not None:
                self.health.mark_unhealthy(str(exc) or type(exc).__name__)
            raise self._unavailable(timeout)

    def _unavailable(self, timeout):
        return exception.EngineUnavailable(timeout=_seconds(timeout),
                                           transport=self.transport)


def _seconds(value):
    return int(value) if float(value).is_integer() else value
