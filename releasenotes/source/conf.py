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

# Sphinx configuration of the heat-vision release notes.
#
# Kept to the builtin alabaster theme and reno's own extension so that
# `tox -e releasenotes` builds offline.

extensions = [
    'reno.sphinxext',
]

source_suffix = '.rst'
master_doc = 'index'

project = 'heat-vision Release Notes'
copyright = '2024, heat-vision developers'

# The release notes are not versioned by the package: reno reads the
# versions from git tags.
version = ''
release = ''

exclude_patterns = []
pygments_style = 'sphinx'

html_theme = 'alabaster'
html_static_path = ['_static']
htmlhelp_basename = 'HeatVisionReleaseNotesdoc'

# Ignore any locale directories: the notes are in English only.
locale_dirs = []
