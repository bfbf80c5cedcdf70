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

"""OS::Heat::ResourceGroup: ``count`` copies of one resource definition."""

import copy
import time

from heat_vision.common.i18n import _
from heat_vision.resources.heat import group_batches
from heat_vision.resources import stack_resource
from heat_vision.template import attributes
from heat_vision.template import constraints
from heat_vision.template import properties as hv_properties

# Heat's limit on the pause between two batches.
MAX_PAUSE = 3600


def batch_schema(what, with_min_in_service):
    schema = {
        'max_batch_size': constraints.Schema(
            constraints.Schema.INTEGER,
            _('The most members to %s at once.') % what, default=1,
            constraints=[constraints.Range(min=1)]),
        'pause_time': constraints.Schema(
            constraints.Schema.NUMBER,
            _('Seconds to wait between two batches.'), default=0,
            constraints=[constraints.Range(min=0, max=MAX_PAUSE)]),
    }
    if with_min_in_service:
        schema['min_in_service'] = constraints.Schema(
            constraints.Schema.INTEGER,
            _('Members left untouched while a batch is updated.'),
            default=0, constraints=[constraints.Range(min=0)])
    return schema


class ResourceGroup(stack_resource.MemberAttributes,
                    stack_resource.StackResource):
    """Members named by index in a nested stack.

    ``index_var`` (``%index%`` by default) in the definition's strings is
    replaced by each member's name. Like Heat, the members are the first
    ``count`` indices not removed by a removal policy: a member named in
    ``removal_policies`` is removed (even when the count does not change)
    and its name is never used again; ``removed_rsrc_list`` lists those
    names. The update policies ``batch_create`` and ``rolling_update``
    create or update the members in batches, one child update each.
    Attributes: see MemberAttributes.
    """

    PROPERTIES = (COUNT, RESOURCE_DEF, INDEX_VAR, REMOVAL_POLICIES,
                  REMOVAL_POLICIES_MODE) = (
        'count', 'resource_def', 'index_var', 'removal_policies',
        'removal_policies_mode')
    DEF_KEYS = (TYPE, PROPS, METADATA) = ('type', 'properties', 'metadata')
    REMOVAL_MODES = (APPEND, UPDATE) = ('append', 'update')
    UPDATE_POLICIES = (ROLLING_UPDATE, BATCH_CREATE) = (
        'rolling_update', 'batch_create')
    REMOVED = 'removed'

    properties_schema = {
        COUNT: constraints.Schema(
            constraints.Schema.INTEGER, _('How many members.'), default=1,
            constraints=[constraints.Range(min=0)], update_allowed=True),
        RESOURCE_DEF: constraints.Schema(
            constraints.Schema.MAP, _('The definition of each member.'),
            required=True, update_allowed=True, schema={
                TYPE: constraints.Schema(constraints.Schema.STRING,
                                         _('The members\' type.'),
                                         required=True),
                PROPS: constraints.Schema(constraints.Schema.MAP,
                                          _('The members\' properties.')),
                METADATA: constraints.Schema(constraints.Schema.MAP,
                                             _('The members\' metadata.')),
            }),
        INDEX_VAR: constraints.Schema(
            constraints.Schema.STRING,
            _('Text replaced by each member\'s index in its definition.'),
            default='%index%', constraints=[constraints.Length(min=3)]),
        REMOVAL_POLICIES: constraints.Schema(
            constraints.Schema.LIST,
            _('Members to remove, even when the count does not change.'),
            default=[], update_allowed=True,
            schema=constraints.Schema(
                constraints.Schema.MAP, _('One removal policy.'),
                schema={'resource_list': constraints.Schema(
                    constraints.Schema.LIST,
                    _('Member names or reference ids; a removed name is '
                      'never used again.'), default=[])})),
        REMOVAL_POLICIES_MODE: constraints.Schema(
            constraints.Schema.STRING,
            _('append: add to the names removed before; update: forget '
              'them and keep only those the policies name now.'),
            default=APPEND, update_allowed=True,
            constraints=[constraints.AllowedValues([APPEND, UPDATE])]),
    }
    attributes_schema = {
        'refs': attributes.Schema(_('The members\' reference ids.')),
        'refs_map': attributes.Schema(_('Index to reference id.')),
        'attributes': attributes.Schema(_('Member name to an attribute.')),
        'removed_rsrc_list': attributes.Schema(_('Removed members.')),
    }
    update_policy_schemas = {
        ROLLING_UPDATE: batch_schema('update', True),
        BATCH_CREATE: batch_schema('create', False),
    }
    dynamic_attributes = True

    # Members -------------------------------------------------------------

    @classmethod
    def planned_members(cls, rsrc_def):
        """The group's count when it is known before the stack runs."""
        return cls.known_property(rsrc_def, cls.COUNT) or 0

    def member_names(self):
        count = self.properties[self.COUNT]
        self.check_member_count(count)
        return group_batches.member_names(count, self._removed())

    def member_definition(self, name):
        """The definition (a template snippet) member ``name`` gets."""
        definition = self.properties[self.RESOURCE_DEF]
        index_var = self.properties[self.INDEX_VAR]
        member = {'type': definition[self.TYPE]}
        for key in (self.PROPS, self.METADATA):
            if definition.get(key):
                member[key] = _replace(copy.deepcopy(definition[key]),
                                       index_var, name)
        return member

    def child_template(self):
        return group_batches.child_template(
            (name, self.member_definition(name))
            for name in self.member_names())

    def _current_members(self):
        """``[(name, definition)]`` of the child's members, by index."""
        if self.resource_id is None:
            return []
        child = self.child()
        names = [n for n in child.resource_names()
                 if child.definition.has_resource(n)]
        return [(n, child.definition.resource_definition(n).to_dict())
                for n in sorted(names, key=_index)]

    # Removal policies ----------------------------------------------------

    def _removed(self):
        return set(self.data.get(self.REMOVED, ()))

    def _update_removed(self, members, creating=False):
        """Add the names the removal policies give to the removed ones.

        :param members: the names of the current members.
        :param creating: whether the group is being created (every entry
            is then a name).
        """
        before = self._removed()
        removed = set() if (self.properties[self.REMOVAL_POLICIES_MODE] ==
                            self.UPDATE) else set(before)
        refs = None
        for policy in self.properties[self.REMOVAL_POLICIES] or ():
            for entry in policy.get('resource_list') or ():
                name = str(entry)
                if name in before or name in members or creating:
                    removed.add(name)
                elif isinstance(entry, str):
                    if refs is None:
                        refs = {self.child().get_reference_id(n): n
                                for n in members}
                    if name in refs:
                        removed.add(refs[name])
        self.data[self.REMOVED] = sorted(removed)

    # Actions ------------------------------------------------------------

    def handle_create(self):
        self._update_removed((), creating=True)
        policy = self._update_policy(self.BATCH_CREATE)
        count = self.properties[self.COUNT]
        if not policy or not count:
            return super().handle_create()
        steps = group_batches.batches(count, 0, policy['max_batch_size'])
        self._run_batches(steps, [], policy['pause_time'])
        return self.BATCH_CREATE

    #: The token of a create an engine took over (``resume_token``).
    RESUMED = 'resumed'

    def resume_token(self, action):
        """A create taken over: the check makes the missing batches."""
        return self.RESUMED

    def check_create_complete(self, token):
        if not super().check_create_complete(token):
            return False
        policy = self._update_policy(self.BATCH_CREATE)
        if token == self.RESUMED and policy and self.properties[self.COUNT]:
            # NOTE(heat-vision): an engine taking over a batched create
            # makes the batches the dead engine did not make.
            self._update_removed((), creating=True)
            members = self._current_members()
            done = len(members)
            if {name for name, _ in members} != set(self.member_names()):
                self._run_batches(
                    group_batches.batches(
                        self.properties[self.COUNT], done,
                        policy['max_batch_size'], up_to_date=done),
                    members, policy['pause_time'])
        return True

    def handle_update(self, new_properties, changed):
        self.properties = new_properties
        self._child = None
        members = self._current_members()
        self._update_removed([name for name, _ in members])
        policy = self._update_policy(self.ROLLING_UPDATE)
        if not policy or self.RESOURCE_DEF not in changed:
            return self._apply(self.child_template())
        removed = self._removed()
        current = len([n for n, _ in members if n not in removed])
        steps = group_batches.batches(
            self.properties[self.COUNT], current, policy['max_batch_size'],
            policy['min_in_service'])
        self._run_batches(steps, members, policy['pause_time'])

    def _update_policy(self, key):
        return update_policy(self, key)

    def _run_batches(self, steps, members, pause):
        """One child create or update per batch, pausing in between."""
        timeout = (self.stack.timeout_mins or 0) * 60
        if timeout and pause * max(len(steps) - 1, 0) >= timeout:
            raise stack_resource.NestedStackFailed(reason=_(
                'The current update policy will result in stack update '
                'timeout.'))
        deadline = time.monotonic() + timeout if timeout else None
        for index, (size, num_new) in enumerate(steps):
            if index and pause:
                group_batches.pause(self.stack, pause, deadline)
            members = self._batch(members, size, num_new)
            self._apply(group_batches.child_template(members))

    def _batch(self, members, size, num_new):
        """The members after the next batch (Heat's replace order)."""
        removed = self._removed()
        names = group_batches.member_names(size, removed)
        target = self.properties[self.COUNT]
        valid = [(n, d) for n, d in members if n not in removed]

        def priority(member):
            if member[0] not in names:
                return 0
            index = names.index(member[0])
            return target - index if index < target else size

        existing = {name for name, _ in valid}
        return group_batches.batch_members(
            sorted(valid, key=priority),
            (n for n in names if n not in existing), size, num_new,
            self.member_definition)

    def _apply(self, template):
        apply_template(self, template)


def apply_template(plugin, template):
    """Create ``plugin``'s child with ``template``, or update it to it.

    :raises: NestedStackFailed unless the child is then COMPLETE.
    """
    if plugin.resource_id is None:
        plugin.resource_id = plugin.stack.create_child(
            plugin.name, template, files=plugin.child_files(),
            registry=plugin.child_registry(),
            on_stored=plugin._child_stored)
        row = plugin.stack.child_status(plugin.resource_id)
    else:
        row = plugin.stack.update_child(
            plugin.resource_id, template, files=plugin.child_files(),
            registry=plugin.child_registry())
    plugin._child = None
    if row.status != 'COMPLETE':
        raise stack_resource.NestedStackFailed(reason=row.status_reason)


def update_policy(plugin, key):
    """The checked ``key`` part of ``plugin``'s update policy, or None.

    :param plugin: a plugin with ``update_policy_schemas``.
    """
    rsrc_def = plugin.stack.definition.resource_definition(plugin.name)
    policy = rsrc_def.resolved_update_policy(plugin.stack).get(key)
    if not policy:
        return None
    schema = plugin.update_policy_schemas[key]
    checked = hv_properties.Properties(
        schema, policy, path=['resources', plugin.name, 'update_policy',
                              key])
    checked.validate()
    return {name: checked[name] for name in schema}


def _index(name):
    return (0, int(name), '') if name.isdigit() else (1, 0, name)


def _replace(value, index_var, index):
    """``value`` with ``index_var`` replaced by ``index`` in every string."""
    if isinstance(value, str):
        return value.replace(index_var, index)
    if isinstance(value, list):
        return [_replace(item, index_var, index) for item in value]
    if isinstance(value, dict):
        return {_replace(k, index_var, index): _replace(v, index_var, index)
                for k, v in value.items()}
    return value
