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

It is kept in the stack's own ``files`` (so it lives and dies with the
stack, and the native API shows it like any other file) under
``relay-original/<format>/<name>``, base64 with a ``.base64`` suffix
when it is an archive, and the stack is tagged ``relay:<format>``.
"""

import base64
import binascii

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import originals

PREFIX = originals.PREFIX
BINARY_SUFFIX = '.base64'
TAG_PREFIX = 'relay:'
MEDIA_TYPES = {'.csar': 'application/zip', '.zip': 'application/zip',
               '.json': 'application/json'}
TEXT_MEDIA_TYPE = 'application/yaml'


def attach(body, fmt, document, filename):
    """Add ``document`` and the format tag to a native create body.

    :param document: str (a text document) or bytes (an archive).
    """
    name = '%s%s/%s' % (PREFIX, fmt, _plain_name(filename, fmt))
    if isinstance(document, bytes):
        name += BINARY_SUFFIX
        document = base64.b64encode(document).decode('ascii')
    body.setdefault('files', {})[name] = document
    tags = body.get('tags') or []
    if isinstance(tags, str):
        tags = [t for t in tags.split(',') if t]
    tags = [tag for tag in tags if tag != TAG_PREFIX + fmt]
    body['tags'] = tags + [TAG_PREFIX + fmt]
    return body


def find(files):
    """:returns: (format, file name, bytes, media type) of the original.

    :raises: NotFound if the stack was not made through the relay.
    """
    for key, value in sorted((files or {}).items()):
        if not key.startswith(PREFIX) or key.count('/') != 2 or not value:
            # An empty one was blanked by an update from elsewhere.
            continue
        _prefix, fmt, name = key.split('/')
        if name.endswith(BINARY_SUFFIX):
            name = name[:-len(BINARY_SUFFIX)]
            try:
                data = base64.b64decode(value, validate=True)
            except (binascii.Error, ValueError):
                continue
        else:
            data = value.encode('utf-8')
        suffix = name[name.rfind('.'):] if '.' in name else ''
        return fmt, name, data, MEDIA_TYPES.get(suffix, TEXT_MEDIA_TYPE)
    raise exception.NotFound(
        reason=_('This stack has no original document: it was not made '
                 'through the relay, or a native update replaced its '
                 'template.'))


def _plain_name(filename, fmt):
    """A file name without directories or odd characters."""
    base = (filename or '').replace('\\', '/').rsplit('/', 1)[-1]
    base = ''.join(c for c in base if c.isalnum() or c in '._-')[:100]
    return base.lstrip('.') or '%s.yaml' % fmt
