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

"""What every translator shares: its result, its base class, bounded
document loading and path helpers."""

from oslo_config import cfg
import yaml

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision import conf  # noqa: F401  (registers the options)
from heat_vision.template import parser

CONF = cfg.CONF
HOT_VERSION = '2021-04-16'
MAX_FILES = 256


class Translation:
    """The result of a translation.

    :ivar template: the HOT template (a dict).
    :ivar environment: an environment dict (may be empty).
    :ivar files: ``{name: text}`` the template refers to (nested stacks,
        scripts).
    :ivar source_map: ``{'resources.x.properties.y': 'path in source'}``;
        paths in another file than the document's top-level one (a
        nested template, an imported or archived file) start with its
        name and a colon: ``'nested.yaml:resources.x'``,
        ``'Definitions/db.yaml:topology_template.node_templates.db'``.
    :ivar inputs: the names of the template's parameters.
    :ivar notes: ``[(source path, text)]``: what of the document was
        left out of the template, and why.
    :ivar exports: ``{output: name}`` the stack exports to the other
        stacks of its project, each name a HOT value known before the
        stack exists (CloudFormation's ``Export``).
    :ivar imports: ``{parameter: name}``: the exports of other stacks
        the parameters take (CloudFormation's ``Fn::ImportValue``).
    """

    def __init__(self, template, environment=None, files=None,
                 source_map=None, notes=None):
        self.template = template
        self.environment = environment or {}
        self.files = files or {}
        self.source_map = source_map or {}
        self.notes = list(notes or [])
        self.inputs = sorted(template.get('parameters') or {})
        self.exports = {}
        self.imports = {}

    def source_of(self, hot_path):
        """The source path of ``hot_path`` or of its nearest parent
        (``'file.yaml:resources.x'`` for a path in one of the files).
        """
        fname, sep, path = hot_path.partition(':')
        if not fname.endswith(('.yaml', '.yml')):
            fname, sep, path = '', '', hot_path
        parts = path.split('.')
        while parts:
            found = self.source_map.get(fname + sep + '.'.join(parts))
            if found is not None:
                return found
            parts.pop()
        return None


class Translator:
    """Base class of the translator plugins."""

    #: the format's name (the entry point's).
    name = None

    def translate(self, document, files=None, filename=None):
        """Translate a document into HOT.

        :param document: str or bytes (bytes may be an archive).
        :param files: ``{name: str}`` the document refers to.
        :param filename: the document's name, for messages and relative
            references.
        :returns: a :class:`Translation`.
        :raises: exception.TranslationError.
        """
        raise NotImplementedError()


class _Dumper(yaml.SafeDumper):
    """Writes shared values out in full: no anchors or aliases."""

    def ignore_aliases(self, data):
        return True


def dump(data):
    """A template or environment as YAML text, keys in order."""
    return yaml.dump(data, Dumper=_Dumper, default_flow_style=False,
                     sort_keys=False)


def fail(path, message):
    """:returns: a TranslationError for ``path`` (a list or string)."""
    if not isinstance(path, str):
        path = join(*path)
    return exception.TranslationError(path, message)


def in_file(name, path):
    """``path`` in the file ``name``: ``'name:path'`` (the name alone
    for the whole file).
    """
    return '%s:%s' % (name, path) if path else name


def join(*parts):
    return '.'.join(str(p) for p in parts if p not in (None, ''))


def parse(document, what='document', loader=None):
    """Parse YAML/JSON text within the ``[translators]`` limits.

    :param loader: a ``parser.SafeLoader`` subclass for a format's own
        YAML tags.
    :returns: the data.
    :raises: exception.TranslationError (path '').
    """
    try:
        return parser.parse_text(
            document, max_size=CONF.translators.max_document_size,
            what=what, loader=loader)
    except exception.InvalidTemplate as exc:
        raise fail('', str(exc))


def parse_mapping(document, what='document', loader=None):
    """Like :func:`parse`, and the result must be a map."""
    if isinstance(document, dict):
        try:
            parser.check_depth(document, what=what)
        except exception.InvalidTemplate as exc:
            raise fail('', str(exc))
        data = document
    else:
        data = parse(document, what, loader)
    if not isinstance(data, dict):
        raise fail('', _('The %s must be a YAML or JSON map.') % what)
    return data


def check_files(files):
    """Refuse a ``files`` argument that is not a small map of texts."""
    files = files or {}
    if not isinstance(files, dict) or len(files) > MAX_FILES:
        raise fail('files', _('files must be a map of at most %d '
                              'entries.') % MAX_FILES)
    limit = CONF.translators.max_archive_uncompressed_size
    total = 0
    for name, text in files.items():
        if not isinstance(name, str) or not isinstance(text, (str, bytes)):
            raise fail('files', _('files must map names to text.'))
        total += len(text)
        if total > limit:
            raise fail('files', _('files are larger than %d bytes in '
                                  'all.') % limit)
    return files


def check_count(items, path):
    limit = CONF.translators.max_nodes
    if len(items) > limit:
        raise fail(path, _('more than %d entries.') % limit)


def as_text(data, path):
    if isinstance(data, bytes):
        try:
            return data.decode('utf-8')
        except UnicodeDecodeError:
            raise fail(path, _('not UTF-8 text.'))
    return data
