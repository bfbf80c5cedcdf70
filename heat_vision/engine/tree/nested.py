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

"""Nested stacks: child stacks owned by a resource of their parent.

A resource such as ``OS::Heat::ResourceGroup`` creates its child stack
through here. The child's operation runs inline, on the parent's worker
thread, under the parent's lock: no RPC round trip, and no chance of a
pool of parents all waiting for children that cannot start.
"""

import contextlib

from oslo_config import cfg
from oslo_db import exception as db_exc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import ids
from heat_vision.db import api as db_api
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import create
from heat_vision.engine.actions import delete
from heat_vision.engine.actions import resume
from heat_vision.engine.actions import update
from heat_vision.engine import model
from heat_vision.engine import stack as stack_mod
from heat_vision.engine.tree import batched
from heat_vision.engine.tree import budget as tree_budget
from heat_vision.engine.tree import prefetch

CONF = cfg.CONF


def child_name(parent, resource_name):
    """The child stack's name, as Heat names it."""
    return '%s-%s-%s' % (parent.name, resource_name,
                         parent.short_id(resource_name))


def create_child(parent, resource_name, tmpl_dict, parameters=None,
                 files=None, timeout_mins=None, registry=None,
                 on_stored=None):
    """Store and create the child stack; returns once it is done.

    :param parent: the parent's runtime ``Stack``.
    :param registry: the resource_registry the child's environment has.
    :param on_stored: called with the child's id in the transaction
        that stores it, so the parent resource records it with the child
        (an engine taking over then finds the child instead of orphaning
        it). Its writes must join that transaction (the parent's
        context, which stores the child).
    :returns: the child stack's id (the parent resource's physical id)
        and its row as the create left it (complete or failed).
    :raises: StackValidationFailed (also for a nesting too deep)
    """
    depth = parent.row.nested_depth + 1
    if depth > CONF.max_nested_stack_depth:
        raise exception.StackValidationFailed(
            _('Recursion depth exceeds %d.') % CONF.max_nested_stack_depth,
            path=['resources', resource_name])
    context = parent.context
    files = files if files is not None else parent.files
    env_dict = {'parameters': parameters or {},
                'resource_registry': registry or {}}
    stack_id = ids.generate_uuid()
    name = child_name(parent, resource_name)
    definition = model.build_definition(tmpl_dict, env_dict, files, name,
                                        stack_id, context.project_id)
    canonical = db_stacks.canonical_template(context.project_id, tmpl_dict,
                                             files or {}, env_dict)
    digest = db_stacks.hash_of(canonical)
    _validate(parent, definition, digest, canonical)
    args = {'timeout_mins': timeout_mins or parent.row.timeout,
            'disable_rollback': True}
    shape = (_shape(parent, definition, digest, canonical)
             if batched.stores_children(parent) else None)
    if shape is not None and shape.light:
        return stack_id, _create_in_batches(
            parent, resource_name, digest, create.NewStack(
                stack_id, name, tmpl_dict, env_dict, files, definition,
                args, owner=parent.row), shape)
    with _room_for(parent, definition, resource_name):
        # The parent resource's row is written in the store's transaction:
        # a flush of the parent's walk may hold it.
        child = db_api.retrying_deadlocks(
            context, create.store, context, create.NewStack(
                stack_id, name, tmpl_dict, env_dict, files, definition,
                args, owner=parent.row),
            also=(lambda: on_stored(stack_id)) if on_stored else None,
            loaded=True, template_id=parent.child_templates.get(digest))
    # Siblings of one template (group members, a thousand OS::Heat::Stack)
    # point at the row this child's store committed: no insert and read
    # of it each. A purge cannot take it meanwhile, this child uses it.
    parent.child_templates[digest] = child.row.raw_template_id
    row = create.run(context, stack_id, budget=parent.tree_budget,
                     new_stack=True, stack=child)
    return stack_id, row


# Pseudo parameters whose values differ between siblings of one template.
_OWN_NAMES = ('OS::stack_', 'AWS::Stack')


def _validate(parent, definition, digest, canonical):
    """Validate the child's definition, once per content among the
    children of ``parent`` (a thousand group members are one template,
    environment and files) unless it reads its own name or id.
    """
    if digest in parent.child_validated:
        return
    model.validate(definition)
    if _shared(canonical):
        parent.child_validated.add(digest)


def _shared(canonical):
    """Whether children of this content are alike whatever their names
    and ids (a condition or a default may read them).
    """
    return not any(name in canonical for name in _OWN_NAMES)


def _shape(parent, definition, digest, canonical):
    """The child's ``batched.Shape``, found once per content among the
    children of ``parent``, as its validation is.
    """
    shape = parent.child_shapes.get(digest)
    if shape is None:
        shape = batched.Shape(definition)
        if _shared(canonical):
            parent.child_shapes[digest] = shape
    return shape


def _create_in_batches(parent, resource_name, digest, new, shape):
    """Create a child of light resources that the parent walk's next
    flush stores (``tree.batched``). :returns: its row.
    """
    room = _room_for(parent, new.definition, resource_name)
    room.__enter__()
    try:
        return batched.create_child(
            parent, resource_name, new, digest, parent.tree_budget,
            release=lambda: room.__exit__(None, None, None), shape=shape)
    except BaseException:
        room.__exit__(None, None, None)
        raise


def _room_for(parent, definition, resource_name):
    """A context manager to store a new child in: it refuses one the tree
    has no room for (``max_resources_per_stack``).
    """
    limit = CONF.max_resources_per_stack
    if limit >= 0 and parent.tree_budget is not None:
        return parent.tree_budget.reserve(
            model.planned_resource_count(definition, limit), limit,
            resource_name)
    _check_tree_size(parent, definition, resource_name)
    return contextlib.nullcontext()


def _check_tree_size(parent, definition, resource_name, replacing=None):
    """max_resources_per_stack counts the whole tree, as Heat does.

    :param replacing: the id of a child whose resources the new
        definition replaces (an update), not counted twice.
    :raises: RequestLimitExceeded
    """
    limit = CONF.max_resources_per_stack
    if limit < 0:
        return
    context = parent.context
    root = tree_budget.root_row(context, parent.row)
    existing = tree_budget.count_tree(context, root.id, leave_out=replacing)
    planned = model.planned_resource_count(definition, limit)
    if existing + planned > limit:
        raise tree_budget.too_many(resource_name, existing + planned, limit)


def resume_child(context, child_id):
    """Carry on a child's operation that a dead engine left under way."""
    resume.resume(context, child_id)


def update_child(parent, child_id, tmpl_dict, parameters=None,
                 files=None, registry=None):
    """Update the child stack to a new template (inline).

    Siblings updated to one content (a thousand ``OS::Heat::Stack`` of
    one template) are validated once and point at the template row the
    first one stored; from the second child on, the parent's update
    reads its other children with their resources at once
    (``prefetch.child_for_update``).

    :returns: the child's row once the update is over.
    :raises: StackValidationFailed
    """
    context = parent.context
    found = prefetch.child_for_update(parent, child_id)
    row = found[0] if found is not None else db_stacks.stack_get(
        context, child_id)
    files = files if files is not None else parent.files
    env_dict = {'parameters': parameters or {},
                'resource_registry': registry or {}}
    definition = model.build_definition(tmpl_dict, env_dict, files,
                                        row.name, row.id, row.project_id)
    canonical = db_stacks.canonical_template(context.project_id, tmpl_dict,
                                             files or {}, env_dict)
    digest = db_stacks.hash_of(canonical)
    _validate(parent, definition, digest, canonical)
    _check_tree_size(parent, definition, None, replacing=child_id)
    room = _begin_update(parent, row, digest, (tmpl_dict, files, env_dict))
    stack = None
    if found is not None:
        # The resources as read with the siblings; the definition is the
        # new template's, as ``Stack.load`` would build it from the row
        # ``begin`` points at it.
        stack = stack_mod.Stack(context, row, definition, found[1])
        stack.files = files or {}
    # ``begin`` left the row as it stored it: read neither again.
    return update.run(context, child_id, row=row, stack=stack,
                      event_room=room)


def _begin_update(parent, row, digest, template):
    """Point the child's row at its new template and mark it
    IN_PROGRESS (``update.begin``), storing the template unless a sibling
    stored the same content in this operation (siblings updated side by
    side wait for the first one's store).

    :returns: what ``update.begin`` returns.
    """
    context = parent.context
    with parent.child_templates_lock:
        template_id = parent.child_templates.get(digest)
        if template_id is None:
            template_id = db_stacks.raw_template_create(context, *template)
            parent.child_templates[digest] = template_id
    try:
        return update.begin(context, row, template_id)
    except db_exc.DBReferenceError:
        # Purged meanwhile: stored again, as ``with_stored_template``
        # does.
        return db_stacks.with_stored_template(
            context, *template,
            lambda template_id: update.begin(context, row, template_id))


def delete_child(context, child_id, parent=None, resource_name=None):
    """Delete the child stack (inline). A child already gone is fine.

    :param parent: the parent's runtime ``Stack``, whose walk's batches
        may write the delete of a child of light resources
        (``tree.batched``), with ``resource_name``, the child's resource.
    :returns: the child's row as the delete left it (its state set), or
        None if it was gone already.
    """
    try:
        stack = (prefetch.load_child(parent, child_id) if parent is not None
                 else stack_mod.Stack.load(context, child_id))
    except exception.StackNotFound:
        return None
    if parent is not None and batched.deletes_in_batches(parent, stack):
        batched.delete_child(parent, resource_name, stack)
    else:
        delete.run(context, child_id, stack=stack)
    return stack.row


def child_row(context, child_id):
    return db_stacks.stack_get(context, child_id, show_deleted=True)


def load_child(context, child_id):
    """The child's runtime ``Stack`` (to read its resources/outputs)."""
    return stack_mod.Stack.load(context, child_id)
