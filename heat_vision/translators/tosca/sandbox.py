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

"""A private directory holding a TOSCA document and the files it may
import, so that tosca-parser reads nothing else.

tosca-parser resolves ``imports`` itself, from URLs and from any local
path. Before it runs, every import of every definitions file reachable
from the entry document is checked: only relative paths to files inside
the sandbox are allowed (no absolute path, no ``..`` out, no
repository; a URL only when its file was given under that URL, never
fetched), so a translation reads nothing but what it was given.
"""

import os
import posixpath
import shutil
import tempfile

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import parser
from heat_vision.translators import base
from heat_vision.translators.tosca import profiles

META_PATH = 'TOSCA-Metadata/TOSCA.meta'
URL_SCHEMES = ('http', 'https')
MAX_IMPORTS = 64


class Sandbox:
    """``with Sandbox(files) as box: box.path(name)``.

    :param files: ``{relative name: str or bytes}``.
    """

    def __init__(self, files):
        self.files = {}
        for name, content in files.items():
            norm = posixpath.normpath(name)
            if (norm.startswith(('/', '../')) or norm == '..' or
                    '\x00' in norm or '\\' in norm):
                raise base.fail(name, _('file name leaves the document.'))
            self.files[norm] = content
        self.root = None

    def __enter__(self):
        self.root = tempfile.mkdtemp(prefix='hv-tosca-')
        for name, content in self.files.items():
            target = os.path.join(self.root, name)
            try:
                os.makedirs(os.path.dirname(target), exist_ok=True)
                mode = 'wb' if isinstance(content, bytes) else 'w'
                with open(target, mode, encoding=None if mode == 'wb'
                          else 'utf-8') as handle:
                    handle.write(content)
            except (OSError, UnicodeError) as exc:
                shutil.rmtree(self.root, ignore_errors=True)
                reason = getattr(exc, 'strerror', None) or exc
                raise base.fail(name, _('cannot be used as a file name: '
                                        '%s') % reason)
        return self

    def __exit__(self, *exc):
        shutil.rmtree(self.root, ignore_errors=True)

    def path(self, name):
        return os.path.join(self.root, name)

    def supply(self, name, content):
        """Add a file heat-vision provides (a profile's definitions).

        :returns: ``content`` (None: nothing added).
        """
        if content is None:
            return None
        self.files[posixpath.normpath(name)] = content
        target = os.path.join(self.root, name)
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, 'w', encoding='utf-8') as handle:
            handle.write(content)
        return content

    def text(self, name):
        content = self.files.get(posixpath.normpath(name))
        if content is None:
            return None
        return base.as_text(content, name)


def entry_definitions(files):
    """The entry document of a CSAR (its TOSCA.meta, or the one YAML
    file at its root).
    """
    meta = files.get(META_PATH)
    if meta is not None:
        text = base.as_text(meta, META_PATH)
        for line in text.splitlines():
            key, _sep, value = line.partition(':')
            if key.strip() == 'Entry-Definitions':
                entry = posixpath.normpath(value.strip())
                if entry not in files:
                    raise base.fail(META_PATH, _(
                        'Entry-Definitions "%s" is not in the archive.')
                        % entry)
                return entry
        raise base.fail(META_PATH, _('no Entry-Definitions.'))
    roots = [n for n in files if '/' not in n and
             n.endswith(('.yaml', '.yml'))]
    if len(roots) != 1:
        raise base.fail('', _('a CSAR without TOSCA-Metadata must hold '
                              'exactly one YAML file at its root.'))
    return roots[0]


def _imports(doc, locate):
    """``(path, file)`` of the imports of ``doc``.

    :param locate: makes a path in ``doc`` a path of the translation.
    """
    found = doc.get('imports') or []
    if isinstance(found, dict):
        found = [found]
    if not isinstance(found, list):
        raise base.fail(locate('imports'), _('must be a list.'))
    for i, item in enumerate(found):
        path = base.join('imports', i)
        if isinstance(item, dict) and len(item) == 1 and \
                isinstance(next(iter(item.values())), (dict, str)):
            key, item = next(iter(item.items()))
            path = base.join(path, key)
        if isinstance(item, dict):
            if item.get('repository'):
                raise base.fail(locate(path + '.repository'), _(
                    'imports from repositories are not allowed.'))
            item = item.get('file')
        if not isinstance(item, str):
            raise base.fail(locate(path), _('an import names a file.'))
        yield locate(path), item


def _locator(entry, name):
    if name == entry:
        return lambda path: path
    return lambda path: base.in_file(name, path)


def check_imports(box, entry, doc):
    """Refuse any import that is not a file of the sandbox.

    :param doc: the parsed entry document.
    :returns: ``{name: parsed document}`` of the imported files.
    :raises: exception.TranslationError naming the import (and the file
        it is in, but for the entry document).
    """
    pending = [(entry, doc)]
    seen = {entry}
    imported_docs = {}
    by_url = {}
    while pending:
        name, data = pending.pop()
        for where, target in _imports(data, _locator(entry, name)):
            if '://' in target:
                resolved = _given_url(box, target)
                if resolved is None:
                    raise base.fail(where, _(
                        'only files of the document may be imported, not '
                        '"%s" (a URL is never fetched: give the file in '
                        'files under that URL).') % target[:200])
                by_url.setdefault(name, set()).add(target)
            elif target.startswith('/'):
                raise base.fail(where, _(
                    'only files of the document may be imported, not '
                    '"%s".') % target)
            else:
                resolved = posixpath.normpath(
                    posixpath.join(posixpath.dirname(name), target))
            if resolved.startswith('../') or resolved == '..':
                raise base.fail(where, _('import leaves the document.'))
            text = box.text(resolved)
            if text is None:
                text = box.supply(resolved, profiles.text(
                    posixpath.basename(resolved)))
            if text is None:
                raise base.fail(where, _('imported file "%s" was not '
                                         'given.') % target)
            if resolved in seen:
                continue
            seen.add(resolved)
            if len(seen) > MAX_IMPORTS:
                raise base.fail(where, _('too many imports.'))
            try:
                imported = parser.parse_text(text, what='import')
            except exception.InvalidTemplate as exc:
                raise base.fail(base.in_file(resolved, ''), str(exc))
            if isinstance(imported, dict):
                imported_docs[resolved] = imported
                pending.append((resolved, imported))
    for name, urls in by_url.items():
        _read_locally(box, name, urls)
    return imported_docs


def _given_url(box, url):
    """The sandbox's name of the file given under ``url`` (an import by
    URL is read from the files given with the document, as heatclient
    puts a ``get_file`` URL's content in a stack's ``files``;
    heat-translator's own tests give it locally too, mocking
    ``ToscaTemplate._tpl_imports``), or None.
    """
    scheme = url.partition('://')[0].lower()
    if scheme not in URL_SCHEMES or box.text(url) is None:
        return None
    return posixpath.normpath(url)


def _read_locally(box, name, urls):
    """Let tosca-parser read ``name``'s imports by URL from the sandbox:
    each URL in its text becomes the absolute path of the given file
    (relative imports in that file then resolve next to it, to other
    files given under URLs).
    """
    text = box.text(name)
    for url in sorted(urls, key=len, reverse=True):
        text = text.replace(url, box.path(posixpath.normpath(url)))
    with open(box.path(name), 'w', encoding='utf-8') as handle:
        handle.write(text)
