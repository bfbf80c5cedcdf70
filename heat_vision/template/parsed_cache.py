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

"""The documents parsed lately, by content hash: a text sent again (the
same template for many stacks, the one template of a thousand nested
stacks) is not parsed again.

Bounded by the number of documents and their total size. What it hands
out is a copy: the caller may change it.
"""

import collections
import hashlib
import threading

MAX_DOCUMENTS = 64
MAX_TOTAL_BYTES = 1024 * 1024
MAX_DOCUMENT_BYTES = 256 * 1024

_lock = threading.Lock()
_documents = collections.OrderedDict()  # key -> (data, size)
_total = 0


def key_of(raw, *limits):
    """:returns: the cache key of the text ``raw`` (bytes) parsed with
        ``limits`` (its loader, depth and node limits), or None if a text
        this large is not kept.
    """
    if len(raw) > MAX_DOCUMENT_BYTES:
        return None
    return (hashlib.sha256(raw).digest(), len(raw)) + limits


def get(key):
    """:returns: a copy of the data parsed for ``key``, or None."""
    if key is None:
        return None
    with _lock:
        found = _documents.get(key)
        if found is None:
            return None
        _documents.move_to_end(key)
    return copy(found[0])


def put(key, data, shared):
    """Keep a copy of ``data``, parsed for ``key``.

    :param shared: whether the document had aliases (its data may share
        parts, which a copy would not): then it is not kept.
    """
    global _total
    if key is None or shared or data is None:
        return
    data = copy(data)
    size = key[1]
    with _lock:
        if key in _documents:
            return
        _documents[key] = (data, size)
        _total += size
        while len(_documents) > MAX_DOCUMENTS or _total > MAX_TOTAL_BYTES:
            _key, (_data, dropped) = _documents.popitem(last=False)
            _total -= dropped


def clear():
    global _total
    with _lock:
        _documents.clear()
        _total = 0


def copy(data):
    """A copy of parsed data: its maps, lists, sets and tuples copied,
    anything else (text, numbers, bytes) immutable and shared.
    """
    kind = type(data)
    if kind is dict:
        return {key: copy(value) for key, value in data.items()}
    if kind is list:
        return [copy(value) for value in data]
    if kind is tuple:
        return tuple(copy(value) for value in data)
    if kind is set:
        return set(data)
    return data
