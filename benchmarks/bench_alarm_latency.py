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

"""Alarm latency: a transition on the queue -> the scaling starts.

    python benchmarks/bench_alarm_latency.py [--transitions 50]
        [--rabbit URL] [--skip-rabbit]

An engine runs in this process (sqlite in a temporary directory) with a
stack of an AutoScalingGroup and two ScalingPolicies (+1 and -1). Each
round publishes one alarm transition exactly as aodh-evaluator does
(``alarm.update``, priority ``sample``, on Aodh's exchange and the
``alarming`` topic, the policy's ``alarm_url`` in its actions) and times
until the group's ``apply_adjustments`` (its resize) is entered: the
listener, the signed-URL check, the routing and the signal path.
Rounds alternate the two policies, so the group stays at 1-2 members.
The next round starts once the resize is done.

Run once over the embedded ``inproc://`` transport (target: median
< 100 ms) and once over RabbitMQ on this machine (target < 300 ms).
Prints median, p90 and max per transport; exits 1 if a target is missed.
"""

import argparse
import os
import shutil
import statistics
import sys
import tempfile
import threading
import time

from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import uuidutils

from heat_vision.common import context
from heat_vision import conf as hv_conf
from heat_vision.db import api as db_api
from heat_vision.db import migration
from heat_vision.engine import server as engine_server
from heat_vision.resources.heat import autoscaling_group
from heat_vision.rpc import engine_client
from heat_vision.rpc import transport

CONF = cfg.CONF
TARGETS_MS = {'inproc': 100.0, 'rabbit': 300.0}
TEMPLATE = {
    'heat_template_version': '2021-04-16',
    'resources': {
        'group': {'type': 'OS::Heat::AutoScalingGroup', 'properties': {
            'min_size': 1, 'max_size': 2, 'desired_capacity': 1,
            'resource': {'type': 'OS::Heat::None'}}},
        'up': {'type': 'OS::Heat::ScalingPolicy', 'properties': {
            'auto_scaling_group_id': {'get_resource': 'group'},
            'adjustment_type': 'change_in_capacity',
            'scaling_adjustment': 1}},
        'down': {'type': 'OS::Heat::ScalingPolicy', 'properties': {
            'auto_scaling_group_id': {'get_resource': 'group'},
            'adjustment_type': 'change_in_capacity',
            'scaling_adjustment': -1}},
    },
    'outputs': {
        'up': {'value': {'get_attr': ['up', 'alarm_url']}},
        'down': {'value': {'get_attr': ['down', 'alarm_url']}},
    },
}


class AdjustProbe:
    """Records when ``AutoScalingGroup.apply_adjustments`` is entered and
    left.
    """

    def __init__(self):
        self.entered = threading.Event()
        self.left = threading.Event()
        self.entered_at = None
        self._real = autoscaling_group.AutoScalingGroup.apply_adjustments
        probe = self

        def apply_adjustments(group, *args, **kwargs):
            probe.entered_at = time.perf_counter()
            probe.entered.set()
            try:
                return probe._real(group, *args, **kwargs)
            finally:
                probe.left.set()

        autoscaling_group.AutoScalingGroup.apply_adjustments = \
            apply_adjustments

    def reset(self):
        self.entered.clear()
        self.left.clear()

    def restore(self):
        autoscaling_group.AutoScalingGroup.apply_adjustments = self._real


def configure(url, state_dir):
    unique = uuidutils.generate_uuid(dashed=False)[:12]
    CONF.set_override('transport_url', url)
    CONF.set_override('control_exchange', 'bench-' + unique)
    CONF.set_override('engine_topic', 'bench-engine-' + unique, 'rpc')
    CONF.set_override('topic', 'bench-tasks-' + unique, 'tasks')
    CONF.set_override('driver', ['noop'], 'oslo_messaging_notifications')
    CONF.set_override('public_endpoint', 'http://bench.example:8004', 'api')
    CONF.set_override('aodh_exchange', 'bench-aodh-' + unique, 'monitoring')
    CONF.set_override('topic', 'bench-alarming-' + unique, 'monitoring')
    CONF.set_override('listener_pool', 'bench-monitoring-' + unique,
                      'monitoring')
    CONF.set_override('connection', 'sqlite:///%s/bench-%s.sqlite' % (
        state_dir, unique), 'database')
    db_api.reset()
    migration.db_sync()
    transport.reset()


def aodh_notifier(url):
    """A notifier on Aodh's exchange, as aodh-evaluator's."""
    own = CONF.control_exchange
    CONF.set_override('control_exchange', CONF.monitoring.aodh_exchange)
    notifier_transport = messaging.get_notification_transport(CONF, url=url)
    CONF.set_override('control_exchange', own)
    return notifier_transport, messaging.Notifier(
        notifier_transport, publisher_id='alarming.evaluator',
        driver='messagingv2', topics=['alarming'])


def create_stack(ctxt):
    client = engine_client.EngineClient()
    identity = client.create_stack(ctxt, 'bench', TEMPLATE)
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        stack = client.show_stack(ctxt, identity, resolve_outputs=True)[0]
        if not stack['stack_status'].endswith('IN_PROGRESS'):
            break
        time.sleep(0.05)
    assert stack['stack_status'] == 'CREATE_COMPLETE', stack
    return {o['output_key']: o['output_value'] for o in stack['outputs']}


def measure(url, rounds, state_dir):
    configure(url, state_dir)
    engine = engine_server.EngineServer()
    engine.start()
    probe = AdjustProbe()
    notifier_transport, notifier = aodh_notifier(url)
    try:
        urls = create_stack(context.RequestContext(project_id='bench',
                                                   user_id='bench'))
        samples = []
        for n in range(rounds + 5):
            probe.reset()
            policy = 'up' if n % 2 == 0 else 'down'
            start = time.perf_counter()
            notifier.sample({}, 'alarm.update', {
                'actions': [urls[policy]], 'alarm_id': 'bench-%d' % n,
                'alarm_name': 'bench', 'severity': 'low',
                'previous': 'ok', 'current': 'alarm', 'reason': 'bench',
                'reason_data': {}})
            if not probe.entered.wait(60) or not probe.left.wait(60):
                raise RuntimeError('round %d: the group was not adjusted'
                                   % n)
            if n >= 5:          # the first rounds warm up
                samples.append(probe.entered_at - start)
        return samples
    finally:
        probe.restore()
        notifier_transport.cleanup()
        engine.stop()
        transport.reset()
        db_api.reset()


def report(name, samples):
    samples = sorted(samples)
    median = statistics.median(samples) * 1000
    print('%-8s rounds=%-4d median=%8.2f ms  p90=%8.2f ms  max=%8.2f ms  '
          '(target < %d ms)' % (
              name, len(samples), median,
              samples[int(len(samples) * 0.9) - 1] * 1000,
              samples[-1] * 1000, TARGETS_MS[name]))
    return median <= TARGETS_MS[name]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--transitions', type=int, default=50)
    parser.add_argument('--rabbit',
                        default='rabbit://guest:guest@127.0.0.1:5672/')
    parser.add_argument('--skip-rabbit', action='store_true')
    args = parser.parse_args()
    hv_conf.register_all(CONF)
    CONF([], project='heat-vision', default_config_files=[],
         default_config_dirs=[])
    state_dir = tempfile.mkdtemp(prefix='hv-bench-alarm-')
    try:
        ok = report('inproc', measure('inproc://', args.transitions,
                                      state_dir))
        if not args.skip_rabbit:
            ok = report('rabbit', measure(args.rabbit, args.transitions,
                                          state_dir)) and ok
    finally:
        shutil.rmtree(state_dir, ignore_errors=True)
    return 0 if ok else 1


if __name__ == '__main__':
    os.environ.setdefault('OS_LOG_LEVEL', 'WARNING')
    sys.exit(main())
