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

"""Time the translation of a generated 100-node TOSCA topology to HOT.

The topology is a realistic mix (target < 0.5 s for 100 nodes): per
group of five nodes, a Compute (flavor and image chosen from its
capabilities), a BlockStorage attached to it, a Port on a shared
Network, a WebServer and a WebApplication hosted on it (lifecycle
operations with inputs using get_input/get_property/get_attribute).
It prints the medians of:

* parser: tosca-parser alone (validation of the document);
* translate: the whole translation (tosca-parser + HOT generation);
* per node, and the share tosca-parser takes.

    python benchmarks/bench_translate.py [--nodes 100] [--repeat 7]
"""

import argparse
import statistics
import time

import yaml

from heat_vision import translators
from heat_vision.translators.tosca import sandbox
from heat_vision.translators.tosca import translator as tosca_translator

SCRIPT = 'scripts/deploy.sh'


def make_topology(nodes):
    """A TOSCA document with ``nodes`` node templates (plus a network)."""
    templates = {'net': {'type': 'tosca.nodes.network.Network',
                         'properties': {'network_name': 'private',
                                        'cidr': '10.0.0.0/16'}}}
    for i in range(nodes // 5):
        server, volume, port = 'server%d' % i, 'vol%d' % i, 'port%d' % i
        templates[server] = {
            'type': 'tosca.nodes.Compute',
            'capabilities': {
                'host': {'properties': {'num_cpus': 1 + i % 4,
                                        'mem_size': '%d MB' % (
                                            512 * (1 + i % 8)),
                                        'disk_size': '10 GB'}},
                'os': {'properties': {'distribution': 'ubuntu',
                                      'version': '22.04'}}},
            'requirements': [{'local_storage': {
                'node': volume, 'relationship': {
                    'type': 'tosca.relationships.AttachesTo',
                    'properties': {'location': '/dev/vdb'}}}}]}
        templates[volume] = {'type': 'tosca.nodes.BlockStorage',
                             'properties': {'size': '%d GB' % (1 + i)}}
        templates[port] = {'type': 'tosca.nodes.network.Port',
                           'requirements': [{'link': 'net'},
                                            {'binding': server}]}
        templates['web%d' % i] = {
            'type': 'tosca.nodes.WebServer',
            'requirements': [{'host': server}],
            'interfaces': {'Standard': {'create': SCRIPT}}}
        templates['app%d' % i] = {
            'type': 'tosca.nodes.WebApplication',
            'properties': {'context_root': '/app%d' % i},
            'requirements': [{'host': 'web%d' % i}],
            'interfaces': {'Standard': {'configure': {
                'implementation': SCRIPT,
                'inputs': {
                    'root': {'get_property': ['SELF', 'context_root']},
                    'site': {'get_input': 'site'},
                    'address': {'get_attribute': [
                        server, 'private_address']}}}}}}
    return yaml.safe_dump({
        'tosca_definitions_version': 'tosca_simple_yaml_1_3',
        'topology_template': {
            'inputs': {'site': {'type': 'string', 'default': 'demo'}},
            'node_templates': templates}})


def _median(fn, repeat):
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    parser.add_argument('--nodes', type=int, default=100)
    parser.add_argument('--repeat', type=int, default=7)
    args = parser.parse_args()
    text = make_topology(args.nodes)
    files = {SCRIPT: '#!/bin/sh\necho deploy\n'}
    translator = translators.load('tosca')
    result = translator.translate(text, files=files)   # warm up, check
    doc = yaml.safe_load(text)
    count = len(doc['topology_template']['node_templates'])

    def parse_only():
        with sandbox.Sandbox({'t.yaml': text}) as box:
            tosca_translator._parse(box.path('t.yaml'), doc, {})

    parse = _median(parse_only, args.repeat)
    total = _median(lambda: translator.translate(text, files=files),
                    args.repeat)
    print('nodes: %d (%d HOT resources), %d KB of YAML' % (
        count, len(result.template['resources']), len(text) // 1024))
    print('parser    median %.3f s' % parse)
    print('translate median %.3f s  (%.2f ms/node, tosca-parser %.0f%%)'
          % (total, 1000 * total / count, 100 * parse / total))
    print('target < 0.5 s for 100 nodes: %s' % (
        'met' if total < 0.5 else 'NOT met'))


if __name__ == '__main__':
    main()
