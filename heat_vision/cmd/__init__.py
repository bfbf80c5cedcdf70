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

"""Console scripts: tiny mains over the service modules."""

import collections
import gc
import os
import signal
import sys
import threading
import time

from oslo_config import cfg
from oslo_log import log as logging

from heat_vision.common import exception
from heat_vision.common import log_lines
from heat_vision.common import malloc_arenas
from heat_vision import conf as hv_conf
from heat_vision import version

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

# The cyclic collector's thresholds in a serving process (Python's are
# 700, 10, 10). With a stack of 10,000 resources in memory, full
# collections walked the whole heap several times per operation: half the
# CPU of an update. A first threshold of 10,000 makes every collection,
# full ones included, 14 times rarer, for little memory.
GC_THRESHOLDS = (10000, 10, 10)


def prepare(argv=None, extra_cli_opts=()):
    """Register options, parse the command line and files, set up logs."""
    malloc_arenas.limit()
    hv_conf.register_all(CONF)
    logging.register_options(CONF)
    CONF.register_cli_opts(extra_cli_opts)
    CONF(sys.argv[1:] if argv is None else argv, project='heat-vision',
         version=version.version_string())
    logging.setup(CONF, 'heat-vision')
    log_lines.install()


def ensure_state_path():
    os.makedirs(CONF.state_path, mode=0o700, exist_ok=True)


def require_network_transport(binary):
    """Separate processes cannot share the in-process transport."""
    if CONF.transport_url.startswith('inproc:'):
        sys.exit('%s runs as its own process and needs a network '
                 'transport: set [DEFAULT] transport_url (for example '
                 'rabbit://guest:guest@127.0.0.1:5672/), or run '
                 'heat-vision-all for the embedded mode.' % binary)


def require_extras(database=False, tasks=False):
    """Exit naming the extra to install if a backend the configuration
    selects needs a package that is not installed.

    :param database: the process uses ``[database] connection``.
    :param tasks: the process runs a task service (``[tasks] jobboard``).
    """
    from heat_vision.common import extras
    try:
        extras.check(database=database, tasks=tasks)
    except exception.MissingExtra as exc:
        sys.exit(str(exc))


def require_trustee(binary):
    """Exit, saying what to set, if this process would make Keystone
    trusts without a ``[trustee]`` user to make them to.

    Without one the work done later on a user's behalf would have no
    credential of theirs. Heat starts, then fails every stack create
    (heat/common/context.py ``trusts_auth_plugin``: "Please add the
    trustee credentials ..."); here the process does not start.
    """
    from heat_vision.common import trusts
    problem = trusts.config_problem()
    if problem is not None:
        LOG.error('%s cannot start: %s', binary, problem)
        sys.exit('%s cannot start: %s' % (binary, problem))


_SIGNAL_EVENTS = {signal.SIGTERM: 'stop', signal.SIGINT: 'stop',
                  signal.SIGHUP: 'reload'}


class _Signals:
    """SIGTERM, SIGINT and SIGHUP, queued for ``serve`` to act on."""

    def __init__(self):
        self.pending = []
        self.wake = threading.Event()
        self.serving = False
        # Whether these are the process's handlers (a console script's):
        # then a stop also bounds the process's exit (``_exit_at``).
        self.installed = False

    def on_signal(self, signum, frame):
        event = _SIGNAL_EVENTS[signum]
        if event == 'stop' and not self.serving and 'stop' in self.pending:
            # Asked twice while starting (which may wait for a broker
            # or a database that does not answer): do not wait for it.
            os._exit(1)
        self.pending.append(event)
        self.wake.set()


_signals = None


def catch_signals():
    """Queue the signals ``serve`` acts on from now on.

    Called before a binary starts its services: a SIGTERM sent as soon as
    the API answers (before ``serve`` runs) stops the process cleanly
    once it has started, rather than killing it half-way. A second
    SIGTERM or SIGINT before then exits at once.
    """
    global _signals
    if _signals is None:
        _signals = _Signals()
        for signum in _SIGNAL_EVENTS:
            signal.signal(signum, _signals.on_signal)
        _signals.installed = True
    return _signals


def serve(*stops):
    """Run until SIGTERM or SIGINT, then call ``stops`` in order.

    SIGHUP re-reads the configuration files and applies the options that
    may change in a running process (``debug`` among them).
    Stopping may take ``graceful_shutdown_timeout`` seconds at most; past
    it the process exits anyway (another engine takes its stacks over).
    So does the exit that follows (a console script's): a thread that
    never returns, which the interpreter would join, cannot hold it past
    that deadline either. Signals caught since ``catch_signals`` are
    acted on first.

    NOTE(heat-vision): oslo.service's launcher would give the same two
    behaviours, but its threading backend runs each service in a child
    process (cotyledon) forked from a supervisor: heat-vision-all's API
    and engine share in-process state, the engine's worker pool would
    have to be picklable, and a SIGKILL of the supervisor (which the
    take-over tests and operators rely on to stop an engine dead) would
    leave the child running. So the loop is ours, and small.
    """
    # What starting made (modules, plugins, options) lives as long as the
    # process: the collector need not walk it again.
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)
    signals = catch_signals()
    signals.serving = True
    while True:
        while signals.pending:
            if signals.pending.pop(0) == 'stop':
                _stop(stops, bound_exit=signals.installed)
                return
            reload_config()
        signals.wake.wait(3600)
        signals.wake.clear()


def supervise(supervisor):
    """Run worker processes until SIGTERM or SIGINT, then stop them.

    SIGHUP re-reads the configuration here and in every worker.
    """
    signals = catch_signals()
    signals.serving = True
    supervisor.start()
    while True:
        while signals.pending:
            if signals.pending.pop(0) == 'stop':
                supervisor.stop(CONF.graceful_shutdown_timeout)
                return
            reload_config()
            supervisor.signal_all(signal.SIGHUP)
        supervisor.reap()
        signals.wake.wait(0.5)
        signals.wake.clear()


def in_worker():
    """Forget the signals the parent had queued (a forked worker's)."""
    signals = catch_signals()
    signals.pending.clear()
    signals.serving = False


def reload_config():
    """Apply the mutable options changed in the configuration files."""
    LOG.info('SIGHUP: reloading the mutable options of the configuration '
             'files')
    CONF.mutate_config_files()


def _stop(stops, bound_exit):
    """Call ``stops`` within ``graceful_shutdown_timeout``, or exit.

    :param bound_exit: end the process at the same deadline if its exit
        has not ended it by then (``_exit_at``).
    """
    timeout = CONF.graceful_shutdown_timeout
    deadline = time.monotonic() + timeout
    done = threading.Event()

    def run():
        for stop in stops:
            stop()
        done.set()

    threading.Thread(target=run, name='shutdown', daemon=True).start()
    if not done.wait(timeout or None):
        LOG.error('Not stopped after graceful_shutdown_timeout (%s s): '
                  'exiting now.', timeout)
        _exit_now(1)
    if timeout and bound_exit:
        _bound_exit(deadline, timeout)


def _bound_exit(deadline, timeout):
    threading.Thread(target=_exit_at, args=(deadline, timeout),
                     name='exit-deadline', daemon=True).start()


def _exit_at(deadline, timeout):
    """End the process at ``deadline`` if its exit has not by then.

    A resource step that never returns keeps its thread (the engine's
    stop leaves it behind), and the interpreter joins such threads at
    exit: those of a ``concurrent.futures`` pool through
    ``threading._register_atexit``, the others because they are not
    daemons. This thread, a daemon, still runs while the exit waits.
    """
    time.sleep(max(0.0, deadline - time.monotonic()))
    # A pool's worker is a daemon when the thread that started the pool
    # was one, and is joined all the same: every thread alive is named.
    alive = collections.Counter(
        thread.name for thread in threading.enumerate()
        if thread not in (threading.main_thread(), threading.current_thread()))
    LOG.error('Stopped, but the exit waits for a thread that does not '
              'return: exiting now, graceful_shutdown_timeout (%s s) after '
              'the stop began. Threads alive: %s', timeout,
              ', '.join('%s x%d' % item if item[1] > 1 else item[0]
                        for item in sorted(alive.items())) or 'none')
    _exit_now(0)


def _exit_now(code):
    """``os._exit(code)`` once what is logged is written."""
    for handler in logging.getLogger().logger.handlers:
        try:
            handler.flush()
        except Exception:  # nosec: exiting whatever it says
            pass
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:  # nosec: exiting whatever it says
            pass
    os._exit(code)


def bind_api(group='api', app=None):
    """The API server, bound to its port, or exit saying why not.

    :param group: the option group of ``bind_host`` and ``bind_port``.
    :param app: the WSGI app to serve (by default the API, with the relay
        mounted: ``composite``).
    """
    from heat_vision.api import server
    from heat_vision.cmd import composite
    options = CONF[group]
    try:
        return server.APIServer(app or composite.setup_app(),
                                options.bind_host, options.bind_port)
    except OSError as exc:
        _cannot_listen(options, group, exc)


def listen_api():
    """The API's listening socket, for its worker processes, or exit
    saying why not.
    """
    from heat_vision.api import workers
    try:
        return workers.listen(CONF.api.bind_host, CONF.api.bind_port)
    except OSError as exc:
        _cannot_listen(CONF.api, 'api', exc)


def _cannot_listen(options, group, exc):
    sys.exit('Cannot listen on %s:%s: %s. Set [%s] bind_host and '
             'bind_port in the configuration file.'
             % (options.bind_host, options.bind_port, exc.strerror, group))
