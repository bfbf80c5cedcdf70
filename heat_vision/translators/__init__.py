"""The translator interface the relay builds against (interface only).

NOTE(heat-vision): the translators' own branch provides this package
with the tosca, cfn and camp plugins; its version replaces this one.
"""

import dataclasses

from stevedore import driver
from stevedore import extension

NAMESPACE = 'heat_vision.translators'


@dataclasses.dataclass
class Translation:
    template: dict
    environment: dict
    files: dict
    source_map: dict
    inputs: list


class TranslationError(Exception):
    """An error in the original document, at ``path`` in it."""

    def __init__(self, path, message):
        super().__init__('%s: %s' % (path, message))
        self.path = path
        self.message = message


def load(name):
    """:returns: the translator registered as ``name``."""
    return driver.DriverManager(NAMESPACE, name, invoke_on_load=True).driver


def available():
    """:returns: the names of the installed translators."""
    return sorted(extension.ExtensionManager(NAMESPACE).names())
