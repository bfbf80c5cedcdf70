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

"""Finds resource plugin classes by type name (stevedore).

The type names come from the entry points alone; a plugin's module is
imported when its type is first asked for (``get_class``), so that a
process imports the plugins its stacks use, not the OpenStack clients
(keystoneauth, requests, osprofiler) every plugin module would bring.

Types that exist only for tests (``heat_vision.resources.testing``: they
touch the engine host's files) are known only when
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
# {with test types: {type name: namespace}}
_NAMES = {}
# {(namespace, type name): plugin class}
_CLASSES = {}


def _entry_point_names(namespace):
    return stevedore.NamedExtensionManager(
        namespace, names=[]).entry_points_names()


def _namespaces():
    """:returns: ``{type name: namespace of its entry point}``; a test
        type of the same name as a production one replaces it.
    """
    with_tests = bool(CONF.enable_test_resource_types)
    names = _NAMES.get(with_tests)
    if names is None:
        names = dict.fromkeys(_entry_point_names(NAMESPACE), NAMESPACE)
        if with_tests:
            names.update(dict.fromkeys(_entry_point_names(TEST_NAMESPACE),
                                       TEST_NAMESPACE))
        _NAMES[with_tests] = names
    return names


def _load(namespace, type_name):
    key = (namespace, type_name)
    cls = _CLASSES.get(key)
    if cls is None:
        with _LOCK:
            cls = _CLASSES.get(key)
            if cls is None:
                manager = stevedore.NamedExtensionManager(
                    namespace, names=[type_name],
                    on_load_failure_callback=_load_failed)
                # As a dict of all would: the last of duplicates wins.
                cls = [ext.plugin for ext in manager][-1]
                _CLASSES[key] = cls
    return cls


def _load_failed(manager, entrypoint, exc):
    raise exc


def get_class(type_name, path=None):
    """:returns: the plugin class registered for ``type_name`` (its module
        imported on the first call).

    :raises: ResourceTypeNotFound (naming ``path`` when given)
    """
    try:
        namespace = _namespaces()[type_name]
    except (KeyError, TypeError):
        raise exception.ResourceTypeNotFound(type_name, path=path)
    return _load(namespace, type_name)


def type_names():
    """:returns: every registered resource type name, sorted."""
    return sorted(_namespaces())
