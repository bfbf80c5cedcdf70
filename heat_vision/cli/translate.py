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

"""``template translate``: a TOSCA, CloudFormation or CAMP document ->
HOT, locally (no service is called).

It reads the service's options (``[translators] tosca_image_map``,
``tosca_flavor_map``, the size limits) from ``--config-file``, else from
oslo.config's default files (``~/.heat-vision/heat-vision.conf``,
``/etc/heat-vision/heat-vision.conf`` ...), so a document translates
here as the service would translate it. ``--parameter`` and
``--parameter-file`` give inputs: their values become the defaults of
the HOT parameters, as heat-translator's ``--parameters`` does
(translator/hot/translate_inputs.py).
"""

import json
import os

from cliff import command
from oslo_config import cfg
from oslo_utils import strutils

from heat_vision.cli import stacks
from heat_vision.common import exception
from heat_vision.template import parser
from heat_vision import translators
from heat_vision.translators import archive
from heat_vision.translators import base

CONF = cfg.CONF
MAX_FILE_SIZE = 1024 * 1024
#: Named files whose own references are followed (imported definitions).
DOCUMENT_SUFFIXES = ('.yaml', '.yml', '.json')


class TranslateError(Exception):
    """A translation error, shown as one line."""


def _read(path):
    try:
        with open(path, 'rb') as handle:
            return handle.read()
    except OSError as exc:
        raise TranslateError('%s: %s' % (path, exc.strerror))


def _registry(args):
    """The translator's ``registry`` option of ``--environment``."""
    if not args.environment:
        return {}
    if args.format != 'cfn':
        raise TranslateError('--environment applies to --format cfn only '
                             '(give it to stack create with the HOT)')
    try:
        env = parser.load_environment(_read(args.environment))
    except exception.HeatVisionException as exc:
        raise TranslateError('%s: %s' % (args.environment, exc))
    return {'registry': env.get('resource_registry')}


def _strings(data):
    """Every string in a parsed document, keys included."""
    pending = [data]
    while pending:
        item = pending.pop()
        if isinstance(item, str):
            yield item
        elif isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)


def _references(text, name, root):
    """The files inside ``root`` that strings of ``text`` name.

    A string names a file by a path relative to the document's folder
    (artifacts, CAMP hrefs) or to the folder of the file it is in
    (TOSCA imports); a file outside ``root`` is never named.
    """
    try:
        data = parser.parse_text(text, what='document')
    except exception.InvalidTemplate:
        return set()
    folders = {root, os.path.dirname(os.path.join(root, name))}
    found = set()
    for value in _strings(data):
        if not value or '\x00' in value or os.path.isabs(value):
            continue
        for folder in folders:
            full = os.path.normpath(os.path.join(folder, value))
            if full.startswith(root + os.sep) and os.path.isfile(full):
                found.add(os.path.relpath(full, root))
    return found


def _named(path, document):
    """The text files the document names, read, by relative name.

    Only what the document (or a YAML/JSON file it names, in turn)
    names is read and given to the translator; the other files of its
    folder and of its sub-folders are not looked at, nor counted.
    """
    root = os.path.dirname(os.path.abspath(path))
    entry = os.path.relpath(os.path.abspath(path), root)
    found = {}
    seen = {entry}
    pending = [(entry, document)]
    while pending:
        name, text = pending.pop()
        for ref in sorted(_references(text, name, root) - seen):
            seen.add(ref)
            full = os.path.join(root, ref)
            if os.path.getsize(full) > MAX_FILE_SIZE:
                continue
            try:
                content = _read(full).decode('utf-8')
            except UnicodeDecodeError:
                continue
            if len(found) >= base.MAX_FILES:
                raise TranslateError(
                    '%s names more than %d files: package the document '
                    'as a CSAR/PDP zip instead' % (path, base.MAX_FILES))
            found[ref] = content
            if ref.endswith(DOCUMENT_SUFFIXES):
                pending.append((ref, content))
    return found


def _load_options(config_files):
    """The service's options: ``config_files``, else the default ones."""
    try:
        CONF([], project='heat-vision',
             default_config_files=config_files or None)
    except cfg.Error as exc:
        raise TranslateError('Configuration: %s' % exc)


def _typed(name, kind, value):
    """A given input's text as the HOT parameter type wants it."""
    try:
        if kind == 'number':
            number = float(value)
            return int(number) if number.is_integer() and \
                '.' not in value else number
        if kind == 'boolean':
            return strutils.bool_from_string(value, strict=True)
        if kind == 'json':
            return json.loads(value)
    except ValueError:
        raise TranslateError('--parameter %s: "%s" is not a %s'
                             % (name, value[:50], kind))
    return value


def _set_inputs(template, given):
    """The ``given`` inputs as the defaults of the HOT parameters."""
    parameters = template.get('parameters') or {}
    unknown = sorted(set(given) - set(parameters))
    if unknown:
        raise TranslateError(
            '--parameter %s: not an input of the document (its inputs: '
            '%s)' % (', '.join(unknown),
                     ', '.join(sorted(parameters)) or 'none'))
    for name, value in given.items():
        schema = parameters[name]
        schema['default'] = _typed(name, schema.get('type'), value)


def _write(path, text):
    folder = os.path.dirname(os.path.abspath(path))
    os.makedirs(folder, exist_ok=True)
    with open(path, 'w') as handle:
        handle.write(text)


class TranslateTemplate(command.Command):
    """Translate a TOSCA, CloudFormation or CAMP document into HOT.

    TOSCA may be YAML or a CSAR zip, CAMP a plan or a PDP zip.
    """

    auth_required = False

    def get_parser(self, prog_name):
        parser = super().get_parser(prog_name)
        parser.add_argument('--format', required=True,
                            choices=translators.available(),
                            help='Format of the document')
        parser.add_argument('file', metavar='FILE',
                            help='The document (YAML/JSON, or a zip)')
        parser.add_argument('-o', '--output', metavar='OUT',
                            help='Write the HOT template to OUT and the '
                                 'files it uses beside it (default: the '
                                 'template on stdout)')
        parser.add_argument('--config-file', action='append', default=[],
                            metavar='PATH',
                            help='heat-vision configuration file whose '
                                 '[translators] options apply; repeatable '
                                 '(default: the service\'s default files)')
        parser.add_argument('-e', '--environment', metavar='ENV',
                            help='(cfn) The environment the stack will '
                                 'have: an AWS type its resource_registry '
                                 'maps (to a provider template or another '
                                 'type) is kept as written, not mapped or '
                                 'refused')
        parser.add_argument('--parameter', action='append', default=[],
                            metavar='KEY=VALUE',
                            help='An input\'s value, made the default of '
                                 'its HOT parameter; repeatable')
        parser.add_argument('--parameter-file', action='append', default=[],
                            metavar='KEY=FILE',
                            help='An input whose value is a file\'s text; '
                                 'repeatable')
        return parser

    def take_action(self, args):
        given = stacks.parameters_of(args)
        _load_options(args.config_file)
        document = _read(args.file)
        files = ({} if archive.is_zip(document)
                 else _named(args.file, document))
        options = _registry(args)
        # TOSCA chooses flavors and images from the inputs' values.
        if given and args.format == 'tosca':
            options['inputs'] = given
        try:
            result = translators.load(args.format).translate(
                document, files=files,
                filename=os.path.basename(args.file), **options)
        except exception.HeatVisionException as exc:
            raise TranslateError('%s: %s' % (type(exc).__name__, exc))
        _set_inputs(result.template, given)
        text = base.dump(result.template)
        for path, note in result.notes:
            self.app.stderr.write('Note: %s: %s\n' % (path, note))
        if not args.output:
            self.app.stdout.write(text)
            if result.files:
                self.app.stderr.write(
                    'The template uses files (%s): use -o to write them.\n'
                    % ', '.join(sorted(result.files)))
            return 0
        _write(args.output, text)
        folder = os.path.dirname(os.path.abspath(args.output))
        for name, content in sorted(result.files.items()):
            target = os.path.normpath(os.path.join(folder, name))
            if not target.startswith(folder + os.sep):
                raise TranslateError('%s: not written, it would be outside '
                                     '%s' % (name, folder))
            _write(target, content)
        return 0
