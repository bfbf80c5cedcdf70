"""The package version, as pbr computes it."""

import pbr.version

version_info = pbr.version.VersionInfo('heat-vision')


def version_string():
    """The full version, as pip shows it (``0.0.1.dev72``).

    pbr's ``version_string()`` drops the development suffix: the CLI's
    ``--version`` then claimed a release that does not exist.
    """
    return version_info.release_string()
