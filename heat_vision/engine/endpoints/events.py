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

"""RPC endpoint of stack events: list (filtered, sorted, paged), show."""

import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import events as db_events
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import events as fmt
from heat_vision.engine.tree import levels as stack_tree
from heat_vision.rpc import api as rpc_api


class EventEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    @base.user_errors
    @stack_tree.one_reader
    def list_events(self, ctxt, stack_identity, filters=None, limit=None,
                    marker=None, sort_keys=None, sort_dir=None,
                    nested_depth=None):
        _check_args(filters, limit, sort_keys, sort_dir)
        # As Heat's, a deleted stack's events are listed (by its id):
        # `openstack stack delete --wait` reads its DELETE_COMPLETE there
        # (heat/engine/service.py, list_events: ``self._get_stack(cnxt,
        # stack_identity, show_deleted=True)``); the tenant is checked.
        root = stack_tree.stack_row(ctxt, stack_identity, show_deleted=True)
        depth = stack_tree.check_depth(nested_depth)
        stacks = stack_tree.walk(ctxt, root, depth)[0] if depth else [root]
        by_id = {s.id: s for s in stacks}
        rows = db_events.event_get_page(
            ctxt, list(by_id), filters=filters, limit=limit, marker=marker,
            sort_keys=sort_keys, sort_dir=sort_dir or 'asc')
        return [fmt.format_event(by_id[e.stack_id], e,
                                 root if depth else None, detail=False)
                for e in rows]

    @base.user_errors
    @stack_tree.one_reader
    def show_event(self, ctxt, stack_identity, resource_name, event_id):
        row = stack_tree.stack_row(ctxt, stack_identity)
        event = db_events.event_get_by_uuid(ctxt, row.id, event_id)
        if event is None or event.resource_name != resource_name:
            raise exception.NotFound(
                reason=_('No event %s found') % event_id)
        return fmt.format_event(row, event)


def _check_args(filters, limit, sort_keys, sort_dir):
    for key in filters or ():
        if key not in rpc_api.EVENT_FILTER_KEYS:
            raise exception.InvalidParameter(
                reason=_('Unsupported event filter "%(key)s"; use one of '
                         '%(keys)s') % {
                             'key': key,
                             'keys': ', '.join(rpc_api.EVENT_FILTER_KEYS)})
    for key in sort_keys or ():
        if key not in rpc_api.EVENT_SORT_KEYS:
            raise exception.InvalidParameter(
                reason=_('Unsupported sort key "%(key)s"; use one of '
                         '%(keys)s') % {
                             'key': key,
                             'keys': ', '.join(rpc_api.EVENT_SORT_KEYS)})
    if sort_dir not in (None, 'asc', 'desc'):
        raise exception.InvalidParameter(
            reason=_('sort_dir must be "asc" or "desc", not "%s"') %
            sort_dir)
    if limit is not None and (not isinstance(limit, int) or limit < 0):
        raise exception.InvalidParameter(
            reason=_('limit must be a non-negative integer, not "%s"') %
            limit)
