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

"""Whether any engine answers: the API's view, refreshed by pings.

A daemon thread pings the engines every ``interval`` seconds and keeps
the outcome: healthy, or unhealthy since a time and why. Callers ask
``check()`` before each RPC call and are refused at once while no engine
answers, instead of each waiting for the RPC timeout.

A ping runs on a daemon thread (``daemon_workers``) and counts as
failed once ``timeout`` has passed, whether or not it has returned: with
a dead broker the rabbit driver retries connecting for ever before it
sends anything (the reply queue's connection ignores ``retry``), so a
ping can block indefinitely.
While that ping is stuck no other is sent, and the engines stay
unavailable until it gets through.
"""

from concurrent import futures
import threading
import time

from oslo_log import log as logging

from heat_vision.rpc import daemon_workers

LOG = logging.getLogger(__name__)


class EngineHealth:
    """The latest known answer to "does an engine answer?".

    :param ping: ``ping()`` makes one RPC round trip to any engine and
        raises if it fails.
    :param interval: seconds between pings.
    :param timeout: seconds a ping may take.
    """

    def __init__(self, ping, interval, timeout):
        self._ping = ping
        self.interval = interval
        self.timeout = timeout
        self._lock = threading.Lock()
        self._healthy = None            # None until the first ping ends
        self._since = time.monotonic()
        self._reason = 'no engine has been pinged yet'
        self._checked = threading.Event()
        self._wake = threading.Event()
        self._stopped = threading.Event()
        self._pending = None
        self._ping_sent = None          # when the last ping was sent
        self._recheck = threading.Lock()
        self._thread = None
        self._workers = daemon_workers.DaemonWorkers('engine-ping')

    @property
    def healthy(self):
        """True, False, or None before the first ping has ended."""
        return self._healthy

    @property
    def reason(self):
        """Why the engines are deemed unavailable (when they are)."""
        return self._reason

    def unhealthy_for(self):
        """Seconds the engines have been unavailable, or 0."""
        if self._healthy is not False:
            return 0
        return time.monotonic() - self._since

    def start(self):
        if self._thread is None:
            self._thread = threading.Thread(target=self._run,
                                            name='engine-health',
                                            daemon=True)
            self._thread.start()

    def stop(self):
        self._stopped.set()
        self._wake.set()

    def wait_checked(self, timeout):
        """Wait for the first ping's outcome. :returns: healthy."""
        self._checked.wait(timeout)
        return self._healthy

    def check_now(self):
        """Ping without waiting for the interval (after a failed call)."""
        self._wake.set()

    def recheck(self, min_age=0.5):
        """While unhealthy, ping now rather than at the next interval.

        An engine started after the last ping (the API started first, as
        the install guide does) then answers the first request instead of
        a 503 for up to ``interval`` seconds. A ping still stuck on a dead
        transport is not waited for again, so the refusal stays prompt.

        :param min_age: seconds; a ping sent more recently stands (what
            it says is as fresh as when it was sent).
        :returns: healthy.
        """
        if self._healthy:
            return True
        pending = self._pending
        if pending is not None and not pending.done():
            return self._healthy
        if not self._recheck.acquire(timeout=self.timeout):
            return self._healthy
        try:
            sent = self._ping_sent
            if sent is not None and time.monotonic() - sent < min_age:
                return self._healthy
            return self.ping_once()
        finally:
            self._recheck.release()

    def mark_unhealthy(self, reason):
        """Record a failure seen outside a ping (a real call's)."""
        self._set(False, reason)
        self.check_now()

    def ping_once(self):
        """One ping, waited for at most ``timeout``. :returns: healthy."""
        if self._pending is None or self._pending.done():
            self._ping_sent = time.monotonic()
            self._pending = self._workers.submit(self._ping)
        elif self._healthy is not False:
            self._set(False, 'a ping is still waiting for the transport')
            return False
        try:
            self._pending.result(self.timeout)
        except futures.TimeoutError:
            self._set(False, 'no engine answered a ping within %s s'
                      % self.timeout)
        except Exception as exc:
            self._set(False, 'the ping failed: %s' % exc)
        else:
            self._set(True, None)
        return self._healthy

    def _run(self):
        while not self._stopped.is_set():
            try:
                self.ping_once()
            except Exception:
                LOG.exception('Checking the engines failed')
            self._wake.wait(self.interval)
            self._wake.clear()

    def _set(self, healthy, reason):
        with self._lock:
            changed = healthy is not self._healthy
            if changed:
                self._since = time.monotonic()
            self._healthy = healthy
            if not healthy:
                self._reason = reason
        self._checked.set()
        if changed and healthy:
            LOG.info('An engine answers again')
        elif changed:
            LOG.warning('No engine available: %s', reason)
