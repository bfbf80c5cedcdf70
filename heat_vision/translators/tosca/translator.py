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

"""The ``tosca`` translator: a TOSCA YAML document or a CSAR -> HOT.

tosca-parser validates the document inside a :class:`sandbox.Sandbox`
(its imports checked first); its global error collector makes it
unsafe to run twice at once, hence the lock.
"""

import contextlib
import copy
import io
import logging
import os
import posixpath
import threading

from toscaparser.common import exception as tosca_exc
from toscaparser import tosca_template

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.translators import archive
from heat_vision.translators import base
from heat_vision.translators.tosca import builder
from heat_vision.translators.tosca import errors
from heat_vision.translators.tosca import sandbox

_PARSER_LOCK = threading.Lock()
# tosca-parser logs every successful validation at INFO.
logging.getLogger('tosca').setLevel(logging.WARNING)
DEFAULT_NAME = 'service_template.yaml'
VNF_TYPE = 'tosca.nodes.nfv.VNF'


class Context:
    """What the topologies of one translation share."""

    def __init__(self, box, entry, doc, imported, in_archive, inputs=None):
        self.box = box
        #: the inputs given with the document (``--parameter``, a
        #: create's parameters): literal where a value is chosen at
        #: translation time (a flavor, an image).
        self.inputs = dict(inputs or {})
        self.entry_dir = posixpath.dirname(entry)
        self.hot_files = {}
        #: source map entries of the HOT files (``'file:path'`` keys).
        self.file_sources = {}
        self.in_progress = set()
        #: ``[(source path, text)]`` for the Translation's notes.
        self.notes = []
        self.substituted = {}
        #: ``{nested HOT file: {parameter: schema}}``: the parameters a
        #: substituting topology's translation adds for the deployer.
        self.nested_parameters = {}
        self.node_types = dict(doc.get('node_types') or {})
        self.policy_types = dict(doc.get('policy_types') or {})
        self.relationship_types = dict(doc.get('relationship_types') or {})
        for data in imported.values():
            for tname, tdef in (data.get('relationship_types') or
                                {}).items():
                self.relationship_types.setdefault(tname, tdef)
        #: the file each node type is defined in (None: the top-level
        #: document), for paths into type definitions.
        self.type_files = dict.fromkeys(self.node_types,
                                        entry if in_archive else None)
        for fname, data in sorted(imported.items()):
            for tname in data.get('node_types') or {}:
                self.type_files.setdefault(tname, fname)

    def type_path(self, tname, *rest):
        """The path of (something in) the definition of a node type."""
        path = base.join('node_types', tname, *rest)
        fname = self.type_files.get(tname)
        return base.in_file(fname, path) if fname else path

    def add_file(self, name, path):
        """Put a file of the document into the translation's files.

        A file that was not given is still named (``get_file``), as
        heat-translator does: the stack's ``files`` supply it, and a note
        says so.

        :returns: the key ``get_file`` uses.
        """
        if not isinstance(name, str) or not name:
            raise base.fail(path, _('a file is named by a path.'))
        if '://' in name:
            # Never fetched: the stack's files give it under its URL, as
            # heatclient does for a get_file URL.
            self.notes.append((path, _(
                'the file "%s" is not fetched: give it in the stack\'s '
                'files.') % name[:200]))
            return name
        key = posixpath.normpath(posixpath.join(self.entry_dir, name))
        if key.startswith('../') or key.startswith('/'):
            raise base.fail(path, _('the file "%s" is outside the '
                                    'document\'s tree.') % name)
        text = self.box.text(key)
        if text is None:
            self.notes.append((path, _(
                'the file "%s" was not given: give it in the stack\'s '
                'files.') % key))
            return key
        self.hot_files[key] = text
        return key


class ToscaTranslator(base.Translator):
    """TOSCA Simple Profile in YAML 1.0-1.3 (NFV too), YAML or CSAR."""

    name = 'tosca'

    def translate(self, document, files=None, filename=None, inputs=None):
        """:param inputs: ``{input name: value}`` given with the document:
            the defaults of their parameters, and the values a flavor or
            an image is chosen from (as heat-translator's ``params``,
            translator/hot/tosca_translator.py).
        """
        if inputs is not None and not isinstance(inputs, dict):
            raise base.fail('inputs', _('inputs are a map of input names '
                                        'to values.'))
        if archive.is_zip(document):
            contents = archive.read(document, 'CSAR')
            entry = sandbox.entry_definitions(contents)
            try:
                return _translate(contents, entry, in_archive=True,
                                  inputs=inputs)
            except exception.TranslationError as exc:
                raise _in_entry(exc, entry, contents)
        contents = dict(base.check_files(files))
        entry = posixpath.normpath(filename or DEFAULT_NAME)
        contents[entry] = base.as_text(document, '')
        return _translate(contents, entry, in_archive=False, inputs=inputs)


def _translate(contents, entry, in_archive, inputs=None):
    """Paths into the entry document are named without its file name
    unless it came in an archive (where the archive is the document).
    """
    text = base.as_text(contents[entry], entry)
    doc = base.parse_mapping(text, 'TOSCA document')
    if 'tosca_definitions_version' not in doc:
        raise base.fail('tosca_definitions_version', _(
            'a TOSCA document starts with its '
            'tosca_definitions_version.'))
    topology = doc.get('topology_template')
    if not isinstance(topology, dict):
        raise base.fail('topology_template', _(
            'there is no topology to translate.'))
    base.check_count(topology.get('node_templates') or {},
                     'topology_template.node_templates')
    with sandbox.Sandbox(contents) as box:
        imported = sandbox.check_imports(box, entry, doc)
        parsed = _parse(box.path(entry), doc, imported)
        context = Context(box, entry, doc, imported, in_archive, inputs)
        _collect_imported_types(context, parsed)
        for nested in parsed.nested_tosca_templates_with_topology:
            _substitution(context, parsed, nested, imported)
        prefix = (base.in_file(entry, 'topology_template') if in_archive
                  else 'topology_template')
        build = builder.Builder(topology, parsed.nodetemplates, prefix,
                                context, context.inputs)
        hot = build.build()
    source_map = dict(build.source_map)
    source_map.update(context.file_sources)
    return base.Translation(hot, files=context.hot_files,
                            source_map=source_map, notes=context.notes)


def _in_entry(exc, entry, contents):
    """``exc`` with its path named in the archive's entry document,
    unless it names a file of the archive already.
    """
    fname = exc.path.partition(':')[0]
    if fname in contents:
        return exc
    return base.fail(base.in_file(entry, exc.path), exc.reason)


class _Template(tosca_template.ToscaTemplate):
    """tosca-parser's template, but a VNF node's requirements need not
    be fulfilled in the document: its links are bound by the VNFM at
    instantiation (SOL 003 extVirtualLinks). Tacker translates a
    flavour without its VNF node and without the substitution's
    requirements (tacker/common/csar_utils.py ``_populate_flavour_data``
    with ``[vnf_package] exclude_node = VNF``; tacker/vnflcm/utils.py
    ``_get_vnfd_dict``), so its VNF types seldom say ``occurrences``.
    """

    def _validate_relationship_occurences(self):
        for tpl in self.nodetemplates:
            if not tpl.is_derived_from(VNF_TYPE):
                tpl._validate_relationship_occurrences()


def _parse(path, doc, imported):
    out = io.StringIO()
    with _PARSER_LOCK, contextlib.redirect_stdout(out):
        try:
            if doc.get('imports'):
                return _Template(path)
            # Nothing to import: spare tosca-parser a second YAML parse
            # (its copy, as it changes what it is given).
            return _Template(yaml_dict_tpl=copy.deepcopy(doc))
        except tosca_exc.ValidationError as exc:
            raise errors.from_parser(
                doc, tosca_exc.ExceptionCollector.getExceptions(), exc,
                imported)
        except RecursionError:
            raise base.fail('topology_template', _(
                'a function refers to itself (get_property or get_input '
                'cycle), or the document nests too deeply.'))
        except Exception as exc:
            # tosca-parser lets some of its own checks escape as
            # TypeError/KeyError/...: still the document's fault.
            found = tosca_exc.ExceptionCollector.getExceptions()
            raise errors.from_parser(doc, found, '%s: %s' % (
                type(exc).__name__, errors.reason(exc)), imported)
        finally:
            tosca_exc.ExceptionCollector.stop()
            tosca_exc.ExceptionCollector.clear()


def _collect_imported_types(context, parsed):
    custom = getattr(parsed, 'topology_template', None)
    for tname, definition in (getattr(custom, 'custom_defs', None) or
                              {}).items():
        if not isinstance(definition, dict):
            continue
        if tname.startswith('tosca.policies') or 'targets' in definition:
            context.policy_types.setdefault(tname, definition)
        context.node_types.setdefault(tname, definition)


def _substitution(context, parsed, nested, imported):
    """Record the topology that substitutes a node type, as written
    (tosca-parser's copy has its functions replaced by objects).
    """
    mappings = nested.substitution_mappings
    node_type = getattr(mappings, 'node_type', None) if mappings else None
    if not node_type:
        return
    for fname, tpl in parsed.nested_tosca_tpls_with_topology.items():
        if (tpl.get('topology_template') or {}).get(
                'substitution_mappings', {}).get('node_type') != node_type:
            continue
        name = os.path.relpath(fname, context.box.root)
        raw = imported.get(name)
        if not isinstance(raw, dict):
            raise base.fail(base.in_file(name, ''), _(
                'a substituting topology must be an imported file.'))
        context.substituted[node_type] = (
            name, raw.get('topology_template') or {}, nested)
        return
