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
