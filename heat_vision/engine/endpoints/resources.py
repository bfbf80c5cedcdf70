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

"""RPC endpoint of a stack's resources: list, show, mark unhealthy."""

import itertools

from oslo_config import cfg
import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import stack_users
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import resources as fmt
from heat_vision.engine import locks
from heat_vision.engine import model
from heat_vision.engine import recorder as recorder_mod
from heat_vision.engine import software_deployments
from heat_vision.engine import states
from heat_vision.engine.tree import levels as stack_tree
from heat_vision.rpc import api as rpc_api

CONF = cfg.CONF

CHECK = 'CHECK'
UNHEALTHY_REASON = 'state changed by resource_mark_unhealthy api'
_FILTER_FIELDS = {'name': 'name', 'status': 'status', 'action': 'action',
                  'type': 'type', 'id': 'uuid',
                  'physical_resource_id': 'physical_resource_id'}


class ResourceEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id):
        self.engine_id = engine_id

    @base.user_errors
    @stack_tree.one_reader
    def list_stack_resources(self, ctxt, stack_identity, nested_depth=0,
                             with_detail=False, filters=None, limit=None,
                             marker=None):
        """One page of the resources of a stack and its nested stacks.

        Listed in a fixed order: the stacks root first, then level by
        level; each stack's resources in creation order.

        :param limit: the page size, 1 to ``max_resources_per_page`` (a
            larger one is lowered to it; None: that maximum).
        :param marker: the last resource of the previous page: a resource
            name of the root stack, or ``<stack id>/<name>`` of any
            listed stack.
        :raises: StackNotFound, InvalidParameter
        """
        limit = page_size(limit)
        root = stack_tree.stack_row(ctxt, stack_identity)
        match = _matcher(filters)
        stacks, children = stack_tree.walk(
            ctxt, root, stack_tree.check_depth(nested_depth))
        rows = db_resources.resource_get_all_by_stacks(
            ctxt, [s.id for s in stacks])
        by_stack = {}
        for row in rows:
            by_stack.setdefault(row.stack_id, []).append(row)
        listed = [(stack_row, row) for stack_row in stacks
                  for row in by_stack.get(stack_row.id, [])]
        start = _after(listed, marker, root)
        page = list(itertools.islice(
            ((s, r) for s, r in listed[start:] if match(r)), limit))
        parents = _parent_resources(stacks, by_stack)
        result = []
        for stack_row, group in itertools.groupby(page, lambda p: p[0]):
            own = by_stack[stack_row.id]
            nested = {c.id: c for c in children.get(stack_row.id, ())}
            needed_by = fmt.required_by(own)
            implicit_by = fmt.implicitly_required_by(own)
            runtime = (stack_tree.runtime(ctxt, stack_row, own)
                       if with_detail else None)
            for _stack, row in group:
                info = fmt.format_resource(
                    stack_row, row, needed_by[row.name],
                    nested.get(row.physical_resource_id),
                    parents.get(stack_row.id), implicit_by[row.name])
                if runtime is not None:
                    _add_detail(runtime, row, info)
                result.append(info)
        return result

    @base.user_errors
    @stack_tree.one_reader
    def describe_stack_resource(self, ctxt, stack_identity, resource_name,
                                with_attr=None):
        row = stack_tree.stack_row(ctxt, stack_identity)
        rows = db_resources.resource_get_all_by_stack(ctxt, row.id)
        stack = stack_tree.runtime(ctxt, row, rows)
        rsrc = stack.rows.get(resource_name)
        if rsrc is None:
            raise exception.ResourceNotFound(resource_name, row.name)
        if (ctxt.project_id != row.project_id and
                stack_users.is_stack_user_of(ctxt, row)):
            _authorize_stack_user(ctxt, stack, resource_name)
        nested = {c.id: c for c in
                  db_stacks.stack_get_children(ctxt, [row.id])}
        current = stack.rows.values()
        info = fmt.format_resource(
            row, rsrc, fmt.required_by(current)[resource_name],
            nested.get(rsrc.physical_resource_id),
            _parent_of(ctxt, row),
            fmt.implicitly_required_by(current)[resource_name])
        return _add_detail(stack, rsrc, info, with_attr)

    @base.user_errors
    def resource_mark_unhealthy(self, ctxt, stack_identity, resource_name,
                                mark_unhealthy,
                                resource_status_reason=None):
        if not isinstance(mark_unhealthy, bool):
            raise exception.InvalidParameter(
                reason=_('mark_unhealthy must be true or false, not '
                         '"%s"') % mark_unhealthy)
        stack_row = stack_tree.stack_row(ctxt, stack_identity)
        rows = {r.name: r for r in db_resources.resource_get_all_by_stack(
            ctxt, stack_row.id) if r.replaced_by is None}
        row = rows.get(resource_name)
        if row is None:
            raise exception.ResourceNotFound(resource_name, stack_row.name)
        reason = resource_status_reason or UNHEALTHY_REASON
        locks.acquire(ctxt, stack_row, self.engine_id, CHECK)
        try:
            if row.status == states.IN_PROGRESS:
                raise exception.ActionInProgress(
                    stack_name=stack_row.name, action=row.action)
            if mark_unhealthy:
                state = (CHECK, states.FAILED)
            elif (row.action, row.status) == (CHECK, states.FAILED):
                state = (CHECK, states.COMPLETE)
            else:
                return
            recorder = recorder_mod.Recorder(ctxt, stack_row)
            recorder.resource_state(row, state[0], state[1], reason)
            recorder.flush()
        finally:
            locks.release(ctxt, stack_row.id, self.engine_id)


def page_size(limit):
    """:returns: ``limit`` lowered to ``max_resources_per_page`` (that
        maximum when None).
    :raises: InvalidParameter unless a whole number of at least 1.
    """
    if limit is None:
        return CONF.max_resources_per_page
    if isinstance(limit, bool) or not isinstance(limit, int) or limit < 1:
        raise exception.InvalidParameter(
            reason=_('limit must be an integer of at least 1, not "%s"')
            % str(limit)[:64])
    return min(limit, CONF.max_resources_per_page)


def _after(listed, marker, root):
    """:returns: the index in ``listed`` just after ``marker``.

    :raises: InvalidParameter when no listed resource is ``marker``.
    """
    if marker is None:
        return 0
    stack_id, slash, name = (marker.rpartition('/')
                             if isinstance(marker, str) else ('', '', None))
    if not slash:
        stack_id = root.id
    for index, (stack_row, row) in enumerate(listed):
        if row.name == name and stack_row.id == stack_id:
            return index + 1
    raise exception.InvalidParameter(
        reason=_('marker: no resource "%(marker)s" in the listing of stack '
                 '%(stack)s (a resource name of the stack, or '
                 '<stack id>/<name> of a nested one)') % {
                     'marker': str(marker)[:300], 'stack': root.name})


def _authorize_stack_user(ctxt, stack, resource_name):
    """Heat's ``_authorize_stack_user`` (heat/engine/service.py): a
    stack's own user reads only what the resource that owns it lets it
    (``access_allowed``: an AWS::IAM::User's policies), or else that
    resource itself (a server's agent reads its server's metadata, not
    another server's credentials).

    :raises: Forbidden
    """
    for name, row in stack.rows.items():
        if row.replaced_by is not None or \
                (row.attr_data or {}).get('user_id') != ctxt.user_id:
            continue
        allowed = getattr(stack.plugin(name), 'access_allowed', None)
        if (allowed(resource_name) if callable(allowed)
                else name == resource_name):
            return
    raise exception.Forbidden(_('Access denied to resource %s') %
                              resource_name)


def _matcher(filters):
    """:returns: a predicate on resource rows for Heat's filters."""
    checks = []
    for key, values in (filters or {}).items():
        if key not in _FILTER_FIELDS:
            raise exception.InvalidParameter(
                reason=_('Unsupported resource filter "%(key)s"; use one '
                         'of %(keys)s') % {
                             'key': key,
                             'keys': ', '.join(rpc_api.RES_SEARCH_KEYS)})
        values = set(values if isinstance(values, list) else [values])
        checks.append((_FILTER_FIELDS[key], values))

    def match(row):
        for field, values in checks:
            value = getattr(row, field)
            if field == 'status' and '%s_%s' % (row.action,
                                                value) in values:
                continue
            if value not in values:
                return False
        return True
    return match


def _add_detail(stack, row, info, with_attr=None):
    definition = stack.definition.resource_definitions().get(row.name)
    attributes = None
    if with_attr is not False:
        try:
            attributes = fmt.resolve_attributes(stack.plugin(row.name),
                                                with_attr)
        except Exception:
            attributes = {name: None for name in with_attr or ()}
    return fmt.add_detail(info, definition and definition.description,
                          _metadata(stack, row, definition), attributes)


def _metadata(stack, row, definition):
    """The stored metadata, or (like Heat stores it at create) the
    template's, resolved; a server's with the configs deployed to it.
    """
    if row.rsrc_metadata is not None or definition is None:
        metadata = row.rsrc_metadata
    else:
        try:
            metadata = definition.resolved_metadata(stack)
        except Exception:
            metadata = definition.metadata
    if not _takes_deployments(stack, definition):
        return metadata
    return software_deployments.server_metadata(
        stack.context, stack.row.project_id, row.physical_resource_id,
        metadata)


def _takes_deployments(stack, definition):
    """Whether the resource is a server software is deployed to."""
    if definition is None:
        return False
    try:
        cls = model.resource_class(stack.definition, definition)
    except exception.HeatVisionException:
        return False
    return getattr(cls, 'takes_deployments', False)


def _parent_resources(stacks, by_stack):
    """``{nested stack id: name of its parent resource}``."""
    parents = {}
    for stack_row in stacks:
        for row in by_stack.get(stack_row.id, ()):
            if row.physical_resource_id:
                parents[row.physical_resource_id] = row.name
    return {s.id: parents.get(s.id) for s in stacks if s.owner_id}


def _parent_of(ctxt, stack_row):
    if not stack_row.owner_id:
        return None
    for row in db_resources.resource_get_all_by_stack(ctxt,
                                                      stack_row.owner_id):
        if row.physical_resource_id == stack_row.id:
            return row.name
    return None
