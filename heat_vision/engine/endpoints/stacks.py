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

"""RPC endpoint of the stack operations: list, show, create, delete.

Each method checks its input, takes the stack lock where it changes a
stack, and hands the work to one module in ``actions/``; long work runs
on the engine's worker threads, so calls return at once.
"""

import dataclasses

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_utils import uuidutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import trusts
from heat_vision.db import api as db_api
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import adopt
from heat_vision.engine.actions import begin
from heat_vision.engine.actions import cancel
from heat_vision.engine.actions import create
from heat_vision.engine.actions import delete
from heat_vision.engine.actions import delete_running
from heat_vision.engine.actions import placement
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import stacks as formatters
from heat_vision.engine import locks
from heat_vision.engine import model
from heat_vision.engine import outputs
from heat_vision.engine import provider_templates
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import stack_lookup
from heat_vision.engine import states
from heat_vision.engine import template_url as tmpl_url
from heat_vision.engine.tree import busy
from heat_vision.engine.tree import levels as stack_tree
from heat_vision.engine.tree import trust as stack_trust
from heat_vision.rpc import engine_client

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

CREATE_OPERATION = 'create'


class StackEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id, run_in_background):
        """:param run_in_background: ``f(fn, *args)`` running a stack
        operation on a worker thread (the server's pool).
        """
        self.engine_id = engine_id
        self._spawn = run_in_background
        self._arrivals = placement.Arrivals()

    @base.user_errors
    def list_stacks(self, ctxt, limit=None, marker=None, sort_keys=None,
                    sort_dir=None, filters=None, show_deleted=False,
                    show_nested=False, show_hidden=False,
                    global_tenant=False, tags=None, tags_any=None,
                    not_tags=None, not_tags_any=None, as_rows=False):
        """:returns: the summaries of the stacks that pass every filter;
            with ``as_rows``, as ``heat_vision.rpc.stack_rows`` carries
            them.

        :raises: InvalidParameter for an unknown sort key, sort direction
            or filter, or a tag filter that is not a list of strings
        """
        _check_list_args(sort_keys, sort_dir, filters)
        _check_global(ctxt, global_tenant)
        tag_filters = _tag_filters(show_hidden, tags, tags_any, not_tags,
                                   not_tags_any)
        rows = db_stacks.stack_get_all(
            ctxt, limit=limit, marker=marker, sort_keys=sort_keys,
            sort_dir=sort_dir or 'desc', filters=filters,
            show_deleted=show_deleted, show_nested=show_nested,
            all_projects=global_tenant, tag_filters=tag_filters)
        if as_rows:
            return formatters.format_stack_summary_rows(rows)
        return [formatters.format_stack_summary(
            row, include_project=global_tenant) for row in rows]

    @base.user_errors
    def count_stacks(self, ctxt, filters=None, show_deleted=False,
                     show_nested=False, show_hidden=False,
                     global_tenant=False, tags=None, tags_any=None,
                     not_tags=None, not_tags_any=None):
        """:returns: how many stacks list_stacks would give, unpaged.

        :raises: InvalidParameter, as list_stacks
        """
        _check_list_args(None, None, filters)
        _check_global(ctxt, global_tenant)
        tag_filters = _tag_filters(show_hidden, tags, tags_any, not_tags,
                                   not_tags_any)
        return db_stacks.stack_count(
            ctxt, filters=filters, show_deleted=show_deleted,
            show_nested=show_nested, all_projects=global_tenant,
            tag_filters=tag_filters)

    @base.user_errors
    def identify_stack(self, ctxt, stack_name):
        """The identity of a live stack by name, or of a stack by id.

        As Heat's, a lookup by id finds a deleted stack too (its show
        then says DELETE_COMPLETE); by name, only a live one.
        """
        row = db_stacks.stack_get_by_name(ctxt, stack_name)
        if row is None and uuidutils.is_uuid_like(stack_name):
            row = db_stacks.stack_get(ctxt, stack_name, show_deleted=True)
        if row is None:
            raise exception.StackNotFound(stack_name)
        return formatters.format_identity(row)

    @base.user_errors
    @stack_tree.one_reader
    def show_stack(self, ctxt, stack_identity, resolve_outputs=True):
        """The stack, a deleted one too (without outputs), as Heat's."""
        if not resolve_outputs:
            # What polling clients ask for: a plain row, and no template
            # parse when the stack's parameters were shown before.
            row = stack_lookup.stack_row_of(ctxt, stack_identity,
                                            show_deleted=True, plain=True)
            return [formatters.format_stack(
                row, stack_mod.shown_parameters(ctxt, row), None)]
        row = stack_lookup.stack_row_of(ctxt, stack_identity,
                                        show_deleted=True)
        stack = stack_mod.Stack.load(ctxt, row.id, show_deleted=True,
                                     row=row)
        outs = None
        if stack.row.deleted_at is None:
            outs = outputs.resolve_all(stack)
        return [formatters.format_stack(stack.row, stack.parameter_values(),
                                        outs)]

    @base.user_errors
    def create_stack(self, ctxt, stack_name, template, environment=None,
                     parameters=None, files=None, args=None,
                     environment_files=None, template_url=None):
        """:param template_url: fetched when ``template`` is None."""
        args = model.check_create_args(args or {})
        adopt_data = adopt.parse(args)
        if adopt_data is not None:
            template, environment, files = adopt.request(
                adopt_data, template, environment, files)
        with db_api.reader(ctxt):  # both checks in one transaction
            _check_stack_limit(ctxt)
            if db_stacks.stack_get_by_name(ctxt, stack_name) is not None:
                raise exception.StackExists(stack_name=stack_name)
        template = tmpl_url.resolve(template, template_url)
        tmpl_dict, env_dict = model.parse_request(
            template, environment, parameters, files, environment_files)
        files = provider_templates.complete(tmpl_dict, env_dict, files)
        stack_id = uuidutils.generate_uuid()
        definition = model.build_definition(
            tmpl_dict, env_dict, files or {}, stack_name, stack_id,
            ctxt.project_id)
        model.validate(definition, context=ctxt)
        resources = len(definition.resource_definitions())
        with self._arrivals.placing(resources):
            # Run here, the create starts on the Stack the store built;
            # handed over, the other engine loads it.
            stack = self._store(ctxt, create.NewStack(
                stack_id, stack_name, tmpl_dict, env_dict, files or {},
                definition, args))
            row = stack.row
            if adopt_data is None and self._handed_over(ctxt, row,
                                                        resources):
                return formatters.format_identity(row)
            try:
                locks.acquire(ctxt, row, self.engine_id, states.CREATE)
            except exception.ActionInProgress:
                if adopt_data is None:
                    # The engine a hand-over timed out on took it after
                    # all.
                    return formatters.format_identity(row)
                raise
        LOG.info('Engine %s creates stack %s (%s)', self.engine_id,
                 row.name, row.id)
        if adopt_data is None:
            # A cancel sent as soon as this returns finds the create.
            cancel.expect(row.id, lambda: self._spawn(
                begin.run_locked, ctxt, row.id, create.runner(stack),
                self.engine_id))
        else:
            self._spawn(begin.run_locked, ctxt, row.id,
                        adopt.runner(adopt_data, stack), self.engine_id)
        return formatters.format_identity(row)

    @staticmethod
    def _store(ctxt, new):
        """Store the ``create.NewStack`` with a trust.

        :returns: its ``Stack``, as ``create.store(loaded=True)`` built it.
        """
        trust = stack_trust.for_new_stack(ctxt)
        try:
            return create.store(ctxt, dataclasses.replace(new, trust=trust),
                                loaded=True)
        except Exception:
            if not trust.get('trust_borrowed', True):
                trusts.discard(trust['sealed_trust'], ctxt.user_id)
            raise

    def _handed_over(self, ctxt, row, resources):
        """Hand the new stack's create to a less loaded engine, if any.

        :param resources: how many resources the stack has (all to do).

        The stack is not locked yet: the engine that takes it locks it,
        so that if the hand-over fails or times out, whichever of the two
        engines takes the lock first runs it, and only that one.

        :returns: True if another engine took it.
        """
        target = placement.choose(ctxt, self.engine_id, resources,
                                  self._arrivals.besides(resources))
        if target == self.engine_id:
            return False
        try:
            return bool(engine_client.EngineClient().run_stack_operation(
                ctxt, row.id, CREATE_OPERATION, target))
        except Exception as exc:
            LOG.warning('Engine %s did not take the create of stack %s '
                        '(%s); engine %s runs it', target, row.id, exc,
                        self.engine_id)
            return False

    @base.user_errors
    def run_stack_operation(self, ctxt, stack_id, operation, engine_id):
        """Engine to engine: run the operation of a stored stack here.

        :param operation: ``create`` (of a stack stored, not yet locked).
        :param engine_id: the engine meant (this one).
        :returns: True if this engine took the lock and runs it; False if
            another engine holds it or the stack is gone.
        :raises: InvalidParameter for an unknown operation.
        """
        if operation != CREATE_OPERATION:
            raise exception.InvalidParameter(
                reason=_('Unknown stack operation "%s"') % str(operation)[:64])
        if engine_id != self.engine_id:
            return False
        try:
            row = db_stacks.stack_get(ctxt, stack_id)
            locks.acquire(ctxt, row, self.engine_id, states.CREATE)
        except (exception.StackNotFound, exception.ActionInProgress):
            return False
        LOG.info('Engine %s creates stack %s (%s), handed over',
                 self.engine_id, row.name, row.id)
        cancel.expect(row.id, lambda: self._spawn(
            begin.run_locked, ctxt, row.id, create.run, self.engine_id))
        return True

    @base.user_errors
    def delete_stack(self, ctxt, stack_identity):
        """Start the stack's delete, or have it wait for the operation
        that holds the stack (``actions.delete_running``).

        :param stack_identity: the stack's identity dict.
        :raises: StackNotFound; ActionInProgress for a nested stack that
            an operation of its tree holds (``tree.busy``).
        """
        row = db_stacks.stack_get(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))
        busy.refuse_while_tree_runs(ctxt, row)
        if not delete_running.lock_for_delete(ctxt, row, self.engine_id):
            delete_running.wait_then_delete(self._spawn, ctxt, row,
                                            self.engine_id)
            return
        try:
            busy.refuse_once_locked(ctxt, row)
            delete.begin(ctxt, row)
        except Exception:
            locks.release(ctxt, row.id, self.engine_id)
            raise
        self._spawn(begin.run_locked, ctxt, row.id, delete.run, self.engine_id)


def _check_global(ctxt, global_tenant):
    """Only an administrator sees every project's stacks.

    The API checks its policy first; this holds for any RPC caller.
    """
    if global_tenant and not ctxt.is_admin:
        raise exception.Forbidden(
            _('Listing every project\'s stacks (global_tenant) is for '
              'administrators.'))


def _check_list_args(sort_keys, sort_dir, filters):
    for key in sort_keys or ():
        if key not in db_stacks.SORT_KEYS:
            raise exception.InvalidParameter(
                reason=_('Unsupported sort key "%(key)s"; use one of '
                         '%(keys)s') % {'key': key, 'keys': ', '.join(
                             sorted(db_stacks.SORT_KEYS))})
    if sort_dir not in (None, 'asc', 'desc'):
        raise exception.InvalidParameter(
            reason=_('sort_dir must be "asc" or "desc", not "%s"') %
            sort_dir)
    for key in filters or ():
        if key not in db_stacks.FILTER_KEYS:
            raise exception.InvalidParameter(
                reason=_('Unsupported filter "%s"') % key)


def _tag_filters(show_hidden, tags, tags_any, not_tags, not_tags_any):
    """The tag filters of a list, the hidden stacks' tags added."""
    given = {'tags': tags, 'tags_any': tags_any, 'not_tags': not_tags,
             'not_tags_any': not_tags_any}
    for key, value in given.items():
        if value is not None and not (
                isinstance(value, list) and
                all(isinstance(tag, str) and tag for tag in value)):
            raise exception.InvalidParameter(
                reason=_('%s must be a list of tags') % key)
    if not show_hidden and CONF.hidden_stack_tags:
        given['not_tags_any'] = (list(not_tags_any or []) +
                                 list(CONF.hidden_stack_tags))
    return given


def _check_stack_limit(ctxt):
    limit = CONF.max_stacks_per_tenant
    if limit >= 0 and db_stacks.stack_count(ctxt) >= limit:
        raise exception.RequestLimitExceeded(
            message=_('You have reached the maximum stacks per tenant, '
                      '%d. Please delete some stacks.') % limit)
