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

"""OS::Heat::AutoScalingGroup: a group whose size policies adjust."""

import base64
import copy
import secrets
import time

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources.heat import group_batches
from heat_vision.resources.heat import resource_group
from heat_vision.resources.heat import scaling
from heat_vision.resources import stack_resource
from heat_vision.template import attributes
from heat_vision.template import constraints


def new_member_name():
    """A random 12 character member name, as Heat's short ids: the first
    60 random bits in lower-case base32 (heat/common/short_id.py,
    ``generate_id``), from one read of the system's random source.
    """
    return base64.b32encode(secrets.token_bytes(8))[:12].decode().lower()


class AutoScalingGroup(stack_resource.StackResource):
    """Members of one definition in a nested stack, between min and max.

    Like Heat, members get random short names and are kept in creation
    order: a shrink removes the oldest first. ``adjust`` (called by a
    ``OS::Heat::ScalingPolicy``) resizes the group; a change of the member
    definition replaces the members in batches (``rolling_updates``).
    The group's cooldown is kept in its metadata.
    """

    PROPERTIES = (RESOURCE, MIN_SIZE, MAX_SIZE, DESIRED_CAPACITY, COOLDOWN,
                  ROLLING_UPDATES) = (
        'resource', 'min_size', 'max_size', 'desired_capacity', 'cooldown',
        'rolling_updates')
    ROLLING_KEYS = (MIN_IN_SERVICE, MAX_BATCH_SIZE, PAUSE_TIME) = (
        'min_in_service', 'max_batch_size', 'pause_time')
    ATTRIBUTES = (OUTPUTS, OUTPUTS_LIST, CURRENT_SIZE, REFS, REFS_MAP) = (
        'outputs', 'outputs_list', 'current_size', 'refs', 'refs_map')
    #: The properties whose change rolls new members in.
    MEMBER_KEYS = (RESOURCE,)

    properties_schema = {
        RESOURCE: constraints.Schema(
            constraints.Schema.MAP,
            _('The definition of each member, in HOT format (type, '
              'properties, metadata).'), required=True, update_allowed=True),
        MIN_SIZE: constraints.Schema(
            constraints.Schema.INTEGER, _('The fewest members.'),
            required=True, update_allowed=True,
            constraints=[constraints.Range(min=0)]),
        MAX_SIZE: constraints.Schema(
            constraints.Schema.INTEGER, _('The most members.'),
            required=True, update_allowed=True,
            constraints=[constraints.Range(min=0)]),
        DESIRED_CAPACITY: constraints.Schema(
            constraints.Schema.INTEGER,
            _('The number of members to have (min_size by default).'),
            update_allowed=True),
        COOLDOWN: constraints.Schema(
            constraints.Schema.INTEGER,
            _('Seconds after a scaling during which another is refused.'),
            update_allowed=True, constraints=[constraints.Range(min=0)]),
        ROLLING_UPDATES: constraints.Schema(
            constraints.Schema.MAP,
            _('How members are replaced when their definition changes.'),
            default={MIN_IN_SERVICE: 0, MAX_BATCH_SIZE: 1, PAUSE_TIME: 0},
            update_allowed=True,
            schema=resource_group.batch_schema('update', True)),
    }
    attributes_schema = {
        OUTPUTS: attributes.Schema(
            _('Member name to one of its attributes (get_attr: [group, '
              'outputs, attribute]).'), type=attributes.Schema.MAP),
        OUTPUTS_LIST: attributes.Schema(
            _('One attribute of every member, oldest first.'),
            type=attributes.Schema.LIST),
        CURRENT_SIZE: attributes.Schema(
            _('The number of members.'), type=attributes.Schema.INTEGER),
        REFS: attributes.Schema(
            _('The members\' reference ids, oldest first.'),
            type=attributes.Schema.LIST),
        REFS_MAP: attributes.Schema(
            _('Member name to reference id.'), type=attributes.Schema.MAP),
    }

    @classmethod
    def validate_properties(cls, properties, path):
        """min_size <= desired_capacity <= max_size, as Heat checks."""
        try:
            low, high = properties[cls.MIN_SIZE], properties[cls.MAX_SIZE]
            desired = properties[cls.DESIRED_CAPACITY]
            definition = properties[cls.RESOURCE]
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if low is not None and high is not None and low > high:
            raise exception.StackValidationFailed(
                _('min_size (%(min)s) may not be more than max_size '
                  '(%(max)s).') % {'min': low, 'max': high},
                path=path + [cls.MIN_SIZE])
        if desired is not None and low is not None and high is not None \
                and not low <= desired <= high:
            raise exception.StackValidationFailed(
                _('desired_capacity (%(desired)s) must be between min_size '
                  '(%(min)s) and max_size (%(max)s).') %
                {'desired': desired, 'min': low, 'max': high},
                path=path + [cls.DESIRED_CAPACITY])
        if isinstance(definition, dict) and not isinstance(
                definition.get('type'), str):
            raise exception.StackValidationFailed(
                _('The resource definition of the members needs a type.'),
                path=path + [cls.RESOURCE])

    # Members -------------------------------------------------------------

    @classmethod
    def planned_members(cls, rsrc_def):
        """The initial size when it is known before the stack runs."""
        desired = cls.known_property(rsrc_def, cls.DESIRED_CAPACITY)
        if desired is None:
            desired = cls.known_property(rsrc_def, cls.MIN_SIZE)
        return desired or 0

    def member_definition(self, name=None):
        """The definition (a template snippet) every member gets."""
        definition = self.properties[self.RESOURCE]
        member = {'type': definition['type']}
        for key in ('properties', 'metadata'):
            if definition.get(key):
                member[key] = copy.deepcopy(definition[key])
        return member

    def _members(self):
        """``[(name, definition)]`` of the members, oldest first."""
        if self.resource_id is None:
            return []
        child = self.child()
        return [(n, child.definition.resource_definition(n).to_dict())
                for n in child.resource_names()
                if child.definition.has_resource(n)]

    def _names(self):
        return [name for name, _defn in self._members()]

    def child_template(self):
        size = self._initial_size()
        self.check_member_count(size)
        return group_batches.child_template(
            (new_member_name(), self.member_definition())
            for _i in range(size))

    def _initial_size(self):
        desired = self.properties[self.DESIRED_CAPACITY]
        return self.properties[self.MIN_SIZE] if desired is None else desired

    def _resize(self, members, size, num_new=0):
        """Update the child to ``size`` members (the oldest go first)."""
        self.check_member_count(size)
        names = iter(new_member_name, None)
        template = group_batches.child_template(group_batches.batch_members(
            members, names, size, num_new, self.member_definition))
        row = self.stack.update_child(self.resource_id, template,
                                      files=self.child_files(),
                                      registry=self.child_registry())
        self._child = None
        if row.status != 'COMPLETE':
            raise stack_resource.NestedStackFailed(reason=row.status_reason)

    # Actions ------------------------------------------------------------

    def handle_create(self):
        self.validate_properties(self.properties,
                                 ['resources', self.name, 'properties'])
        return super().handle_create()

    def handle_update(self, new_properties, changed):
        """Roll new member definitions in, then resize.

        Like Heat, the size kept is the current one unless
        desired_capacity changed; it is brought within the new bounds.
        Without a roll the child is updated even at the same size, as
        Heat's resize always updates it: its failed members are replaced.
        """
        self.properties = new_properties
        self._child = None
        self.validate_properties(new_properties,
                                 ['resources', self.name, 'properties'])
        members = self._members()
        rolled = any(key in changed for key in self.MEMBER_KEYS) and members
        if rolled:
            self._roll(members)
            members = self._members()
        size = len(members)
        if (self.DESIRED_CAPACITY in changed and
                new_properties[self.DESIRED_CAPACITY] is not None):
            size = new_properties[self.DESIRED_CAPACITY]
        size = max(new_properties[self.MIN_SIZE],
                   min(new_properties[self.MAX_SIZE], size))
        if size != len(members) or not rolled:
            self._resize(members, size)

    def rolling_policy(self):
        """``{min_in_service, max_batch_size, pause_time}`` of a roll."""
        return self.properties[self.ROLLING_UPDATES] or {}

    def _roll(self, members):
        """Replace the members in batches (``rolling_updates``)."""
        policy = self.rolling_policy()
        count = len(members)
        steps = group_batches.batches(
            count, count, policy.get(self.MAX_BATCH_SIZE) or 1,
            policy.get(self.MIN_IN_SERVICE) or 0)
        deadline = None
        timeout = (self.stack.timeout_mins or 0) * 60
        pause = policy.get(self.PAUSE_TIME) or 0
        if timeout:
            deadline = time.monotonic() + timeout
        for index, (size, num_new) in enumerate(steps):
            if index and pause:
                group_batches.pause(self.stack, pause, deadline)
            wanted = self.member_definition()
            # Heat's order: those still to replace first, oldest first.
            members = sorted(members, key=lambda m: m[1] == wanted)
            self._resize(members, size, num_new)
            members = self._members()

    # Scaling -------------------------------------------------------------

    def scaling_blocked(self):
        """:returns: None when the group may scale now, else
        ``(reason, until)``: why not, and when to try again (the end of
        its cooldown, or None: at the next sweep).
        """
        action, status = self.stack.resource_state(self.name)
        if status != 'COMPLETE':
            # As Heat: a group being created, updated ... is not resized.
            return _('group %(name)s is %(action)s_%(status)s') % {
                'name': self.name, 'action': action, 'status': status}, None
        if self.stack.tree_being_created():
            return _('the stacks of group %(name)s are still being '
                     'created') % {'name': self.name}, None
        end = scaling.in_cooldown(self.metadata)
        if end is not None:
            return _('group %(name)s in cooldown until %(end)s') % {
                'name': self.name, 'end': end.isoformat()}, end
        return None

    def finish_interrupted_resize(self):
        """Finish a resize of the members that a dead engine left under way
        (a member half made must not stay so, counted, in a child that a
        later resize marks complete).

        The caller holds the group's claim: a child in progress while the
        group itself is complete is the resize of a claim's dead holder.
        :returns: the group's size once finished; None when no resize
            was left under way.
        """
        if self.resource_id is None:
            return None
        if self.stack.resource_state(self.name)[1] != 'COMPLETE':
            return None     # an operation on the group owns its child
        if self.stack.child_status(self.resource_id).status != 'IN_PROGRESS':
            return None
        self.stack.resume_child(self.resource_id)
        self._child = None
        self.metadata = scaling.start_cooldown(
            self.metadata, self.properties[self.COOLDOWN])
        self.stack.save_metadata(self.name, self.metadata)
        return len(self._names())

    def apply_adjustments(self, pending):
        """Resize the group once for every pending adjustment, in order.

        The caller holds the group's claim and checked
        ``scaling_blocked``. :returns: ``(changed, reason)``.
        """
        members = self._members()
        current = len(members)
        size = scaling.pending_capacity(
            current, pending, self.properties[self.MIN_SIZE],
            self.properties[self.MAX_SIZE])
        if size == current:
            return False, _('group %(name)s stays at %(size)d members') % {
                'name': self.name, 'size': size}
        self._resize(members, size)
        self.metadata = scaling.start_cooldown(
            self.metadata, self.properties[self.COOLDOWN])
        self.stack.save_metadata(self.name, self.metadata)
        return True, _('group %(name)s resized from %(old)d to %(new)d') % {
            'name': self.name, 'old': current, 'new': size}

    def describe(self):
        """:returns: the group's size and limits, as a CEP is told."""
        end = scaling.in_cooldown(self.metadata)
        return {'size': len(self._names()),
                'min_size': self.properties[self.MIN_SIZE],
                'max_size': self.properties[self.MAX_SIZE],
                'desired_capacity': self.properties[self.DESIRED_CAPACITY],
                'cooldown': self.properties[self.COOLDOWN],
                'cooldown_until': end.isoformat() if end else None}

    # Attributes ----------------------------------------------------------

    def get_attribute(self, name, *path):
        child = self.child() if self.resource_id else None
        names = self._names() if child is not None else []
        if name == self.CURRENT_SIZE:
            return len(names)
        if name == self.REFS:
            return [child.get_reference_id(n) for n in names]
        if name == self.REFS_MAP:
            return {n: child.get_reference_id(n) for n in names}
        if name in (self.OUTPUTS, self.OUTPUTS_LIST):
            if path:
                values = [(n, child.get_attribute(n, *path)) for n in names]
            else:
                values = [(n, child.get_all_attributes(n)) for n in names]
            return dict(values) if name == self.OUTPUTS else [
                v for _n, v in values]
        return super().get_attribute(name, *path)
