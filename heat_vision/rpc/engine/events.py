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

"""Engine RPC client methods of a stack's events.

Served by ``heat_vision.engine.endpoints.events``.
"""


class EventMethods:
    """Client side of ``EventEndpoint``."""

    def list_events(self, ctxt, stack_identity, filters=None, limit=None,
                    marker=None, sort_keys=None, sort_dir=None,
                    nested_depth=None):
        """The events of a stack, its own included.

        :param filters: ``{resource_action|resource_status|resource_name|
            resource_type: value or [values]}``.
        :param marker: the id of the last event of the previous page.
        :param sort_keys: ``event_time`` and/or ``resource_type``.
        :param sort_dir: ``asc`` (the default) or ``desc``.
        :param nested_depth: how many levels of nested stacks to include.
        :returns: a list of event summaries in Heat's engine shape.
        :raises: StackNotFound, InvalidParameter, EntityNotFound (marker)
        """
        return self._call(ctxt, 'list_events', version='1.2',
                          stack_identity=stack_identity, filters=filters,
                          limit=limit, marker=marker, sort_keys=sort_keys,
                          sort_dir=sort_dir, nested_depth=nested_depth)

    def show_event(self, ctxt, stack_identity, resource_name, event_id):
        """One event of a resource, with its detail.

        :returns: the event in Heat's engine shape.
        :raises: StackNotFound, NotFound
        """
        return self._call(ctxt, 'show_event', version='1.2',
                          stack_identity=stack_identity,
                          resource_name=resource_name, event_id=event_id)
