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

"""Loading of the template and constraint plugins through stevedore.

Both namespaces are read once per process and cached.
"""

import functools

from stevedore import extension

TEMPLATES_NAMESPACE = 'heat_vision.templates'
CONSTRAINTS_NAMESPACE = 'heat_vision.constraints'


def _load(namespace):
    manager = extension.ExtensionManager(namespace, invoke_on_load=False)
    return {ext.name: ext.plugin for ext in manager}


@functools.lru_cache(maxsize=None)
def template_classes():
    """All template classes by entry point name.

    :returns: a dict such as ``{'heat_template_version.2016-10-14': cls}``.
    """
    return _load(TEMPLATES_NAMESPACE)


@functools.lru_cache(maxsize=None)
def constraint_classes():
    """All custom constraint classes by name.

    :returns: a dict such as ``{'ip_addr': cls}``.
    """
    return _load(CONSTRAINTS_NAMESPACE)


def get_constraint(name):
    """An instance of the custom constraint registered under ``name``.

    :param name: the constraint name, e.g. ``ip_addr``.
    :returns: the constraint object, or None when none is registered.
    """
    cls = constraint_classes().get(name)
    return cls() if cls is not None else None


def clear_cache():
    """Forget the loaded plugins (for tests that register new ones)."""
    template_classes.cache_clear()
    constraint_classes.cache_clear()
