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

"""OS::Heat::None: a resource that does nothing, for stubs and tests."""

from heat_vision.resources import base


class NoneResource(base.Resource):
    """Accepts any properties and creates nothing.

    Like Heat's, its reference id is a generated physical name, so that
    templates that pass it around behave as with a real resource.
    """

    # None, not {}: any property is accepted and ignored.
    properties_schema = None
    creates_external = False
    runs_in_walk = True

    def handle_create(self):
        self.resource_id = self.physical_resource_name()

    def get_attribute(self, name, *path):
        return None
