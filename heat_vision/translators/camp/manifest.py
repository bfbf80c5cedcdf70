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

"""A PDP's integrity manifest (``camp.mf``): SHA-256 digests of the
package's files, one a line in OVF's manifest form,
``SHA256(<file>)= <hex digest>``. CAMP makes it optional; when present,
every file it names must be in the package with that digest.
"""

import hashlib
import re

from heat_vision.common.i18n import _
from heat_vision.translators import base

MANIFEST = 'camp.mf'
_LINE = re.compile(r'^SHA256\((?P<name>[^)]+)\)\s*=\s*'
                   r'(?P<digest>[0-9a-fA-F]{64})$')


def check(files):
    """Check the digests ``camp.mf`` lists, if the package has one.

    :param files: ``{name: bytes or str}`` of the package.
    :raises: TranslationError naming the manifest line.
    """
    text = files.get(MANIFEST)
    if text is None:
        return
    text = base.as_text(text, MANIFEST)
    for number, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        where = '%s:%d' % (MANIFEST, number)
        match = _LINE.match(line.strip())
        if not match:
            raise base.fail(where, _(
                'a manifest line reads SHA256(<file>)= <digest>.'))
        name = match.group('name')
        content = files.get(name)
        if content is None:
            raise base.fail(where, _('"%s" is not in the package.') % name)
        if isinstance(content, str):
            content = content.encode('utf-8')
        if hashlib.sha256(content).hexdigest() != \
                match.group('digest').lower():
            raise base.fail(where, _('the digest of "%s" does not match.')
                            % name)
