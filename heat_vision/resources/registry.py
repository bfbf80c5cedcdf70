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

"""Finds resource plugin classes by type name (stevedore, loaded once).

Types that exist only for tests (``heat_vision.resources.testing``: they
touch the engine host's files) are loaded only when
``[DEFAULT] enable_test_resource_types`` is set; otherwise a template
naming one gets the same 400 as for any unknown type.
"""

import threading

from oslo_config import cfg
import stevedore

from heat_vision.common import exception

CONF = cfg.CONF

NAMESPACE = 'heat_vision.resources'
TEST_NAMESPACE = 'heat_vision.resources.testing'

_LOCK = threading.Lock()
_CLASSES = {}


def _load(namespace):
    manager = stevedore.ExtensionManager(
        namespace, invoke_on_load=False,
        on_load_failure_callback=_load_failed)
    return {ext.name: ext.plugin for ext in manager}


def _classes():
    with_tests = bool(CONF.enable_test_resource_types)
    classes = _CLASSES.get(with_tests)
    if classes is None:
        with _LOCK:
            classes = _load(NAMESPACE)
            if with_tests:
                classes.update(_load(TEST_NAMESPACE))
            _CLASSES[with_tests] = classes
    return classes


def _load_failed(manager, entrypoint, exc):
    raise exc


def get_class(type_name, path=None):
    """:returns: the plugin class registered for ``type_name``.

    :raises: ResourceTypeNotFound (naming ``path`` when given)
    """
    try:
        return _classes()[type_name]
    except (KeyError, TypeError):
        raise exception.ResourceTypeNotFound(type_name, path=path)


def type_names():
    """:returns: every registered resource type name, sorted."""
    return sorted(_classes())
