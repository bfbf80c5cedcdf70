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

"""Resources as the engine RPC API gives them (Heat's engine keys).

The API turns the identities into ``links`` and joins action and status,
as Heat's API does.
"""

from heat_vision.engine.formatters import stacks as formatters
from heat_vision.rpc import api as rpc_api


def resource_identity(stack_row, resource_name):
    identity = formatters.format_identity(stack_row)
    identity[rpc_api.IDENTITY_PATH] = '/resources/%s' % resource_name
    return identity


def required_by(rows, field='requires'):
    """:returns: ``{name: [names of the resources that require it]}``.

    :param field: ``implicit_requires`` for only those that require it
        implicitly.
    """
    result = {row.name: [] for row in rows}
    for row in rows:
        for needed in getattr(row, field, None) or ():
            if needed in result:
                result[needed].append(row.name)
    return result


def implicitly_required_by(rows):
    """``required_by`` of the implicit dependencies only."""
    return required_by(rows, 'implicit_requires')


def format_resource(stack_row, row, needed_by, nested_row=None,
                    parent_resource=None, implicit_by=()):
    """The summary of one resource row.

    :param needed_by: the names of the resources that require it.
    :param implicit_by: those of them that require it implicitly.
    :param nested_row: the stack row of its nested stack, if any.
    :param parent_resource: the name of the resource owning
        ``stack_row``, for the resources of a nested stack.
    """
    info = {
        rpc_api.RES_ID: resource_identity(stack_row, row.name),
        rpc_api.RES_STACK_ID: formatters.format_identity(stack_row),
        rpc_api.RES_STACK_NAME: stack_row.name,
        rpc_api.RES_NAME: row.name,
        rpc_api.RES_PHYSICAL_ID: row.physical_resource_id or '',
        rpc_api.RES_ACTION: row.action,
        rpc_api.RES_STATUS: row.status,
        rpc_api.RES_STATUS_DATA: row.status_reason or '',
        rpc_api.RES_TYPE: row.type,
        rpc_api.RES_CREATION_TIME: formatters.isotime(row.created_at),
        rpc_api.RES_UPDATED_TIME: formatters.isotime(
            row.updated_at or row.created_at),
        rpc_api.RES_REQUIRED_BY: sorted(needed_by),
    }
    if nested_row is not None:
        info[rpc_api.RES_NESTED_STACK_ID] = formatters.format_identity(
            nested_row)
    if parent_resource:
        info[rpc_api.RES_PARENT_RESOURCE] = parent_resource
    if implicit_by:
        info[rpc_api.RES_IMPLICIT_REQUIRED_BY] = sorted(implicit_by)
    return info


def add_detail(info, description, metadata, attributes=None):
    """Add what ``with_detail`` and resource show add to a summary."""
    info[rpc_api.RES_DESCRIPTION] = description or ''
    info[rpc_api.RES_METADATA] = metadata or {}
    if attributes is not None:
        info[rpc_api.RES_ATTRIBUTES] = attributes
    return info


def resolve_attributes(plugin, with_attr=None):
    """Every attribute of the schema (and ``with_attr``); None on error.

    Like Heat, an attribute that cannot be resolved shows as None rather
    than failing the whole call.
    """
    names = set(plugin.attributes_schema) | set(with_attr or ())
    values = {}
    for name in names:
        try:
            values[name] = plugin.get_attribute(name)
        except Exception:
            values[name] = None
    return values
