"""Finds resource plugin classes by type name (stevedore, loaded once)."""

import threading

import stevedore

from heat_vision.common import exception

NAMESPACE = 'heat_vision.resources'

_LOCK = threading.Lock()
_CLASSES = None


def _classes():
    global _CLASSES
    if _CLASSES is None:
        with _LOCK:
            if _CLASSES is None:
                manager = stevedore.ExtensionManager(
                    NAMESPACE, invoke_on_load=False,
                    on_load_failure_callback=_load_failed)
                _CLASSES = {ext.name: ext.plugin for ext in manager}
    return _CLASSES


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
