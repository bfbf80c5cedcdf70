import importlib.metadata

from heat_vision import version
from tests import base


class TestVersion(base.TestCase):

    def test_version_is_the_installed_one(self):
        self.assertEqual(importlib.metadata.version('heat-vision'),
                         version.version_string())
