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

"""Engine RPC client methods of a stack's resources.

Served by ``heat_vision.engine.endpoints.resources``.
"""


class ResourceMethods:
    """Client side of ``ResourceEndpoint``."""

    def list_stack_resources(self, ctxt, stack_identity, nested_depth=0,
                             with_detail=False, filters=None, limit=None,
                             marker=None):
        """The resources of a stack (and of its nested stacks).

        :param nested_depth: how many levels of nested stacks to include.
        :param with_detail: add description, metadata and attributes.
        :param filters: ``{name|status|action|type|id|physical_resource_id:
            value or [values]}``.
        :param limit: the most resources returned (the engine lowers it to
            ``max_resources_per_page``, its default).
        :param marker: the last resource of the previous page: a name in
            the stack, or ``<stack id>/<name>``.
        :returns: a list of resources in Heat's engine shape.
        :raises: StackNotFound, InvalidParameter
        """
        kwargs = dict(stack_identity=stack_identity,
                      nested_depth=nested_depth, with_detail=with_detail,
                      filters=filters, limit=limit, marker=marker)
        version = self._newer_args('list_stack_resources', kwargs, '1.13',
                                   '1.2', limit=None, marker=None)
        return self._call(ctxt, 'list_stack_resources', version=version,
                          **kwargs)

    def describe_stack_resource(self, ctxt, stack_identity, resource_name,
                                with_attr=None):
        """One resource with its detail.

        :param with_attr: attribute names to resolve besides the schema's;
            False to resolve none.
        :returns: the resource in Heat's engine shape, with description,
            metadata and attributes.
        :raises: StackNotFound, ResourceNotFound
        """
        return self._call(ctxt, 'describe_stack_resource', version='1.2',
                          stack_identity=stack_identity,
                          resource_name=resource_name, with_attr=with_attr)

    def resource_mark_unhealthy(self, ctxt, stack_identity, resource_name,
                                mark_unhealthy,
                                resource_status_reason=None):
        """Set a resource CHECK_FAILED, or back to CHECK_COMPLETE.

        :param mark_unhealthy: True to mark it unhealthy, False to clear
            a CHECK_FAILED.
        :param resource_status_reason: the reason to record.
        :returns: None
        :raises: StackNotFound, ResourceNotFound, ActionInProgress,
            InvalidParameter
        """
        return self._call(ctxt, 'resource_mark_unhealthy', version='1.2',
                          stack_identity=stack_identity,
                          resource_name=resource_name,
                          mark_unhealthy=mark_unhealthy,
                          resource_status_reason=resource_status_reason)
