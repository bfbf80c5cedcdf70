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

"""Templates and environments read from disk, with the files they use.

The template is sent to Heat as the text the user wrote, so that
``heat_template_version: 2021-04-16`` stays a string rather than
becoming a YAML date. The text is parsed here only to find what it
references: ``get_file`` paths and nested templates given as a resource
``type`` (``type: server.yaml``). Each one is read relative to the file
that mentions it and put into ``files`` under the very string the
template uses, which is the key Heat looks it up by. Environments are
sent as ``environment_files`` (their names, in order) with their text in
``files``; the server merges them in that order.
"""

import os
from urllib import parse

import yaml

from heat_vision.cli import common
from heat_vision.cli import http

TEMPLATE_SUFFIXES = ('.yaml', '.yml', '.template', '.json')


class _StringDatesLoader(yaml.SafeLoader):
    """A YAML loader that leaves dates as strings, as Heat does."""


_StringDatesLoader.yaml_implicit_resolvers = {
    first: [(tag, regexp) for tag, regexp in resolvers
            if tag != 'tag:yaml.org,2002:timestamp']
    for first, resolvers in yaml.SafeLoader.yaml_implicit_resolvers.items()
}


def parse_document(text, filename):
    """A template or environment document (JSON is YAML too)."""
    try:
        data = yaml.load(text, Loader=_StringDatesLoader)
    except yaml.YAMLError as exc:
        raise http.CLIError('%s is not valid YAML or JSON: %s'
                            % (filename, http.clean_lines(exc)))
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise http.CLIError('%s must hold a mapping at the top level'
                            % filename)
    return data


def _is_local(reference):
    scheme = parse.urlparse(reference).scheme
    return scheme in ('', 'file')


def _local_path(reference, base_dir):
    if reference.startswith('file://'):
        return parse.urlparse(reference).path
    return os.path.join(base_dir, reference)


def _read_reference(reference, base_dir, files, is_template):
    if reference in files or not _is_local(reference):
        return
    filename = _local_path(reference, base_dir)
    files[reference] = common.read_text(filename, 'file')
    if is_template:
        collect_files(parse_document(files[reference], filename),
                      os.path.dirname(filename), files)


def collect_files(data, base_dir, files):
    """Read every file ``data`` refers to into ``files`` (recursively)."""
    if isinstance(data, list):
        for item in data:
            collect_files(item, base_dir, files)
        return
    if not isinstance(data, dict):
        return
    for key, value in data.items():
        if key == 'get_file' and isinstance(value, str):
            _read_reference(value, base_dir, files, is_template=False)
        elif (key == 'type' and isinstance(value, str) and
                value.endswith(TEMPLATE_SUFFIXES)):
            _read_reference(value, base_dir, files, is_template=True)
        else:
            collect_files(value, base_dir, files)


def _collect_registry_files(registry, base_dir, files):
    """Templates named in an environment's ``resource_registry``."""
    for name, value in (registry or {}).items():
        if isinstance(value, dict):
            _collect_registry_files(value, base_dir, files)
        elif (isinstance(value, str) and name != 'base_url' and
                value.endswith(TEMPLATE_SUFFIXES)):
            _read_reference(value, base_dir, files, is_template=True)


def read_template(filename, files):
    """The raw text of a template, its referenced files added to files."""
    text = common.read_text(filename, 'template')
    collect_files(parse_document(text, filename),
                  os.path.dirname(filename), files)
    return text


def read_environments(filenames, files):
    """The ``environment_files`` list; their text goes into ``files``."""
    names = []
    for filename in filenames or ():
        text = common.read_text(filename, 'environment')
        environment = parse_document(text, filename)
        _collect_registry_files(environment.get('resource_registry'),
                                os.path.dirname(filename), files)
        files[filename] = text
        names.append(filename)
    return names


def template_fields(template_file=None, environment_files=None):
    """The request fields for a template and its environments.

    :returns: a dict with ``template``, ``files`` and
        ``environment_files`` (the keys that apply).
    """
    files = {}
    fields = {}
    if template_file:
        fields['template'] = read_template(template_file, files)
    env_names = read_environments(environment_files, files)
    if env_names:
        fields['environment_files'] = env_names
    fields['files'] = files
    return fields


#: The environment sections whose entries later files add to (others
#: are replaced), as the relay lays a caller's environment over its own.
MAP_SECTIONS = ('parameters', 'parameter_defaults', 'resource_registry')


def merged_environment(filenames, files):
    """One environment of ``filenames`` merged in order (for the relay,
    which takes one); the provider templates they name go into ``files``.
    """
    merged = {}
    for filename in filenames or ():
        environment = parse_document(
            common.read_text(filename, 'environment'), filename)
        _collect_registry_files(environment.get('resource_registry'),
                                os.path.dirname(filename), files)
        for section, value in environment.items():
            if section in MAP_SECTIONS and isinstance(value, dict) and \
                    isinstance(merged.get(section), dict):
                merged[section] = dict(merged[section], **value)
            else:
                merged[section] = value
    return merged
