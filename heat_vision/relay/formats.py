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

"""The translators, as the relay routes see them."""

import inspect

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay import original
from heat_vision.template import parser
from heat_vision import translators

#: The environment sections that are maps: a caller's entries are added
#: to (and win over) the translation's; any other section is replaced.
MAP_SECTIONS = ('parameters', 'parameter_defaults', 'resource_registry')


class TranslationFailed(exception.Invalid):
    """The document cannot be translated: the path in it says where."""

    msg_fmt = _('%(where)s: %(what)s')
    error_type = 'TranslationError'


class FormatUnavailable(exception.HeatVisionException):
    msg_fmt = _('No translator for the "%(name)s" format is installed.')
    code = 501
    error_type = 'FormatUnavailable'


def translate(name, document, files=None, filename=None, inputs=None,
              **options):
    """:returns: the ``translators.Translation`` of ``document``.

    :param inputs: values given for the document's inputs (a TOSCA
        create's parameters), for the translators that take them.
    :param options: what the format's translator takes besides (the cfn
        translator's ``registry``).

    :raises: TranslationFailed naming the path in ``document``;
        FormatUnavailable if no ``name`` translator is installed.
    """
    try:
        translator = translators.load(name)
    except exception.UnknownTranslator:
        raise FormatUnavailable(name=name)
    try:
        if inputs and takes_inputs(translator):
            options['inputs'] = inputs
        return translator.translate(document, files=files,
                                    filename=filename, **options)
    except translators.TranslationError as exc:
        raise TranslationFailed(where=exc.path or '(document)',
                                what=exc.reason)


def takes_inputs(translator):
    """Whether a translator plugin takes ``inputs`` (an installed
    plugin of another project may not).
    """
    try:
        return 'inputs' in inspect.signature(
            translator.translate).parameters
    except (TypeError, ValueError):
        return False


def as_native(translation, environment=None, files=None):
    """:returns: the parts of a native create or update body.

    :param environment: the caller's own environment (a map, or YAML or
        JSON text), laid over the translation's: a ``resource_registry``
        maps a translated type to a provider template, as in any stack.
    :param files: the caller's own files (name -> text), beside the
        translation's (a name both give is refused unless its text is
        the same: a file the translator was given and used).
    :raises: InvalidParameter naming what is wrong in them.
    """
    merged = dict(translation.environment or {})
    for section, value in _environment(environment).items():
        if section in MAP_SECTIONS and isinstance(value, dict) and \
                isinstance(merged.get(section), dict):
            merged[section] = dict(merged[section], **value)
        else:
            merged[section] = value
    all_files = dict(translation.files or {})
    for name, content in _files(files).items():
        if all_files.get(name, content) != content:
            raise exception.InvalidParameter(
                reason=_('files.%s: the translation already has a file of '
                         'this name') % name)
        all_files[name] = content
    return {'template': translation.template, 'environment': merged,
            'files': all_files}


def _environment(environment):
    if environment is None or environment == '':
        return {}
    if isinstance(environment, str):
        environment = parser.parse_text(environment, what='environment')
    if not isinstance(environment, dict):
        raise exception.InvalidParameter(
            reason=_('environment: must be a map (an environment)'))
    return environment


def _files(files):
    if not files:
        return {}
    if not isinstance(files, dict):
        raise exception.InvalidParameter(
            reason=_('files: must be a map of file names to their text'))
    for name, content in files.items():
        if not isinstance(content, str):
            raise exception.InvalidParameter(
                reason=_('files.%s: must be text') % name)
        if name.startswith(original.PREFIX):
            raise exception.InvalidParameter(
                reason=_('files.%(name)s: names under %(prefix)s are the '
                         'relay\'s own') % {'name': name[:100],
                                            'prefix': original.PREFIX})
    return files
