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

"""RPC endpoint of stack updates (PUT replaces, PATCH amends)."""

from oslo_log import log as logging
import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import originals
from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import begin
from heat_vision.engine.actions import cancel
from heat_vision.engine.actions import update
from heat_vision.engine.endpoints import base
from heat_vision.engine.formatters import stacks as formatters
from heat_vision.engine import locks
from heat_vision.engine import model
from heat_vision.engine import provider_templates
from heat_vision.engine import stack_lookup
from heat_vision.engine import states
from heat_vision.engine import template_url as tmpl_url
from heat_vision.engine.tree import busy
from heat_vision.engine.tree import trust as stack_trust

LOG = logging.getLogger(__name__)


class StackUpdateEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    def __init__(self, engine_id, run_in_background):
        self.engine_id = engine_id
        self._spawn = run_in_background

    @base.user_errors
    def update_stack(self, ctxt, stack_identity, template=None,
                     environment=None, parameters=None, files=None,
                     args=None, environment_files=None, existing=False,
                     clear_parameters=None, template_url=None):
        """:param template_url: fetched when ``template`` is None.

        :raises: StackNotFound; ActionInProgress while the stack, or for
            a nested stack its tree, runs an operation (``tree.busy``).
        """
        row = db_stacks.stack_get(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))
        busy.refuse_while_tree_runs(ctxt, row)
        if row.status == states.IN_PROGRESS:
            raise exception.ActionInProgress(stack_name=row.name,
                                             action=row.action)
        old = db_stacks.raw_template_get(ctxt, row.raw_template_id)
        template = tmpl_url.resolve(template, template_url)
        tmpl_dict, env_dict, files = _new_template(
            old, template, environment, parameters, files,
            environment_files, existing, clear_parameters or [])
        definition = model.build_definition(tmpl_dict, env_dict, files,
                                            row.name, row.id, row.project_id)
        model.validate(definition, context=ctxt)
        _apply_args(ctxt, row, model.check_create_args(args or {}),
                    definition)
        locks.acquire(ctxt, row, self.engine_id, states.UPDATE)
        try:
            busy.refuse_once_locked(ctxt, row)
            stack_trust.refresh_for_update(ctxt, row)
            db_stacks.with_stored_template(
                ctxt, tmpl_dict, files, env_dict,
                lambda template_id: update.begin(ctxt, row, template_id))
        except Exception:
            locks.release(ctxt, row.id, self.engine_id)
            raise
        LOG.info('Engine %s updates stack %s (%s)', self.engine_id,
                 row.name, row.id)
        # A cancel sent as soon as this returns finds the update.
        cancel.expect(row.id, lambda: self._spawn(
            begin.run_locked, ctxt, row.id, update.run,
            self.engine_id))
        return formatters.format_identity(row)


def _new_template(old, template, environment, parameters, files,
                  environment_files, existing, clear_parameters):
    """The template, environment and files the stack is updated to."""
    if existing:
        merged_files = dict(old.files or {})
        merged_files.update(files or {})
        base_env = dict(old.environment or {})
        base_env['parameters'] = {
            key: value for key, value in
            (base_env.get('parameters') or {}).items()
            if key not in clear_parameters}
        base_env['parameter_defaults'] = {
            key: value for key, value in
            (base_env.get('parameter_defaults') or {}).items()
            if key not in clear_parameters}
        tmpl = template if template is not None else old.template
    else:
        if template is None:
            raise exception.InvalidParameter(
                reason=_('"template" or "template_url" is required to '
                         'update a stack (PATCH keeps the current one).'))
        merged_files, base_env, tmpl = files or {}, None, template
    tmpl_dict, env_dict = model.parse_request(
        tmpl, environment, parameters, merged_files, environment_files,
        base_environment=base_env)
    if not existing:
        merged_files = originals.update_files(old.files, old.template,
                                              tmpl_dict, merged_files)
    merged_files = provider_templates.complete(tmpl_dict, env_dict,
                                               merged_files)
    return tmpl_dict, env_dict, merged_files


def _apply_args(ctxt, row, args, definition):
    values = {'description': definition.template.description}
    for key, column in (('timeout_mins', 'timeout'),
                        ('disable_rollback', 'disable_rollback'),
                        ('tags', 'tags')):
        if key in args:
            values[column] = args[key]
    if isinstance(values.get('tags'), str):
        values['tags'] = [t.strip() for t in values['tags'].split(',')
                          if t.strip()] or None
    db_stacks.stack_update(ctxt, row.id, values)
    for column, value in values.items():
        setattr(row, column, value)
