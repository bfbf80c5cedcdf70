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

"""Reads what a relay route is sent: a document and its form fields.

Two ways to send a document: ``multipart/form-data`` with the document
in the ``template`` field (a file upload) and the other fields beside
it, or the document as the whole body with the fields in the query
string. A zip body (CSAR, PDP) is kept as bytes after its bounds are
checked; anything else must be UTF-8 text.
"""

from oslo_config import cfg
from oslo_serialization import jsonutils
import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay import archives

CONF = cfg.CONF
DOCUMENT_FIELD = 'template'


class Document:
    """``content`` (str or bytes), its ``filename`` and the ``fields``."""

    def __init__(self, content, filename, fields):
        self.content = content
        self.filename = filename
        self.fields = fields

    @property
    def is_archive(self):
        return isinstance(self.content, bytes)

    def field(self, name, required=False):
        value = self.fields.get(name)
        if value is None and required:
            raise exception.InvalidParameter(
                reason=_('%s: this field is required') % name)
        return value

    def json_object(self, name):
        """A field holding a JSON object (``parameters``), or {}."""
        text = self.fields.get(name)
        if not text:
            return {}
        try:
            value = jsonutils.loads(text)
        except ValueError as exc:
            raise exception.InvalidParameter(
                reason=_('%(name)s: not valid JSON (%(error)s)') %
                {'name': name, 'error': exc})
        if not isinstance(value, dict):
            raise exception.InvalidParameter(
                reason=_('%s: must be a JSON object') % name)
        return value


def read(what):
    """:returns: the request's ``Document``.

    :raises: InvalidParameter naming the missing or malformed part.
    """
    request = pecan.request
    if request.content_type == 'multipart/form-data':
        form = request.POST
        upload = form.get(DOCUMENT_FIELD)
        fields = {key: _field(key, value) for key, value in form.items()
                  if key != DOCUMENT_FIELD}
        if upload is None:
            raise exception.InvalidParameter(
                reason=_('%s: this field is required') % DOCUMENT_FIELD)
        if hasattr(upload, 'file'):
            raw, filename = upload.file.read(), upload.filename
        else:
            raw, filename = upload.encode('utf-8'), None
    else:
        raw = request.body
        filename = request.params.get('filename')
        fields = {key: _field(key, value)
                  for key, value in request.GET.items()}
    if not raw:
        raise exception.InvalidParameter(
            reason=_('%s: the document is empty') % DOCUMENT_FIELD)
    return Document(_content(raw, what), filename, fields)


def _field(name, value):
    """A text field, bounded as the document is (``[relay]
    max_document_size``): ``files`` may carry a large type file.
    """
    if not isinstance(value, str):
        raise exception.InvalidParameter(
            reason=_('%s: must be a text field, not a file') % name)
    limit = CONF.relay.max_document_size
    if len(value.encode('utf-8')) > limit:
        raise exception.InvalidParameter(
            reason=_('%(name)s: longer than %(max)d bytes ([relay] '
                     'max_document_size)') % {'name': name, 'max': limit})
    return value


def _content(raw, what):
    if archives.is_zip(raw):
        archives.open_checked(raw, what)
        return raw
    try:
        return raw.decode('utf-8')
    except UnicodeDecodeError as exc:
        raise exception.InvalidParameter(
            reason=_('%(what)s: neither a zip archive nor UTF-8 text '
                     '(byte %(at)d)') % {'what': what, 'at': exc.start})
