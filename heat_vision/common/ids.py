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

"""Version-4 UUIDs from the kernel's random source, read in blocks.

``uuid.uuid4`` reads 16 bytes of ``os.urandom`` per id: a system call
that lets go of the GIL, so that a thread making a thousand nested
stacks (an id for each child and each of its resources) gave way to the
engine's other threads two thousand times and waited to get it back.
These ids come from the same source, unpredictable alike (stack ids
and resource uuids are not guessable, as Heat's ``uuidutils`` ones are
not), read 4 KiB at a time.
"""

import os
import threading
import uuid

_BLOCK = 256            # ids per read of the random source
_LOCK = threading.Lock()
_STATE = {'bytes': b'', 'used': 0}


def _reset():
    """A forked child reads its own bytes: never the parent's ids."""
    global _LOCK
    _LOCK = threading.Lock()
    _STATE.update(bytes=b'', used=0)


os.register_at_fork(after_in_child=_reset)


def generate_uuid():
    """:returns: a new random UUID (version 4), as its string."""
    with _LOCK:
        used = _STATE['used']
        if used >= len(_STATE['bytes']):
            _STATE['bytes'] = os.urandom(16 * _BLOCK)
            used = 0
        raw = _STATE['bytes'][used:used + 16]
        _STATE['used'] = used + 16
    return str(uuid.UUID(bytes=raw, version=4))
