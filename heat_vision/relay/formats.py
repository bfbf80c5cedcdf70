"""The translators, as the relay routes see them."""

from stevedore import exception as stevedore_exc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision import translators


class TranslationFailed(exception.Invalid):
    """The document cannot be translated: the path in it says where."""

    msg_fmt = _('%(where)s: %(what)s')
    error_type = 'TranslationError'


class FormatUnavailable(exception.HeatVisionException):
    msg_fmt = _('No translator for the "%(name)s" format is installed.')
    code = 501
    error_type = 'FormatUnavailable'


def translate(name, document, files=None, filename=None):
    """:returns: the ``translators.Translation`` of ``document``.

    :raises: TranslationFailed naming the path in ``document``;
        FormatUnavailable if no ``name`` translator is installed.
    """
    try:
        translator = translators.load(name)
    except (stevedore_exc.NoMatches, RuntimeError):
        raise FormatUnavailable(name=name)
    try:
        return translator.translate(document, files=files, filename=filename)
    except translators.TranslationError as exc:
        raise TranslationFailed(where=exc.path or '(document)',
                                what=exc.message)


def as_native(translation):
    """:returns: the parts of a native create or update body."""
    return {'template': translation.template,
            'environment': translation.environment or {},
            'files': dict(translation.files or {})}
