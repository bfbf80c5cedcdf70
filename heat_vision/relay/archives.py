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

"""Bounded reading of the zip archives callers send (CSAR, CAMP PDP).

The central directory is checked before anything is expanded: at most
``[relay] max_archive_members`` members, their declared sizes adding up
to at most ``max_archive_expanded_size``, no absolute or ``..`` names;
each member is then read no further than its declared size allows, so
a member that lies about its size cannot expand past the budget.
"""

import io
import zipfile

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _

CONF = cfg.CONF
ZIP_MAGIC = b'PK\x03\x04'


def is_zip(data):
    return isinstance(data, bytes) and data.startswith(ZIP_MAGIC)


def open_checked(data, what):
    """:returns: a ``zipfile.ZipFile`` of ``data`` within the limits.

    :raises: Invalid (400) or RequestTooLarge (413) naming ``what``.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        members = archive.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError) as exc:
        raise exception.Invalid(reason=_('%(what)s: not a valid zip '
                                         'archive (%(error)s)') %
                                {'what': what, 'error': exc})
    if len(members) > CONF.relay.max_archive_members:
        raise exception.Invalid(
            reason=_('%(what)s: %(count)d files, more than the %(max)d '
                     'allowed') % {'what': what, 'count': len(members),
                                   'max': CONF.relay.max_archive_members})
    limit = CONF.relay.max_archive_expanded_size
    if sum(m.file_size for m in members) > limit:
        raise exception.RequestTooLarge(limit=limit)
    for member in members:
        name = member.filename
        if name.startswith('/') or '..' in name.split('/'):
            raise exception.Invalid(
                reason=_('%(what)s: the member name "%(name)s" leaves the '
                         'archive') % {'what': what, 'name': name[:200]})
    return archive


def read_member(archive, name, what):
    """:returns: the bytes of ``name``, read within its declared size."""
    try:
        info = archive.getinfo(name)
    except KeyError:
        raise exception.Invalid(reason=_('%(what)s: no file "%(name)s" in '
                                         'the archive') %
                                {'what': what, 'name': name[:200]})
    try:
        with archive.open(info) as member:
            data = member.read(info.file_size + 1)
    except (zipfile.BadZipFile, RuntimeError, OSError, EOFError) as exc:
        raise exception.Invalid(reason=_('%(what)s: "%(name)s" cannot be '
                                         'read (%(error)s)') %
                                {'what': what, 'name': name[:200],
                                 'error': exc})
    if len(data) > info.file_size:
        raise exception.Invalid(reason=_('%(what)s: "%(name)s" is larger '
                                         'than the archive says') %
                                {'what': what, 'name': name[:200]})
    return data


def text_members(archive, what):
    """:returns: {name: text} of every UTF-8 member (directories left)."""
    texts = {}
    for info in archive.infolist():
        if info.is_dir():
            continue
        data = read_member(archive, info.filename, what)
        try:
            texts[info.filename] = data.decode('utf-8')
        except UnicodeDecodeError:
            continue
    return texts
