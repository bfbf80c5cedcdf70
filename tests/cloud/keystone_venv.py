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

"""The virtualenv the test Keystone runs from: the test cloud's.

Keystone is a server the tests talk to, never a dependency of
heat-vision. The tests' Keystones run from the test cloud's Keystone
virtualenv (``tools/test-cloud``: Keystone, uWSGI and PyMySQL of
OpenStack 2025.1, held to that release's upper-constraints), built once
under ``~/.cache/heat-vision`` by ``test-cloud build``; ``HV_KEYSTONE_VENV``
names another, ready one.

NOTE(heat-vision): not a venv of PyPI's newest releases: one morning
those gave pysaml2's ``pyopenssl<24.3`` resolved to pyOpenSSL 22.0.0
beside cryptography 51, and ``keystone-manage`` failed at import.
"""

import json
import os
import subprocess
import sys
import tempfile
import threading

from tests import file_lock

REPO = os.path.dirname(os.path.dirname(os.path.dirname(
    os.path.abspath(__file__))))
SCRIPT = os.path.join(REPO, 'tools', 'test-cloud', 'test-cloud')
_FOUND = []
_FOUND_LOCK = threading.Lock()


def binary(name, venv):
    return os.path.join(venv, 'bin', name)


def lock(venv):
    """Held while something is added to ``venv`` (the test cloud's
    build holds the same file).
    """
    os.makedirs(os.path.dirname(venv), exist_ok=True)
    return file_lock.held(venv + '.lock')


def ensure(timeout=1800):
    """:returns: the venv's path: the test cloud's Keystone venv, which
        ``test-cloud build`` makes first if it is missing (once, under
        its lock; it says where the venv is), or ``HV_KEYSTONE_VENV``.

    :raises: RuntimeError with the build's output when it fails.
    """
    if os.environ.get('HV_KEYSTONE_VENV'):
        return os.environ['HV_KEYSTONE_VENV']
    with _FOUND_LOCK:
        if not _FOUND:
            _FOUND.append(_build(timeout))
        return _FOUND[0]


def _build(timeout):
    with tempfile.TemporaryDirectory(prefix='hv-keystone-build-') as state:
        result = subprocess.run(
            [sys.executable, SCRIPT, 'build', '--state-dir', state,
             '--services', 'keystone'],
            capture_output=True, text=True, timeout=timeout)
    if result.returncode:
        raise RuntimeError('test-cloud build --services keystone failed '
                           '(%s):\n%s' % (result.returncode,
                                          result.stderr[-20000:]))
    return json.loads(result.stdout)['built'][0]


def command(script, venv):
    """:returns: argv that runs the venv's console ``script``."""
    return [binary('python', venv), binary(script, venv)]
