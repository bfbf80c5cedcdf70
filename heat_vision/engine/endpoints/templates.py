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

"""RPC endpoint of the template language: validate, versions, functions.
"""

import oslo_messaging as messaging

from heat_vision.engine.endpoints import base
from heat_vision.engine import model
from heat_vision.engine import provider_templates
from heat_vision.engine import template_url as tmpl_url
from heat_vision import template as hv_template


class TemplateEndpoint:

    target = messaging.Target(version=base.RPC_API_VERSION)

    @base.user_errors
    def validate_template(self, ctxt, template, environment=None,
                          parameters=None, files=None,
                          environment_files=None, template_url=None):
        """:param template_url: fetched when ``template`` is None."""
        template = tmpl_url.resolve(template, template_url)
        tmpl_dict, env_dict = model.parse_request(
            template, environment, parameters, files, environment_files)
        files = provider_templates.complete(tmpl_dict, env_dict, files)
        definition = model.build_definition(tmpl_dict, env_dict, files or {},
                                            '', None, ctxt.project_id)
        model.validate(definition, strict=False, context=ctxt)
        return hv_template.format_validate(definition)

    @base.user_errors
    def list_template_versions(self, ctxt):
        return hv_template.available_versions()

    @base.user_errors
    def list_template_functions(self, ctxt, template_version,
                                with_condition=False):
        return hv_template.version_functions(template_version,
                                             with_condition)
