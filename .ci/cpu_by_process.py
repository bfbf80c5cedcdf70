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

"""Where a CI run's CPU went, by kind of process.

Run in the background for the length of a run; on SIGTERM (or SIGINT) it
prints the CPU seconds of each kind of process seen (a heat-vision
console script, an OpenStack service of the test cloud, a test runner,
MariaDB, ...), the number of processes of each kind, and the total. It
reads ``/proc/<pid>/stat`` once a second: a process's CPU is counted up
to its last sample, so processes that live less than a second are
missed; the figure is a floor, good for telling the large shares apart,
which is what the CI time is cut by.
"""

import os
import signal
import sys
import time

INTERVAL = 1.0
TICKS = os.sysconf('SC_CLK_TCK')
CLOUD_SERVICES = ('keystone', 'placement', 'glance', 'nova', 'neutron',
                  'cinder', 'octavia', 'swift', 'zaqar', 'gnocchi', 'aodh')


def kind_of(argv):
    """:returns: a short name for the kind of process ``argv`` runs."""
    if not argv:
        return '?'
    if len(argv) == 1 and ' ' in argv[0]:
        # A title set by setproctitle (neutron-server's workers: "name:
        # what (the command line)").
        argv = argv[0].split()
    if argv[0].startswith('postgres'):
        return 'postgres'
    first = os.path.basename(argv[0])
    if first.startswith('python'):
        args = iter(argv[1:])
        for word in args:
            if word in ('-W', '-X'):
                next(args, None)
            elif word == '-m':
                first = next(args, first)
                break
            elif word == '-c':
                first = 'python -c'
                break
            elif not word.startswith('-'):
                first = os.path.basename(word)
                break
    line = ' '.join(argv)
    if 'uwsgi' in first:
        for name in CLOUD_SERVICES:
            if name in line:
                where = 'cloud' if 'hv-test-cloud' in line else 'test'
                return 'uwsgi %s (%s)' % (name, where)
        return 'uwsgi'
    for name in CLOUD_SERVICES:
        if first.startswith(name):
            return first
    return first


def sample(seen, first=False):
    """Note each process's CPU; on the ``first`` pass, only as a base (a
    process running before the sampler counts from then on).
    """
    for entry in os.listdir('/proc'):
        if not entry.isdigit():
            continue
        try:
            with open('/proc/%s/stat' % entry) as f:
                stat = f.read()
            fields = stat[stat.rindex(')') + 2:].split()
            # utime, stime: fields 14 and 15 of stat; starttime 22.
            cpu = (int(fields[11]) + int(fields[12])) / TICKS
            key = (entry, fields[19])
            if key not in seen:
                with open('/proc/%s/cmdline' % entry, 'rb') as f:
                    argv = f.read().decode(errors='replace').split('\0')
                base = cpu if first else 0.0
                seen[key] = [kind_of([w for w in argv if w]), cpu, base]
            else:
                seen[key][1] = cpu
        except (OSError, ValueError, IndexError):
            continue


def report(seen, out=sys.stdout):
    kinds = {}
    for kind, cpu, base in seen.values():
        cpu -= base
        total, count = kinds.get(kind, (0.0, 0))
        kinds[kind] = (total + cpu, count + 1)
    rows = sorted(kinds.items(), key=lambda item: -item[1][0])
    out.write('ci: CPU seconds by kind of process (sampled once a second)\n')
    for kind, (cpu, count) in rows[:25]:
        out.write('ci: %8.0f  %4d  %s\n' % (cpu, count, kind))
    out.write('ci: %8.0f        in all\n' % sum(c for c, _ in kinds.values()))
    out.flush()


def main():
    seen = {}
    own = str(os.getpid())
    stop = []
    signal.signal(signal.SIGTERM, lambda *_: stop.append(1))
    signal.signal(signal.SIGINT, lambda *_: stop.append(1))
    sample(seen, first=True)
    while not stop:
        time.sleep(INTERVAL)
        sample(seen)
    sample(seen)
    seen = {k: v for k, v in seen.items() if k[0] != own}
    report(seen)


if __name__ == '__main__':
    main()
