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

"""The original document of a stack made through the relay.

The relay keeps it among the stack's own files, under ``PREFIX``
(``heat_vision.relay.original`` writes and reads it). The engine knows
only the rule of a full (PUT) update, which replaces a stack's files:
the original is kept while it still describes the stack.
"""

PREFIX = 'relay-original/'


def is_original(name):
    return name.startswith(PREFIX)


def update_files(old_files, old_template, new_template, new_files):
    """The files a full update leaves the stack with.

    The original is carried over when the update keeps the template (it
    changes parameters, the environment or the other files: the stack
    is still the translation of that document) and the update does not
    bring an original of its own. When the update replaces the template
    with another, the stack is no longer made from that document and its
    original goes with the old files.

    :returns: ``new_files``, or a copy with the old original added.
    """
    if any(is_original(name) for name in new_files):
        return new_files
    if new_template != old_template:
        return new_files
    kept = {name: value for name, value in (old_files or {}).items()
            if is_original(name)}
    return dict(new_files, **kept) if kept else new_files
