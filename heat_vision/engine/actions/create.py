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

"""Stack create: store, then create the resources in graph order."""

import dataclasses

from oslo_log import log as logging

from heat_vision.db import api as db_api
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import cancel
from heat_vision.engine.actions import common
from heat_vision.engine.actions import delete
from heat_vision.engine import notify
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states
from heat_vision.engine.tree import budget as tree_budget

LOG = logging.getLogger(__name__)


@dataclasses.dataclass(frozen=True)
class NewStack:
    """A stack to store: the request's documents and their checked
    definition.
    """

    stack_id: str
    name: str
    template: dict
    environment: dict
    files: dict
    definition: object
    #: The create's arguments (``timeout_mins``, ``disable_rollback``,
    #: ``tags``), checked (``model.check_create_args``).
    args: dict
    #: The parent stack's row, for a nested stack.
    owner: object = None
    #: A top-level stack's trust columns (``stack_trust.for_new_stack``).
    trust: dict = None


def store(context, new, also=None, loaded=False, template_id=None):
    """Write the stack, its raw template and its resources (INIT).

    All in one transaction: a stack is stored whole or not at all.

    :param new: the ``NewStack``.
    :param also: a callable run in the same transaction, after the
        stack is written (its parent resource records the child's id).
    :param loaded: return the runtime ``Stack`` of what was stored, for
        a create run at once in this process (``run(stack=...)``): it is
        what loading the stack again would give, without the reads and
        the template's second parse.
    :param template_id: the id of the raw template row of this content,
        stored and committed already (by a sibling nested stack).
    :returns: the stack row, in CREATE_IN_PROGRESS (or its ``Stack``).
    """
    def _stored(template_id):
        row, rows = _store(context, new, template_id, also, loaded)
        if not loaded:
            return row
        stack = stack_mod.Stack(context, row, new.definition, rows)
        stack.files = new.files or {}
        return stack

    tmpl_dict, files, env_dict = new.template, new.files, new.environment
    with db_api.writer(context):
        if template_id is None:
            template_id = db_stacks.raw_template_create(
                context, tmpl_dict, files, env_dict, insert=False)
        if template_id is not None:
            return _stored(template_id)
    # A new template. Inserted in this transaction, its row would stay
    # locked while the resources are written, and every other store of it
    # meanwhile (a burst of stacks from one new template, on any engine)
    # would wait for this one to commit. It is stored in a short
    # transaction of its own first; the store, begun again, finds it.
    # Inside a caller's transaction all of this is that one transaction.
    db_stacks.raw_template_create(context, tmpl_dict, files, env_dict)
    with db_api.writer(context):
        return _stored(db_stacks.raw_template_create(context, tmpl_dict,
                                                     files, env_dict))


def _store(context, new, template_id, also, with_ids):
    """:returns: the stack's row and its resource rows (None unless
        ``with_ids``: their ids are read back for them).
    """
    row = db_stacks.stack_create(
        context, stack_values(context, new, template_id))
    values = resource_values(row.id, new.definition)
    rows = None
    if with_ids:
        rows = db_resources.new_rows(values)
        db_resources.resource_insert(context, rows)
    else:
        db_resources.resource_create_many(context, values)
    if also is not None:
        also()
    return row, rows


def stack_values(context, new, template_id):
    """The columns of the new stack's row, in CREATE_IN_PROGRESS."""
    args, owner = new.args, new.owner
    tags = args.get('tags')
    if isinstance(tags, str):
        tags = [t.strip() for t in tags.split(',') if t.strip()]
    return {
        'id': new.stack_id,
        'name': new.name,
        'description': new.definition.template.description,
        'project_id': context.project_id,
        'user_id': context.user_id,
        'username': context.user_name,
        'raw_template_id': template_id,
        'action': states.CREATE,
        'status': states.IN_PROGRESS,
        'status_reason': 'Stack CREATE started',
        'timeout': args.get('timeout_mins'),
        'disable_rollback': args.get('disable_rollback', True),
        'owner_id': owner.id if owner is not None else None,
        'nested_depth': owner.nested_depth + 1 if owner is not None else 0,
        'tags': tags or None,
        **(new.trust or {}),
    }


def resource_values(stack_id, definition):
    """The columns of the new stack's resource rows (INIT)."""
    graph = definition.dependencies()
    return [{
        'stack_id': stack_id,
        'name': name,
        'type': rsrc_def.resource_type,
        'action': states.INIT,
        'status': states.COMPLETE,
        'requires': sorted(graph.requires(name)),
        'implicit_requires': sorted(graph.implicit_requires(name)) or None,
    } for name, rsrc_def in definition.resource_definitions().items()]


def runner(stack):
    """:returns: ``f(context, stack_id)`` creating the ``Stack`` that
        ``store(loaded=True)`` returned, just stored by this process.
    """
    def create_stored(context, stack_id):
        return run(context, stack_id, new_stack=True, stack=stack)
    return create_stored


def run(context, stack_id, budget=None, new_stack=False, stack=None,
        recorder=None):
    """Create every resource; roll back if the stack asks for it.

    A create can be cancelled without rollback (``cancel``), as Heat's:
    it then starts no other resource and stops those under way at their
    next check.

    :param budget: a nested stack's: its tree's ``TreeBudget``, if any.
        A top-level stack created from nothing makes its own.
    :param new_stack: True right after ``store`` (no events yet).
    :param stack: the ``Stack`` that ``store(loaded=True)`` returned,
        else it is loaded.
    :param recorder: the ``Recorder`` to record with (a nested stack's
        that its parent's batches store, ``tree.batched``), else one of
        its own.
    :returns: the stack's row as the create left it (before a
        rollback, which works on a stack of its own).
    """
    watch = cancel.watch(stack_id)
    try:
        row, roll_back = _run(context, stack_id, budget, new_stack, stack,
                              watch, recorder)
    finally:
        watch.close()
    if roll_back:
        delete.run(context, stack_id, action=states.ROLLBACK)
    return row


def _run(context, stack_id, budget, new_stack, stack, watch, recorder):
    """:returns: the stack's row and whether to roll back."""
    if stack is None:
        stack = stack_mod.Stack.load(context, stack_id)
    watch.owner_id = stack.row.owner_id
    if recorder is None:
        recorder = recorder_mod.Recorder(context, stack.row,
                                         new_stack=new_stack)
    if budget is None and stack.row.owner_id is None and all(
            row.action == states.INIT for row in stack.rows.values()):
        budget = tree_budget.TreeBudget(context, stack.id)
    stack.tree_budget = budget
    done = {name for name, row in stack.rows.items()
            if (row.action, row.status) == (states.CREATE, states.COMPLETE)}
    recorder.stack_event(states.CREATE, states.IN_PROGRESS,
                         'Stack CREATE resumed' if done else
                         'Stack CREATE started')
    notify.stack_state(context, stack.row)
    graph = common.pending_graph(
        {name: set(row.requires or ()) for name, row in stack.rows.items()},
        done)
    deadline = common.deadline_of(stack.row)

    def create_one(name):
        return common.create_steps(stack, recorder, stack.rows[name],
                                   deadline)

    roll_back = not stack.row.disable_rollback
    try:
        result = common.run_resources(stack, graph, create_one, deadline,
                                      recorder, should_stop=watch.requested,
                                      interrupt=True)
        roll_back = watch.roll_back(roll_back)
        ok = common.finish(recorder, states.CREATE, result,
                           rollback={} if roll_back else None)
    finally:
        recorder.flush()
    return stack.row, roll_back and not ok
