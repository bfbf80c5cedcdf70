"""``template translate``: a TOSCA, CloudFormation or CAMP document ->
HOT, locally (no service is called)."""

import os

from cliff import command

from heat_vision.common import exception
from heat_vision import translators
from heat_vision.translators import archive
from heat_vision.translators import base

#: Files beside the document that may be imported or deployed by it.
TEXT_SUFFIXES = ('.yaml', '.yml', '.json', '.sh', '.bash', '.py', '.pp',
                 '.j2', '.txt', '.cfg', '.conf', '.ps1')
MAX_FILE_SIZE = 1024 * 1024


class TranslateError(Exception):
    """A translation error, shown as one line."""


def _read(path):
    try:
        with open(path, 'rb') as handle:
            return handle.read()
    except OSError as exc:
        raise TranslateError('%s: %s' % (path, exc.strerror))


def _beside(path):
    """The text files in the document's directory tree, by name.

    They are what a document may import or deploy.
    """
    root = os.path.dirname(os.path.abspath(path))
    found = {}
    for folder, dirs, names in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith('.'))
        for name in sorted(names):
            full = os.path.join(folder, name)
            if (full == os.path.abspath(path) or
                    not name.endswith(TEXT_SUFFIXES) or
                    os.path.getsize(full) > MAX_FILE_SIZE):
                continue
            if len(found) >= base.MAX_FILES:
                raise TranslateError(
                    'more than %d files beside %s: package the document '
                    'as a CSAR/PDP zip instead' % (base.MAX_FILES, path))
            try:
                found[os.path.relpath(full, root)] = \
                    _read(full).decode('utf-8')
            except UnicodeDecodeError:
                continue
    return found


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
        return parser

    def take_action(self, args):
        document = _read(args.file)
        files = {} if archive.is_zip(document) else _beside(args.file)
        try:
            result = translators.load(args.format).translate(
                document, files=files,
                filename=os.path.basename(args.file))
        except exception.HeatVisionException as exc:
            raise TranslateError('%s: %s' % (type(exc).__name__, exc))
        text = base.dump(result.template)
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
