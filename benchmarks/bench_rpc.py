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

"""RPC round trip through heat-vision's transports: median per call.

    python benchmarks/bench_rpc.py [--calls 2000] [--rabbit URL]

Measures an oslo.messaging ``call`` with a small payload and a context
through the embedded ``inproc://`` transport, through RabbitMQ on this
machine, and through oslo.messaging's ``fake://`` for comparison (which
polls every 50 ms, hence fewer calls). Prints the median, p90 and mean.
"""

import argparse
import statistics
import time

from oslo_config import cfg
import oslo_messaging as messaging
from oslo_utils import uuidutils

from heat_vision.common import context
from heat_vision import conf as hv_conf
from heat_vision.rpc import transport

CONF = cfg.CONF


class Endpoint:
    target = messaging.Target(version='1.0')

    def echo(self, ctxt, value):
        return value


def measure(url, calls):
    CONF.set_override('transport_url', url)
    transport.reset()
    topic = 'bench-' + uuidutils.generate_uuid()
    server = transport.get_rpc_server(
        messaging.Target(topic=topic, server='bench'), [Endpoint()])
    server.start()
    client = transport.get_rpc_client(
        messaging.Target(topic=topic, version='1.0'))
    ctxt = context.RequestContext(project_id='demo', user_id='bench')
    payload = {'stack_name': 'bench', 'stack_id': uuidutils.generate_uuid()}
    for _ in range(min(50, calls)):
        client.call(ctxt, 'echo', value=payload)
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        client.call(ctxt, 'echo', value=payload)
        samples.append(time.perf_counter() - start)
    server.stop()
    server.wait()
    transport.reset()
    return samples


def report(name, samples):
    samples = sorted(samples)
    p90 = samples[int(len(samples) * 0.9) - 1]
    print('%-10s calls=%-5d median=%8.3f ms  p90=%8.3f ms  mean=%8.3f ms'
          % (name, len(samples), statistics.median(samples) * 1000,
             p90 * 1000, statistics.mean(samples) * 1000))
    return statistics.median(samples)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('--calls', type=int, default=2000)
    parser.add_argument('--rabbit',
                        default='rabbit://guest:guest@127.0.0.1:5672/')
    parser.add_argument('--skip-rabbit', action='store_true')
    args = parser.parse_args()
    hv_conf.register_all(CONF)
    CONF([], project='heat-vision')
    inproc = report('inproc://', measure('inproc://', args.calls))
    if not args.skip_rabbit:
        rabbit = report('rabbit://', measure(args.rabbit, args.calls))
        print('rabbit/inproc median ratio: %.1f' % (rabbit / inproc))
    fake = report('fake://', measure('fake://', max(20, args.calls // 50)))
    print('fake/inproc median ratio: %.1f' % (fake / inproc))


if __name__ == '__main__':
    main()
