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

"""The literal blocks of a reStructuredText page, for the doc tests."""

import re

BLOCK_START = re.compile(r'^(\s*)(?:\.\. code-block::\s*(\S+)|.*::)\s*$')


def literal_blocks(text):
    """``(language, first line number, lines)`` of each literal block.

    A block follows a ``.. code-block:: <language>`` directive, or a
    paragraph ending in ``::`` (language None); its lines are given
    without the block's indentation.
    """
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        match = BLOCK_START.match(lines[index])
        index += 1
        if not match:
            continue
        indent = len(match.group(1))
        start = index
        while index < len(lines) and (
                not lines[index].strip() or
                len(lines[index]) - len(lines[index].lstrip()) > indent):
            index += 1
        block = lines[start:index]
        margin = min((len(line) - len(line.lstrip())
                      for line in block if line.strip()), default=0)
        yield match.group(2), start + 1, [line[margin:] for line in block]
