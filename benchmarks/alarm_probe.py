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

"""heat-vision-engine with timestamps at each hop of an alarm transition.

    python -m benchmarks.alarm_probe PROBE_FILE -- [engine arguments]

For ``bench_alarm_aodh.py`` only: runs the engine as its console script
does, with the hops below wrapped so that each entry appends
``<wall clock> <hop> <detail>`` to ``PROBE_FILE.<pid>``. ``sent`` is the
time Aodh's notifier stamped on the notification (its envelope's
``timestamp``, UTC), written when the listener gets it.
"""

import datetime
import functools
import importlib
import os
import sys
import threading
import time

_LOCK = threading.Lock()
_OUT = []

#: (module, attribute path, hop name)
HOPS = (
    ('heat_vision.engine.alarms.listener', 'AlarmEndpoint.sample',
     'received'),
    ('heat_vision.engine.alarms.routing', 'Router.route', 'routed'),
    ('heat_vision.engine.signals.delivery', 'deliver', 'deliver'),
    ('heat_vision.engine.signals.scaling', 'deliver', 'claim'),
    ('heat_vision.engine.signals.scaling', '_apply_taken', 'drain'),
    ('heat_vision.resources.heat.autoscaling_group',
     'AutoScalingGroup.apply_adjustments', 'apply'),
)


def record(hop, detail='-'):
    line = '%.6f %s %s %s\n' % (
        time.time(), hop, detail, threading.get_ident())
    with _LOCK:
        _OUT[0].write(line)
        _OUT[0].flush()


def _sent_at(metadata):
    stamp = (metadata or {}).get('timestamp')
    try:
        when = datetime.datetime.strptime(stamp, '%Y-%m-%d %H:%M:%S.%f')
    except (TypeError, ValueError):
        return None
    return when.replace(tzinfo=datetime.timezone.utc).timestamp()


def _wrap(owner, name, hop):
    real = getattr(owner, name)

    @functools.wraps(real)
    def probed(*args, **kwargs):
        if hop == 'received':
            sent = _sent_at(args[-1])
            if sent is not None:
                record('sent', '%.6f' % sent)
        record(hop, kwargs.get('via', '-'))
        try:
            return real(*args, **kwargs)
        finally:
            record(hop + '-end')

    setattr(owner, name, probed)


def install(path):
    _OUT.append(open('%s.%d' % (path, os.getpid()), 'a'))
    for module_name, attribute, hop in HOPS:
        owner = importlib.import_module(module_name)
        parts = attribute.split('.')
        for part in parts[:-1]:
            owner = getattr(owner, part)
        _wrap(owner, parts[-1], hop)


def main():
    path = sys.argv[1]
    rest = sys.argv[sys.argv.index('--') + 1:]
    sys.argv = ['heat-vision-engine'] + rest
    install(path)
    from heat_vision.cmd import engine
    engine.main()


if __name__ == '__main__':
    main()
