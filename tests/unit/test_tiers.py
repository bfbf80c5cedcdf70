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

"""The unit tier stays free of services, processes and network.

A unit test module (or a helper of the tier) that starts an embedded
service, a task service, an RPC server or listener, an HTTP server, a
process or a database server, or that imports a helper of another tier,
belongs in tests/component or tests/functional
(doc/source/contributor/testing.rst).
"""

import os
import re

from tests import base

UNIT = os.path.dirname(os.path.abspath(__file__))
TESTS = os.path.dirname(UNIT)

#: What a unit test may not use, and why.
FORBIDDEN = [
    (re.compile(r'\b(EmbeddedService|HeldHandleCreates)\b'),
     'an embedded service'),
    (re.compile(r'\b(TaskServer|EngineServer)\(|\bstart_service\('),
     'an in-process service'),
    (re.compile(r'\bget_rpc_server\b|\bget_notification_listener\b'),
     'an RPC server or notification listener'),
    (re.compile(r'\bhttp\.server\b|\bsocketserver\b|\bserve_forever\b|'
                r'\bwsgiref\b|\bcep_servers\b|\bfile_server\b'),
     'a network server'),
    (re.compile(r'\bPopen\(|\bsubprocess\.(run|call|check_call|'
                r'check_output)\('), 'a process'),
    (re.compile(r'\bbackends\b.*\b(require|TemporaryDatabase)\b|'
                r'from tests import backends'),
     'a database server'),
    (re.compile(r'^\s*(from|import) tests\.(component|functional|cloud)\b'),
     'a helper of another tier'),
]


def violations(path):
    """:returns: ``[(line number, why)]`` of the tier rules ``path``'s
        source breaks.
    """
    found = []
    with open(path, encoding='utf-8') as source:
        for number, line in enumerate(source, start=1):
            code = line.split('#', 1)[0]
            for pattern, why in FORBIDDEN:
                if pattern.search(code):
                    found.append((number, why))
    return found


class UnitTierTest(base.TestCase):

    def test_unit_tests_use_no_service_process_or_network(self):
        here = os.path.abspath(__file__)
        broken = []
        for folder, _dirs, files in os.walk(UNIT):
            for name in sorted(files):
                path = os.path.join(folder, name)
                if not name.endswith('.py') or path == here:
                    continue
                broken += ['%s:%d: %s' % (os.path.relpath(path, TESTS),
                                          number, why)
                           for number, why in violations(path)]
        self.assertEqual([], broken, 'move these tests out of tests/unit '
                         '(doc/source/contributor/testing.rst)')

    def test_the_rules_catch_what_the_other_tiers_do(self):
        component = os.path.join(TESTS, 'component')
        self.assertIn('an embedded service', {why for _n, why in violations(
            os.path.join(component, 'api', 'test_stacks.py'))})
        self.assertIn('a network server', {why for _n, why in violations(
            os.path.join(component, 'cli', 'fakes.py'))})
        self.assertIn('a database server', {why for _n, why in violations(
            os.path.join(TESTS, 'functional', 'db',
                         'test_scaling_signals_mariadb.py'))})
