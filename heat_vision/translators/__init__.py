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

"""Model translators: documents of other formats -> HOT.

Each format (``tosca``, ``cfn``, ``camp``) is a plugin in the
``heat_vision.translators`` stevedore namespace::

    translator = translators.load('tosca')
    result = translator.translate(text_or_bytes, files={...})
    result.template, result.environment, result.files
    result.source_map['resources.web.properties.flavor']
    # -> 'topology_template.node_templates.web.capabilities.host...'

A translator is a pure function of its input: no network, no database,
and bounded by the ``[translators]`` options. Every error is a
:class:`TranslationError` naming the path in the original document.
"""

import importlib.metadata
import threading

from stevedore import driver

from heat_vision.common import exception
from heat_vision.translators.base import Translation  # noqa
from heat_vision.translators.base import Translator  # noqa

NAMESPACE = 'heat_vision.translators'
TranslationError = exception.TranslationError

_LOCK = threading.Lock()
_LOADED = {}


def available():
    """:returns: the sorted names of the installed translators.

    Read from the entry points alone: nothing is imported.
    """
    return sorted({ep.name for ep in
                   importlib.metadata.entry_points(group=NAMESPACE)})


def load(name):
    """The translator registered as ``name``.

    :param name: ``tosca``, ``cfn``, ``camp`` or another installed one.
    :returns: a :class:`Translator`.
    :raises: exception.UnknownTranslator.
    """
    with _LOCK:
        if name not in _LOADED:
            if not isinstance(name, str) or name not in available():
                raise exception.UnknownTranslator(
                    name=name, available=', '.join(available()))
            _LOADED[name] = driver.DriverManager(
                NAMESPACE, name, invoke_on_load=True).driver
        return _LOADED[name]
