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

"""Task plugins, looked up by action name in ``heat_vision.tasks``.

A service adds its own actions by registering ``TaskPlugin`` subclasses
under that entry-point namespace in its own ``setup.cfg``.
"""

import threading

from stevedore import extension

from heat_vision.common import exception

NAMESPACE = 'heat_vision.tasks'

_LOCK = threading.Lock()
_PLUGINS = None


def _load():
    global _PLUGINS
    with _LOCK:
        if _PLUGINS is None:
            manager = extension.ExtensionManager(
                NAMESPACE, invoke_on_load=False,
                on_load_failure_callback=_failed)
            _PLUGINS = {ext.name: ext.plugin for ext in manager}
        return _PLUGINS


def _failed(manager, entrypoint, exc):
    # NOTE(heat-vision): one broken third-party plugin must not take the
    # whole task system down; its action is reported as unknown.
    import logging
    logging.getLogger(__name__).error(
        'Cannot load task plugin %s: %s', entrypoint, exc)


def names():
    """:returns: the sorted names of every registered action."""
    return sorted(_load())


def get(action, path='action'):
    """:returns: the plugin class of ``action``.

    :raises: InvalidTaskDocument naming ``path`` if there is none.
    """
    plugin = _load().get(action)
    if plugin is None:
        raise exception.InvalidTaskDocument(
            'unknown action "%s" (known: %s)' % (action, ', '.join(names())),
            path=path)
    return plugin
