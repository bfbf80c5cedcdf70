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

"""API worker processes: ``[api] workers`` copies of the API on one socket.

As Heat's API with ``[heat_api] workers`` (heat/common/wsgi.py,
``Server.start``, ``run_child`` and ``wait_on_children``): the parent binds
the listening socket, then forks the workers, each serving that socket
with its own threads, and starts a new worker when one dies; SIGTERM or
SIGINT stops them all, SIGHUP is passed on to them. The kernel hands each
new connection to one worker, so requests no longer share one process's
interpreter lock. A worker builds its app after the fork: no thread, RPC
transport or database connection crosses it.
"""

import ctypes
import os
import signal
import socket
import time

from oslo_log import log as logging

LOG = logging.getLogger(__name__)

BACKLOG = 1024
# A worker that dies sooner than this after its start is started again
# only after this long: a worker that cannot start does not spin.
RESPAWN_PAUSE = 1.0
PR_SET_PDEATHSIG = 1    # linux/prctl.h


def listen(host, port):
    """:returns: a listening TCP socket on ``host``:``port``.

    :raises: OSError (the address is taken, or not this host's)
    """
    family, kind, proto, _name, address = socket.getaddrinfo(
        host, port, type=socket.SOCK_STREAM)[0]
    sock = socket.socket(family, kind, proto)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind(address)
        sock.listen(BACKLOG)
    except OSError:
        sock.close()
        raise
    return sock


class Supervisor:
    """Forks ``count`` workers running ``run_worker()`` and keeps them up.
    """

    def __init__(self, count, run_worker):
        self.count = count
        self._run_worker = run_worker
        self.children = {}      # pid -> monotonic time it started

    def start(self):
        while len(self.children) < self.count:
            self._spawn()

    def _spawn(self):
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            code = 1
            try:
                _die_with(parent)
                self._run_worker()
                code = 0
            except SystemExit as exc:
                code = exc.code if isinstance(exc.code, int) else 1
            except BaseException:
                LOG.exception('API worker %d failed', os.getpid())
            finally:
                os._exit(code)
        LOG.info('Started API worker %d', pid)
        self.children[pid] = time.monotonic()

    def reap(self, stopping=False):
        """Collect workers that exited; start others unless ``stopping``.
        """
        while self.children:
            pid, status = os.waitpid(-1, os.WNOHANG)
            if pid == 0:
                return
            started = self.children.pop(pid, None)
            if started is None or stopping:
                continue
            LOG.error('API worker %d exited (%s); starting another', pid,
                      _describe(status))
            if time.monotonic() - started < RESPAWN_PAUSE:
                time.sleep(RESPAWN_PAUSE)
            self._spawn()

    def signal_all(self, signum):
        for pid in list(self.children):
            try:
                os.kill(pid, signum)
            except ProcessLookupError:
                self.children.pop(pid, None)

    def stop(self, timeout):
        """SIGTERM every worker; SIGKILL those not gone after ``timeout``.
        """
        self.signal_all(signal.SIGTERM)
        deadline = time.monotonic() + (timeout or 60)
        while self.children and time.monotonic() < deadline:
            self.reap(stopping=True)
            time.sleep(0.05)
        self.signal_all(signal.SIGKILL)
        while self.children:
            pid, _status = os.waitpid(-1, 0)
            self.children.pop(pid, None)


def _die_with(parent):
    """Have the kernel send this worker SIGTERM when its parent dies.

    A parent killed outright (SIGKILL, as operators stop a hung service)
    cannot stop its workers: they would go on serving the port as
    orphans. Linux only (``prctl(PR_SET_PDEATHSIG)``); elsewhere the
    workers outlive such a parent.
    """
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        libc.prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
    except (OSError, AttributeError):
        return
    if os.getppid() != parent:
        # The parent died before the request took effect.
        raise SystemExit(1)


def _describe(status):
    if os.WIFSIGNALED(status):
        return 'signal %d' % os.WTERMSIG(status)
    return 'status %d' % os.waitstatus_to_exitcode(status)
