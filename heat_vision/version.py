"""The package version, as pbr computes it."""

import pbr.version

version_info = pbr.version.VersionInfo('heat-vision')


def version_string():
    return version_info.version_string()
