"""oslo.i18n integration: ``_`` marks user-facing, translatable text."""

import oslo_i18n

_translators = oslo_i18n.TranslatorFactory(domain='heat_vision')

_ = _translators.primary
