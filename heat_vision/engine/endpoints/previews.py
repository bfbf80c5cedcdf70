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

"""RPC endpoint of the previews of a stack create and of an update.

Both validate like the real operation and store nothing.
"""

import oslo_messaging as messaging

from heat_vision.db import stacks as db_stacks
from heat_vision.engine.actions import preview
from heat_vision.engine.endpoints import base
from heat_vision.engine.endpoints import stack_updates
from heat_vision.engine import model
from heat_vision.engine import provider_templates
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import stack_lookup
from heat_vision.engine import template_url as tmpl_url


class PreviewEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    @base.user_errors
    def preview_stack(self, ctxt, stack_name, template, environment=None,
                      parameters=None, files=None, args=None,
                      environment_files=None, template_url=None):
        """What creating this stack would make, storing nothing.

        :param template: the template, as a dict or its text.
        :param template_url: fetched when ``template`` is None.
        :param args: timeout_mins, disable_rollback, tags.
        :returns: the stack in Heat's preview shape (no status), with
            ``resources``: the resources create would make, with their
            properties.
        :raises: StackValidationFailed, InvalidParameter
        """
        args = model.check_create_args(args or {})
        template = tmpl_url.resolve(template, template_url)
        tmpl_dict, env_dict = model.parse_request(
            template, environment, parameters, files, environment_files)
        files = provider_templates.complete(tmpl_dict, env_dict, files)
        definition = model.build_definition(
            tmpl_dict, env_dict, files or {}, stack_name, preview.PREVIEW_ID,
            ctxt.project_id)
        model.validate(definition, context=ctxt)
        return preview.preview_create(ctxt, definition, stack_name, args)

    @base.user_errors
    def preview_update_stack(self, ctxt, stack_identity, template=None,
                             environment=None, parameters=None, files=None,
                             args=None, environment_files=None,
                             existing=False, clear_parameters=None,
                             show_nested=False, template_url=None):
        """What updating the stack this way would change, storing nothing.

        :param template_url: fetched when ``template`` is None.
        :param existing: PATCH semantics, as for update_stack.
        :param show_nested: accepted for Heat compatibility; the changes
            inside nested stacks are not listed yet.
        :returns: ``{added, deleted, replaced, unchanged, updated}``.
        :raises: StackNotFound, StackValidationFailed, Invalid
        """
        stack = stack_mod.Stack.load(
            ctxt, stack_lookup.stack_id_of(ctxt, stack_identity))
        old = db_stacks.raw_template_get(ctxt, stack.row.raw_template_id)
        template = tmpl_url.resolve(template, template_url)
        tmpl_dict, env_dict, files = stack_updates._new_template(
            old, template, environment, parameters, files,
            environment_files, existing, clear_parameters or [])
        definition = model.build_definition(
            tmpl_dict, env_dict, files, stack.name, stack.id,
            stack.row.project_id)
        model.validate(definition, context=ctxt)
        return preview.preview_update(stack, definition)
