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

"""The cloud's processes: started detached, recorded, stopped by PID.

Each process runs in a session (and so a process group) of its own,
its output in ``<state>/logs/<name>.log``. Its PID and start time (field
22 of ``/proc/<pid>/stat``) go to ``<state>/pids/<name>``: ``stop`` kills
a group only while its leader is the very process that was started,
never a later one that got the same PID.
"""

import os
import signal
import subprocess
import time
import urllib.error
import urllib.request


def _start_time(pid):
    try:
        with open('/proc/%d/stat' % pid) as f:
            fields = f.read().rsplit(')', 1)[1].split()
    except OSError:
        return None
    if fields[0] == 'Z':
        return None
    return fields[19]


def _group_alive(pgid):
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % entry) as f:
                fields = f.read().rsplit(')', 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid and fields[0] != 'Z':
            return True
    return False


class Processes:
    """The processes of the cloud whose state directory is ``state``."""

    def __init__(self, state):
        self.log_dir = os.path.join(state, 'logs')
        self.pid_dir = os.path.join(state, 'pids')
        os.makedirs(self.log_dir, exist_ok=True)
        os.makedirs(self.pid_dir, exist_ok=True)

    def log_path(self, name):
        return os.path.join(self.log_dir, name + '.log')

    def start(self, name, argv, env=None):
        with open(self.log_path(name), 'ab') as log:
            popen = subprocess.Popen(
                argv, stdin=subprocess.DEVNULL, stdout=log,
                stderr=subprocess.STDOUT, start_new_session=True,
                env=dict(os.environ, **(env or {})))
        with open(os.path.join(self.pid_dir, name), 'w') as f:
            f.write('%d %s\n' % (popen.pid, _start_time(popen.pid)))
        return popen.pid

    def recorded(self):
        """:returns: ``{name: (pid, alive)}`` of every recorded process."""
        result = {}
        for name in sorted(os.listdir(self.pid_dir)):
            with open(os.path.join(self.pid_dir, name)) as f:
                pid, started = f.read().split()
            pid = int(pid)
            result[name] = (pid, _start_time(pid) == started)
        return result

    def check_alive(self, name):
        """:raises: RuntimeError with the log's tail if ``name`` died."""
        pid, alive = self.recorded()[name]
        if not alive:
            raise RuntimeError('%s (PID %d) exited; the end of %s:\n%s' % (
                name, pid, self.log_path(name), self.tail(name)))

    def tail(self, name, size=6000):
        with open(self.log_path(name), 'rb') as f:
            f.seek(0, os.SEEK_END)
            f.seek(max(0, f.tell() - size))
            return f.read().decode('utf-8', 'replace')

    def stop_all(self, timeout=30):
        """SIGTERM each recorded group, SIGKILL what is left after
        ``timeout``; forget them. :returns: the names stopped.
        """
        return self.stop(None, timeout)

    def stop(self, names, timeout=30):
        """:meth:`stop_all` for the processes ``names`` (None: all)."""
        groups = {}
        for name, (pid, alive) in self.recorded().items():
            if names is not None and name not in names:
                continue
            if alive:
                groups[name] = pid
                try:
                    os.killpg(pid, signal.SIGTERM)
                except ProcessLookupError:
                    pass
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline and any(
                _group_alive(p) for p in groups.values()):
            time.sleep(0.2)
        for pid in groups.values():
            if _group_alive(pid):
                try:
                    os.killpg(pid, signal.SIGKILL)
                except ProcessLookupError:
                    pass
        for name in os.listdir(self.pid_dir):
            if names is None or name in names:
                os.unlink(os.path.join(self.pid_dir, name))
        return sorted(groups)

    def wait_http(self, name, url, timeout=300, ok=None):
        """Wait until ``url`` answers (any HTTP status); fail early if
        process ``name`` died. :returns: the seconds waited.
        """
        started = time.monotonic()
        while True:
            self.check_alive(name)
            try:
                urllib.request.urlopen(url, timeout=10).close()
                return time.monotonic() - started
            except urllib.error.HTTPError:
                return time.monotonic() - started
            except (OSError, ValueError):
                pass
            if time.monotonic() - started > timeout:
                raise RuntimeError('%s did not answer on %s in %d s:\n%s'
                                   % (name, url, timeout, self.tail(name)))
            time.sleep(0.3)
