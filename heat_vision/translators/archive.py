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

"""Bounded reading of zip archives (TOSCA CSAR, CAMP PDP).

An archive is read in memory: its size, its number of entries and the
total size its entries expand to are capped, and any entry whose name
is absolute, climbs out (``..``), or is a link is refused.
"""

import io
import posixpath
import stat
import zipfile

from oslo_config import cfg

from heat_vision.common.i18n import _
from heat_vision.translators import base

CONF = cfg.CONF
ZIP_MAGIC = b'PK\x03\x04'


def is_zip(document):
    return isinstance(document, (bytes, bytearray)) and \
        bytes(document[:4]) == ZIP_MAGIC


def _check_name(name):
    if (name.startswith('/') or '\\' in name or '\x00' in name or
            (len(name) > 1 and name[1] == ':')):
        raise base.fail(name, _('absolute or malformed entry name in '
                                'the archive.'))
    norm = posixpath.normpath(name)
    if norm == '..' or norm.startswith('../'):
        raise base.fail(name, _('entry name leaves the archive.'))
    return norm


def read(data, what='archive'):
    """:returns: ``{normalised name: bytes}`` of the archive's files.

    :raises: exception.TranslationError.
    """
    opts = CONF.translators
    if len(data) > opts.max_archive_size:
        raise base.fail('', _('the %(what)s is larger than %(max)d '
                              'bytes.') % {'what': what,
                                           'max': opts.max_archive_size})
    try:
        archive = zipfile.ZipFile(io.BytesIO(bytes(data)))
        infos = archive.infolist()
    except (zipfile.BadZipFile, ValueError, EOFError) as exc:
        raise base.fail('', _('not a valid zip %(what)s: %(err)s')
                        % {'what': what, 'err': exc})
    if len(infos) > opts.max_archive_entries:
        raise base.fail('', _('the %(what)s has more than %(max)d '
                              'entries.') % {'what': what,
                                             'max': opts.max_archive_entries})
    budget = opts.max_archive_uncompressed_size
    out = {}
    for info in infos:
        name = _check_name(info.filename)
        if stat.S_ISLNK(info.external_attr >> 16):
            raise base.fail(info.filename, _('links are not allowed in '
                                             'the archive.'))
        if info.is_dir():
            continue
        budget -= info.file_size
        if budget < 0:
            raise base.fail('', _('the %(what)s expands to more than '
                                  '%(max)d bytes.')
                            % {'what': what, 'max':
                               opts.max_archive_uncompressed_size})
        try:
            with archive.open(info) as handle:
                # Never trust the declared size: read one byte past it.
                content = handle.read(info.file_size + 1)
        except (zipfile.BadZipFile, NotImplementedError, RuntimeError,
                OSError, EOFError) as exc:
            raise base.fail(info.filename, _('cannot read the entry: %s')
                            % exc)
        if len(content) > info.file_size:
            raise base.fail(info.filename, _('entry larger than its '
                                             'declared size.'))
        out[name] = content
    return out
