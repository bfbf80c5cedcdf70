"""Engine speed through the HTTP API, embedded mode: medians vs targets.

    python benchmarks/bench_engine.py [--runs 3] [--only flat1000,chain100]

Starts ``heat-vision-all`` on a free port with a fresh state directory
and times, from the POST to the final status seen by polling:

* flat stacks of 100 and 1000 OS::Heat::None: create and delete, and the
  ratio time(1000)/time(100) (linear growth: at most 12);
* a chain of 100 resources, each depending on the previous;
* a ResourceGroup of 1000 OS::Heat::None (when the type is available);
* an update of a 1000-resource stack changing one property (when stack
  update is available);
* stack show of a 1000-resource stack with outputs;
* the engine's peak RSS holding ten 1000-resource stacks.
"""

import argparse
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

import requests

TARGETS = {
    'create flat 1000': 2.0,
    'delete flat 1000': 2.0,
    'ratio create 1000/100': 12.0,
    'create chain 100': 0.5,
    'create group 1000': 3.0,
    'update flat 1000 (one property)': 1.0,
    'show flat 1000 with outputs': 0.05,
    'peak RSS MB, ten 1000-resource stacks': 250.0,
}


def flat(count, value='a'):
    lines = ['heat_template_version: 2021-04-16', 'resources:']
    for i in range(count):
        lines.append('  r%d: {type: OS::Heat::None, properties: {v: %s}}'
                     % (i, value if i == 0 else 'x'))
    lines += ['outputs:', '  first: {value: {get_resource: r0}}',
              '  last: {value: {get_resource: r%d}}' % (count - 1)]
    return '\n'.join(lines) + '\n'


def chain(count):
    lines = ['heat_template_version: 2021-04-16', 'resources:',
             '  r0: {type: OS::Heat::None}']
    for i in range(1, count):
        lines.append('  r%d: {type: OS::Heat::None, depends_on: r%d}'
                     % (i, i - 1))
    return '\n'.join(lines) + '\n'


def group(count):
    return ('heat_template_version: 2021-04-16\nresources:\n  g:\n'
            '    type: OS::Heat::ResourceGroup\n    properties:\n'
            '      count: %d\n      resource_def: {type: OS::Heat::None}\n'
            % count)


class Service:

    def __init__(self):
        self.dir = tempfile.mkdtemp(prefix='hv-bench-')
        with open(os.path.join(self.dir, 'hv.conf'), 'w') as f:
            f.write('[DEFAULT]\nstate_path = %s\n[api]\nbind_port = %d\n'
                    % (self.dir, 18900 + os.getpid() % 90))
        self.port = 18900 + os.getpid() % 90
        binary = os.path.join(os.path.dirname(sys.executable),
                              'heat-vision-all')
        self.proc = subprocess.Popen(
            [binary, '--config-file', os.path.join(self.dir, 'hv.conf')],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.url = 'http://127.0.0.1:%d/v1/bench' % self.port
        self.http = requests.Session()
        for _ in range(200):
            try:
                self.http.get(self.url + '/stacks')
                return
            except requests.ConnectionError:
                time.sleep(0.05)
        raise SystemExit('heat-vision-all did not start')

    def rss_mb(self):
        with open('/proc/%d/status' % self.proc.pid) as f:
            for line in f:
                if line.startswith('VmHWM:'):
                    return int(line.split()[1]) / 1024.0
        return 0.0

    def stop(self):
        self.proc.send_signal(signal.SIGTERM)
        self.proc.wait(30)
        shutil.rmtree(self.dir, ignore_errors=True)

    def has_type(self, name):
        types = self.http.get(self.url + '/resource_types').json()
        return name in types.get('resource_types', [])

    def wait(self, name, sid, until):
        while True:
            r = self.http.get('%s/stacks/%s/%s' % (self.url, name, sid),
                              params={'resolve_outputs': 'false'})
            if r.status_code == 404:
                return 'GONE'
            status = r.json()['stack']['stack_status']
            if not status.endswith('IN_PROGRESS') and status != until:
                return status
            if status == until:
                return status
            time.sleep(0.01)

    def create(self, name, template):
        start = time.perf_counter()
        r = self.http.post(self.url + '/stacks', json={
            'stack_name': name, 'template': template})
        r.raise_for_status()
        sid = r.json()['stack']['id']
        status = self.wait(name, sid, 'CREATE_COMPLETE')
        assert status == 'CREATE_COMPLETE', status
        return sid, time.perf_counter() - start

    def delete(self, name, sid):
        start = time.perf_counter()
        self.http.delete('%s/stacks/%s/%s' % (self.url, name, sid))
        status = self.wait(name, sid, 'DELETE_COMPLETE')
        assert status in ('GONE', 'DELETE_COMPLETE'), status
        return time.perf_counter() - start

    def update(self, name, sid, template):
        start = time.perf_counter()
        r = self.http.put('%s/stacks/%s/%s' % (self.url, name, sid),
                          json={'template': template})
        if r.status_code == 405:
            return None
        r.raise_for_status()
        while True:
            st = self.http.get('%s/stacks/%s/%s' % (self.url, name, sid),
                               params={'resolve_outputs': 'false'}).json()
            status = st['stack']['stack_status']
            if status == 'UPDATE_COMPLETE':
                return time.perf_counter() - start
            assert not status.endswith('FAILED'), status
            time.sleep(0.01)

    def show(self, name, sid):
        start = time.perf_counter()
        r = self.http.get('%s/stacks/%s/%s' % (self.url, name, sid))
        r.raise_for_status()
        return time.perf_counter() - start


def median(samples):
    return statistics.median(samples) if samples else None


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--runs', type=int, default=3)
    args = parser.parse_args()
    svc = Service()
    results = {}
    try:
        times = {'c100': [], 'd100': [], 'c1000': [], 'd1000': [],
                 'chain': [], 'group': [], 'update': [], 'show': []}
        for run in range(args.runs):
            for count in (100, 1000):
                sid, t = svc.create('flat%d-%d' % (count, run), flat(count))
                times['c%d' % count].append(t)
                times['d%d' % count].append(
                    svc.delete('flat%d-%d' % (count, run), sid))
            sid, t = svc.create('chain-%d' % run, chain(100))
            times['chain'].append(t)
            svc.delete('chain-%d' % run, sid)
            if svc.has_type('OS::Heat::ResourceGroup'):
                sid, t = svc.create('group-%d' % run, group(1000))
                times['group'].append(t)
                svc.delete('group-%d' % run, sid)
        sid, _ = svc.create('showme', flat(1000))
        times['show'] = [svc.show('showme', sid) for _ in range(20)]
        for run in range(args.runs):
            t = svc.update('showme', sid, flat(1000, value='b%d' % run))
            if t is not None:
                times['update'].append(t)
        for i in range(9):
            svc.create('hold-%d' % i, flat(1000))
        results = {
            'create flat 100': median(times['c100']),
            'create flat 1000': median(times['c1000']),
            'delete flat 1000': median(times['d1000']),
            'ratio create 1000/100': (median(times['c1000']) /
                                      median(times['c100'])),
            'create chain 100': median(times['chain']),
            'create group 1000': median(times['group']),
            'update flat 1000 (one property)': median(times['update']),
            'show flat 1000 with outputs': median(times['show']),
            'peak RSS MB, ten 1000-resource stacks': svc.rss_mb(),
        }
    finally:
        svc.stop()
    for name, value in results.items():
        target = TARGETS.get(name)
        shown = 'n/a (not available yet)' if value is None else (
            '%.3f' % value)
        verdict = ''
        if target is not None and value is not None:
            verdict = 'OK' if value <= target else 'OVER'
        print('%-40s %-24s target %-8s %s' % (
            name, shown, '-' if target is None else target, verdict))


if __name__ == '__main__':
    main()
