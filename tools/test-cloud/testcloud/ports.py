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

"""Ports for servers that bind them later, after the caller picks them.

The port the kernel gives for ``bind(0)`` comes from its ephemeral range
(``/proc/sys/net/ipv4/ip_local_port_range``). The kernel gives ports from
that same range to every outgoing connection on the machine. Between the
pick and the server's own bind, any client socket can take the port, and
the server fails with "Address already in use". This happens most often
on a busy machine.

A port below that range is never given to a client socket; only a server
that asks for it by number gets it. So a port is picked there, at random,
and kept once a test bind on it succeeds. Standard library only: the test
cloud, the tests and the benchmarks all load this file.
"""

import random
import socket

_RANGE_FILE = '/proc/sys/net/ipv4/ip_local_port_range'
_LINUX_DEFAULT_FIRST_EPHEMERAL = 32768
# Below this sit the well-known services (MariaDB 3306, RabbitMQ 5672,
# PostgreSQL 5432, Redis 6379, ...); a bind on a listening port fails
# anyway, but a stopped service must find its own port free again.
_LOWEST = 10000
_TRIES = 200

_random = random.SystemRandom()
# Ports this process handed out: a caller that picks several before it
# starts any server (the test cloud does) must not get one twice.
_given = set()


def first_ephemeral_port():
    try:
        with open(_RANGE_FILE) as f:
            return int(f.read().split()[0])
    except (OSError, ValueError, IndexError):
        return _LINUX_DEFAULT_FIRST_EPHEMERAL


def _binds(host, port):
    with socket.socket() as sock:
        try:
            sock.bind((host, port))
        except OSError:
            return False
    return True


def free_port(host='127.0.0.1'):
    """A port on ``host`` that binds now and no client socket will take.

    Never the same port twice in one process.

    Falls back to the kernel's choice (``bind(0)``) when the space below
    the ephemeral range is too small to pick from.
    """
    highest = first_ephemeral_port() - 1
    if highest - _LOWEST >= 1000:
        for _ in range(_TRIES):
            port = _random.randint(_LOWEST, highest)
            if port not in _given and _binds(host, port):
                _given.add(port)
                return port
    with socket.socket() as sock:
        sock.bind((host, 0))
        return sock.getsockname()[1]
