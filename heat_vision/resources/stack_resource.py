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

"""Base of resources that own a nested stack (groups, chains, stacks).

A subclass says what its child stack is (``child_template`` and
``child_parameters``); this base creates and deletes it through the
engine's nested-stack support and reads attributes from it.
"""

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import properties as hv_properties

CONF = cfg.CONF


class NestedStackFailed(exception.HeatVisionException):
    msg_fmt = '%(reason)s'


class StackResource(base.Resource):
    """A resource whose physical id is the id of its child stack."""

    # The child's id is stored before the child runs (see handle_create).
    creates_external = False
    # A failed child stack is updated, its own resources deciding what to
    # replace (Heat's StackResource._needs_update).
    replace_failed = False

    @classmethod
    def known_property(cls, rsrc_def, key):
        """A property's value known before the stack runs, else None.

        Known means literal or from parameters, not from other resources.
        """
        checked = hv_properties.Properties(
            cls.properties_schema, rsrc_def.properties,
            path=['resources', rsrc_def.name, 'properties'])
        try:
            return checked[key]
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return None

    def check_member_count(self, count):
        """Refuse a child of ``count`` members before building it.

        :raises: RequestLimitExceeded past max_resources_per_stack (the
            whole tree is counted again when the child is stored).
        """
        limit = CONF.max_resources_per_stack
        if 0 <= limit < count:
            raise exception.RequestLimitExceeded(message=_(
                'resources.%(name)s: %(count)d members are more than the '
                '%(limit)d resources a stack may have '
                '(max_resources_per_stack).')
                % {'name': self.name, 'count': count, 'limit': limit})

    def child_template(self):
        """:returns: the child stack's template, as a dict."""
        raise NotImplementedError

    def child_parameters(self):
        """:returns: the child stack's parameter values."""
        return {}

    def child_files(self):
        """:returns: the files the child template may reference."""
        return None

    def child_registry(self):
        """The parent's resource registry, which the child inherits."""
        env = self.stack.definition.env.user_env_as_dict()
        return env.get('resource_registry') or {}

    def handle_create(self):
        self.resource_id = self.stack.create_child(
            self.name, self.child_template(), self.child_parameters(),
            files=self.child_files(), registry=self.child_registry(),
            on_stored=self._child_stored)

    def _child_stored(self, child_id):
        self.resource_id = child_id
        self.stack.save_resource_id(self.name, child_id)

    def check_create_complete(self, token):
        row = self.stack.child_status(self.resource_id)
        if row.status == 'IN_PROGRESS':
            # Only after an engine take-over: carry the child on here.
            self.stack.resume_child(self.resource_id)
            row = self.stack.child_status(self.resource_id)
        if row.status == 'COMPLETE':
            return True
        if row.status == 'FAILED':
            raise NestedStackFailed(reason=row.status_reason)
        return False

    def handle_update(self, new_properties, changed):
        """Update the child stack to what the new properties describe."""
        self.properties = new_properties
        self._child = None
        row = self.stack.update_child(
            self.resource_id, self.child_template(),
            self.child_parameters(), files=self.child_files(),
            registry=self.child_registry())
        if row.status != 'COMPLETE':
            raise NestedStackFailed(reason=row.status_reason)

    def handle_delete(self):
        if self.resource_id:
            self.stack.delete_child(self.resource_id, self.name)

    def check_delete_complete(self, token):
        """A child whose delete failed fails this resource: what it
        could not delete (a network Neutron still holds ...) is there,
        and the parent's delete must not complete over it, as Heat's
        heat/engine/resources/stack_resource.py ``check_delete_complete``
        (``_check_status_complete(DELETE)`` raises ``ResourceFailure``
        for a FAILED child).
        """
        if not self.resource_id:
            return True
        try:
            row = self.stack.child_status(self.resource_id)
        except exception.StackNotFound:
            return True
        if (row.action, row.status) == ('DELETE', 'FAILED'):
            raise NestedStackFailed(reason=row.status_reason)
        return True

    def child(self):
        """The child stack's facade, loaded once per plugin."""
        if getattr(self, '_child', None) is None:
            self._child = self.stack.child(self.resource_id)
        return self._child

    def child_outputs(self):
        """``{name: value}`` of the child stack's outputs."""
        return self.child().outputs()


class MemberAttributes:
    """Attributes of a group-like resource whose members are "0".."n-1".

    ``refs``, ``refs_map``, ``resource.N`` (a member's reference id, or
    ``resource.N.attr`` / ``[resource.N, attr]`` for its attribute),
    ``attributes`` (member name to one attribute), and any other name:
    that attribute of every member, in index order.
    """

    def get_reference_id(self):
        return self.resource_id or self.name

    def get_attribute(self, name, *path):
        child = self.child()
        names = sorted(child.resource_names(), key=int)
        if name.startswith('resource.'):
            parts = name.split('.', 2)
            member, rest = parts[1], parts[2:] + list(path)
            if not rest:
                return child.get_reference_id(member)
            return child.get_attribute(member, *rest)
        if name == 'refs':
            return [child.get_reference_id(n) for n in names]
        if name == 'refs_map':
            return {n: child.get_reference_id(n) for n in names}
        if name == 'attributes':
            return {n: child.get_attribute(n, *path) for n in names}
        if name == 'removed_rsrc_list':
            return list(self.data.get('removed', []))
        return [child.get_attribute(n, name, *path) for n in names]
