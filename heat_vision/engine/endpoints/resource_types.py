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

"""RPC endpoint of resource types (list, schema, template) and build info.
"""

import re

import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import types as fmt
from heat_vision.resources import registry
from heat_vision.rpc import api as rpc_api
from heat_vision import version

TEMPLATE_TYPES = ('hot', 'cfn')


class ResourceTypeEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    @base.user_errors
    def list_resource_types(self, ctxt, support_status=None, type_name=None,
                            heat_version=None, with_description=False):
        if (support_status is not None and
                support_status not in rpc_api.SUPPORT_STATUSES):
            raise exception.Invalid(
                reason=_('Invalid support status and should be one of %s')
                % ', '.join(rpc_api.SUPPORT_STATUSES))
        found = []
        for name in registry.type_names():
            cls = registry.get_class(name)
            status = fmt.support_status(cls)
            if (status['status'] == 'HIDDEN' or
                    not _name_matches(type_name, name) or
                    (support_status and status['status'] != support_status)
                    or (heat_version and
                        str(status.get('version')) != str(heat_version))):
                continue
            found.append({rpc_api.RES_SCHEMA_RES_TYPE: name,
                          rpc_api.RES_SCHEMA_DESCRIPTION:
                          fmt.description(cls)}
                         if with_description else name)
        return found

    @base.user_errors
    def resource_schema(self, ctxt, type_name, with_description=False):
        return fmt.format_schema(type_name, _class(type_name),
                                 with_description)

    @base.user_errors
    def generate_template(self, ctxt, type_name, template_type='cfn'):
        if template_type not in TEMPLATE_TYPES:
            raise exception.InvalidParameter(
                reason=_('Template type is not supported: %s') %
                template_type)
        return fmt.generate_template(type_name, _class(type_name),
                                     template_type)

    @base.user_errors
    def get_revision(self, ctxt):
        return version.version_string()


def _class(type_name):
    if type_name not in registry.type_names():
        raise exception.EntityNotFound(entity='Resource Type',
                                       name=type_name)
    return registry.get_class(type_name)


def _name_matches(pattern, name):
    if pattern is None:
        return True
    try:
        return re.match(pattern, name) is not None
    except re.error:
        return False
