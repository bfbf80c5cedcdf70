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

"""OS::Heat::AccessPolicy: the resources users may describe.

As Heat's heat/engine/resources/openstack/heat/access_policy.py: it
holds the names in ``AllowedResources``, each of which must be a
resource of the stack (checked at validation), and makes nothing.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema


class AccessPolicy(base.Resource):
    """Names the resources that users may access by the
    DescribeStackResource API.
    """

    PROPERTIES = (ALLOWED_RESOURCES,) = ('AllowedResources',)
    properties_schema = {
        ALLOWED_RESOURCES: Schema(
            Schema.LIST,
            _('Resources that users are allowed to access by the '
              'DescribeStackResource API.'), required=True),
    }
    attributes_schema = {
        'show': attributes.Schema(
            _('Detailed information about the resource: none, as in '
              'Heat, where it makes nothing to show.'),
            type=attributes.Schema.MAP)}
    creates_external = False
    runs_in_walk = True

    @classmethod
    def validate_in_stack(cls, properties, path, stack):
        try:
            allowed = properties.get(cls.ALLOWED_RESOURCES) or ()
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        names = stack.resource_names
        for name in allowed:
            if str(name) not in names:
                raise exception.StackValidationFailed(
                    _('AccessPolicy resource %s not in stack') % name,
                    path=list(path) + [cls.ALLOWED_RESOURCES])

    # Nothing is made: no physical id, its reference is its name (Heat's
    # handle_create passes).

    def access_allowed(self, resource_name):
        """:returns: whether ``resource_name`` may be described."""
        return resource_name in self.properties[self.ALLOWED_RESOURCES]

    def get_attribute(self, name, *path):
        return None
