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

"""Previews: what a create would make, and what an update would change.

Nothing is stored. Resources that do not exist yet stand in as rows in
INIT_COMPLETE with no physical id, so that functions resolve as they
would before the resource is created (``get_resource`` gives the name,
``get_attr`` gives None).
"""

import types

from oslo_utils import timeutils
from oslo_utils import uuidutils

from heat_vision.engine.actions import update_plan
from heat_vision.engine.formatters import resources as fmt_resources
from heat_vision.engine.formatters import stacks as formatters
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states
from heat_vision.rpc import api as rpc_api

PREVIEW_ID = 'None'     # Heat's preview shows the stack id as "None"
HIDDEN_IN_PREVIEW = (rpc_api.STACK_STATUS, rpc_api.STACK_STATUS_REASON)


def _placeholder(number, name, rsrc_def, requires, implicit=()):
    """A row for a resource that does not exist (yet).

    Its id is negative: no stored row has it.
    """
    return types.SimpleNamespace(
        id=-number, uuid=uuidutils.generate_uuid(), name=name,
        type=rsrc_def.resource_type,
        action=states.INIT, status=states.COMPLETE, status_reason='',
        physical_resource_id=None, attr_data=None, rsrc_metadata=None,
        properties_data=None, requires=sorted(requires),
        implicit_requires=sorted(implicit) or None, replaced_by=None,
        replaces=None, created_at=timeutils.utcnow(), updated_at=None)


def _placeholders(definition, names):
    dependencies = definition.dependencies()
    return [_placeholder(number, name, definition.resource_definition(name),
                         dependencies.requires(name),
                         dependencies.implicit_requires(name))
            for number, name in enumerate(names, 1)]


def preview_create(context, definition, stack_name, args):
    """Heat's preview body: the stack as create would store it, with
    ``resources`` as the resources create would make.
    """
    row = types.SimpleNamespace(
        id=PREVIEW_ID, name=stack_name, project_id=context.project_id,
        username=context.user_name,
        description=definition.template.description,
        action=states.INIT, status=states.COMPLETE, status_reason='',
        created_at=timeutils.utcnow(), updated_at=None, deleted_at=None,
        owner_id=None, nested_depth=0, raw_template_id=None,
        tags=args.get('tags') or None,
        disable_rollback=args.get('disable_rollback', True),
        timeout=args.get('timeout_mins'))
    rows = _placeholders(definition, definition.resource_definitions())
    stack = stack_mod.Stack(context, row, definition, rows)
    info = formatters.format_stack(row, stack.parameter_values(), None)
    for key in HIDDEN_IN_PREVIEW:
        info.pop(key, None)
    needed_by = fmt_resources.required_by(rows)
    info['resources'] = [
        _format(stack, r, needed_by[r.name], with_properties=True)
        for r in rows]
    return info


def _format(stack, row, needed_by, with_properties=False):
    rsrc_def = stack.definition.resource_definition(row.name)
    info = fmt_resources.format_resource(stack.row, row, needed_by)
    fmt_resources.add_detail(info, rsrc_def.description,
                             row.rsrc_metadata)
    if with_properties:
        try:
            info['properties'] = stack.plugin(row.name).properties
        except Exception:
            info['properties'] = None
    return info


def preview_update(current, definition):
    """What updating ``current`` to ``definition`` would do.

    :param current: the stack's runtime ``Stack`` (as stored).
    :param definition: the new definition (validated).
    :returns: ``{added, deleted, replaced, unchanged, updated}``, lists
        of resources in Heat's engine shape.
    :raises: Invalid for a change of an immutable property.
    """
    names = list(definition.resource_definitions())
    added = [n for n in names if n not in current.rows]
    rows = list(current.rows.values()) + _placeholders(definition, added)
    future = stack_mod.Stack(current.context, current.row, definition, rows)
    kinds = {update_plan.KEEP: 'unchanged', update_plan.UPDATE: 'updated',
             update_plan.REPLACE: 'replaced'}
    changes = {key: [] for key in ('added', 'deleted', 'replaced',
                                   'unchanged', 'updated')}
    needed_by = fmt_resources.required_by(rows)
    for name in names:
        row = future.rows[name]
        if name in added:
            changes['added'].append(_format(future, row, needed_by[name]))
            continue
        rsrc_def = definition.resource_definition(name)
        plugin = future.build_plugin(rsrc_def, row)
        change = update_plan.classify(
            row, rsrc_def.resource_type, plugin.properties,
            rsrc_def.resolved_metadata(future),
            type(plugin).properties_schema, plugin.replace_failed,
            plugin.replace_on_update, plugin.schemaless_update_in_place)
        changes[kinds[change.kind]].append(
            fmt_resources.format_resource(current.row, row, needed_by[name]))
    for name in update_plan.removed(current.rows, set(names)):
        changes['deleted'].append(fmt_resources.format_resource(
            current.row, current.rows[name], needed_by.get(name, [])))
    return changes
