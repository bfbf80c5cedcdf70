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

"""The operator's environment for CloudFormation stacks.

``[relay] cfn_environment`` names an environment file whose
``resource_registry`` extends the AWS type mapping, as Heat's global
environment maps ``AWS::RDS::DBInstance`` to a provider template
(heat etc/heat/environment.d/default.yaml). The provider templates it
names by a relative path (or a ``file://`` URL) are read beside it and
sent with the stack, so the engine finds them in the stack's files.
"""

import os
from urllib import parse

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import parser
from heat_vision.template import registry

CONF = cfg.CONF


def _read(path):
    limit = CONF.translators.max_document_size
    try:
        with open(path, 'rb') as handle:
            data = handle.read(limit + 1)
    except OSError as exc:
        raise exception.InvalidEnvironment(reason=_(
            '[relay] cfn_environment: %(path)s cannot be read: %(why)s')
            % {'path': path, 'why': exc.strerror})
    if len(data) > limit:
        raise exception.InvalidEnvironment(reason=_(
            '[relay] cfn_environment: %s is larger than [translators] '
            'max_document_size') % path)
    return data.decode('utf-8', 'replace')


def _templates(mappings, folder):
    """``{name as written: text}`` of the local provider templates."""
    files = {}
    for key, value in mappings.items():
        if key == 'base_url':
            continue
        if isinstance(value, dict):
            files.update(_templates(value, folder))
        elif isinstance(value, str) and registry.is_template(value):
            url = parse.urlparse(value)
            if url.scheme not in ('', 'file'):
                continue
            path = url.path if url.scheme else os.path.join(folder, value)
            files[value] = _read(path)
    return files


def load():
    """:returns: (environment dict, files) of ``[relay] cfn_environment``,
        or ``({}, {})`` when it is not set.

    :raises: InvalidEnvironment naming the file when it is unusable.
    """
    path = CONF.relay.cfn_environment
    if not path:
        return {}, {}
    env = parser.load_environment(_read(path))
    mappings = env.get('resource_registry') or {}
    registry.ResourceRegistry(mappings)
    return env, _templates(mappings, os.path.dirname(path))
