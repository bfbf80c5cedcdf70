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

"""The package version, as pip shows it."""

import functools
import importlib.metadata

import pbr.version

PACKAGE = 'heat-vision'
version_info = pbr.version.VersionInfo(PACKAGE)


@functools.cache
def version_string():
    """The installed version, as pip shows it (``0.0.1.dev72``).

    pbr's ``version_string()`` drops the development suffix, and in a
    source tree pbr counts the commits made since the install: read the
    installed metadata, as pip does, and ask pbr only when there is none.
    Read once (parsing the metadata costs 0.25 ms a call): a running
    service keeps the code it loaded.
    """
    try:
        return importlib.metadata.version(PACKAGE)
    except importlib.metadata.PackageNotFoundError:
        return version_info.release_string()
