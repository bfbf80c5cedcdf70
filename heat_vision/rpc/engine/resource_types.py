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

"""Engine RPC client methods of resource types and the engine's build.

Served by ``heat_vision.engine.endpoints.resource_types``.
"""


class ResourceTypeMethods:
    """Client side of ``ResourceTypeEndpoint``."""

    def list_resource_types(self, ctxt, support_status=None, type_name=None,
                            heat_version=None, with_description=False):
        """The resource types, sorted by name (hidden ones left out).

        :param support_status: only types with this status (SUPPORTED ...).
        :param type_name: only types whose name matches this regex.
        :param heat_version: only types supported since this version.
        :param with_description: give ``{resource_type, description}``
            dicts instead of names.
        :returns: a list of names, or of dicts with ``with_description``.
        :raises: Invalid for an unknown support status.
        """
        kwargs = dict(support_status=support_status, type_name=type_name,
                      heat_version=heat_version,
                      with_description=with_description)
        version = self._newer_args(
            'list_resource_types', kwargs, '1.2', '1.1', support_status=None,
            type_name=None, heat_version=None, with_description=False)
        return self._call(ctxt, 'list_resource_types', version=version,
                          **kwargs)

    def resource_schema(self, ctxt, type_name, with_description=False):
        """:returns: the type's schema: resource_type, properties,
            attributes, support_status (and description).

        :raises: EntityNotFound
        """
        return self._call(ctxt, 'resource_schema', version='1.2',
                          type_name=type_name,
                          with_description=with_description)

    def generate_template(self, ctxt, type_name, template_type='cfn'):
        """:param template_type: ``hot`` or ``cfn``.

        :returns: a template using the type, its properties as parameters
            and its attributes as outputs.
        :raises: EntityNotFound, InvalidParameter
        """
        return self._call(ctxt, 'generate_template', version='1.2',
                          type_name=type_name, template_type=template_type)

    def get_revision(self, ctxt):
        """:returns: the engine's version string (``build_info``)."""
        return self._call(ctxt, 'get_revision', version='1.2')
