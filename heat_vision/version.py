"""The package version, as pip shows it."""

import importlib.metadata

import pbr.version

PACKAGE = 'heat-vision'
version_info = pbr.version.VersionInfo(PACKAGE)


def version_string():
    """The installed version, as pip shows it (``0.0.1.dev72``).

    pbr's ``version_string()`` drops the development suffix, and in a
    source tree pbr counts the commits made since the install: read the
    installed metadata, as pip does, and ask pbr only when there is none.
    """
    try:
        return importlib.metadata.version(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return version_info.release_string()
