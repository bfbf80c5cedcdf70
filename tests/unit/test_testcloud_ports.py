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

"""The ports the tests' servers bind after the tests pick them.

A port from ``bind(0)`` is in the kernel's ephemeral range, which every
outgoing connection on the machine draws from too; on a busy machine a
client took one between the pick and the server's bind.
"""

import os
import socket
import tempfile

import fixtures

from tests import base
from tests import testcloud_files

ports = testcloud_files.load('ports')


class FreePortTest(base.TestCase):

    def _range_file(self, text):
        path = os.path.join(self.useFixture(fixtures.TempDir()).path,
                            'range')
        with open(path, 'w') as f:
            f.write(text)
        self.patch(ports, '_RANGE_FILE', path)

    def test_below_the_ephemeral_range_distinct_and_bindable(self):
        first_ephemeral = ports.first_ephemeral_port()
        picked = [ports.free_port() for _ in range(50)]
        self.assertEqual(50, len(set(picked)))
        for port in picked:
            self.assertGreaterEqual(port, ports._LOWEST)
            self.assertLess(port, first_ephemeral)
            with socket.socket() as sock:
                sock.bind(('127.0.0.1', port))

    def test_a_port_in_use_is_passed_over(self):
        real_randint = ports._random.randint
        drawn = []

        def randint(low, high):
            # The busy port twice, then random ones as usual.
            port = busy if len(drawn) < 2 else real_randint(low, high)
            drawn.append(port)
            return port

        with socket.socket() as held:
            held.bind(('127.0.0.1', ports.free_port()))
            held.listen()
            busy = held.getsockname()[1]
            ports._given.discard(busy)
            self.patch(ports._random, 'randint', randint)
            chosen = ports.free_port()
        self.assertEqual([busy, busy], drawn[:2])
        self.assertNotEqual(busy, chosen)
        self.assertEqual(chosen, drawn[-1])

    def test_the_range_is_read_from_the_kernel(self):
        self._range_file('20000\t60999\n')
        self.assertEqual(20000, ports.first_ephemeral_port())
        self.assertLess(ports.free_port(), 20000)

    def test_no_room_below_the_range_leaves_the_choice_to_the_kernel(self):
        self._range_file('10500 60999\n')
        drawn = []
        self.patch(ports._random, 'randint',
                   lambda a, b: drawn.append((a, b)) or a)
        port = ports.free_port()
        self.assertEqual([], drawn)
        self.assertGreater(port, 0)

    def test_an_unreadable_range_means_linux_default(self):
        self.patch(ports, '_RANGE_FILE', tempfile.gettempdir() + '/absent/x')
        self.assertEqual(32768, ports.first_ephemeral_port())
