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

"""The HOT format: sections, resource and output keys, parameters."""

import collections

from heat_vision.common.i18n import _
from heat_vision.template import base
from heat_vision.template import param_schema
from heat_vision.template import sections as sec

# Internal resource field -> HOT key (the same names).
RESOURCE_FIELDS = {k: k for k in (
    'type', 'properties', 'metadata', 'depends_on', 'deletion_policy',
    'update_policy', 'description', 'external_id', 'condition')}


class HOTemplateBase(base.Template):
    """What all HOT versions share; versions change the tables only."""

    VERSION_KEY = 'heat_template_version'
    RESOURCES_SECTION = 'resources'
    OUTPUTS_SECTION = 'outputs'
    CONDITIONS_SECTION = 'conditions'
    RESOURCE_FIELD_KEYS = RESOURCE_FIELDS
    OUTPUT_FIELD_KEYS = {'value': 'value', 'description': 'description',
                         'condition': 'condition'}
    SECTIONS = ('heat_template_version', 'description', 'parameter_groups',
                'parameters', 'resources', 'outputs')
    RESOURCE_KEYS = ('type', 'properties', 'metadata', 'depends_on',
                     'deletion_policy', 'update_policy', 'description')
    OUTPUT_KEYS = ('description', 'value')
    PARAM_KEYS = ('type', 'label', 'description', 'default', 'hidden',
                  'constraints', 'immutable')
    allow_modulo = False
    has_conditions = False
    PSEUDO_PARAMS = ('OS::stack_name', 'OS::stack_id', 'OS::project_id')

    def validate(self):
        super().validate()
        sec.section_map(self.t, 'parameters')
        for field in ('description',):
            if not isinstance(self.t.get(field, ''), str):
                raise sec.fail(_('"%s" must be a string.') % field, field)
        resources = sec.section_map(self.t, 'resources')
        sec.check_entries('resources', resources, 'resource',
                          self.RESOURCE_KEYS, 'type')
        for name, res in resources.items():
            sec.check_resource_fields('resources', name, res,
                                      RESOURCE_FIELDS)
        sec.check_entries('outputs', sec.section_map(self.t, 'outputs'),
                          'output', self.OUTPUT_KEYS, 'value')
        if self.has_conditions:
            sec.section_map(self.t, 'conditions')
        groups = self.t.get('parameter_groups')
        if groups is not None and not isinstance(groups, list):
            raise sec.fail(_('"parameter_groups" must be a list.'),
                           'parameter_groups')

    @property
    def description(self):
        return self.t.get('description') or 'No description'

    def param_schemata(self):
        """Ordered ``{name: ParamSchema}``.

        :raises: exception.StackValidationFailed with the path.
        """
        params = sec.section_map(self.t, 'parameters')
        return collections.OrderedDict(
            (name, param_schema.from_hot(name, schema, self.PARAM_KEYS,
                                         self.allow_modulo))
            for name, schema in params.items())

    def parameter_groups(self):
        return self.t.get('parameter_groups') or []

    def resource_snippets(self):
        """Ordered ``{name: snippet}`` with the internal field names."""
        return dict(sec.section_map(self.t, 'resources'))

    def output_snippets(self):
        return dict(sec.section_map(self.t, 'outputs'))

    def condition_snippets(self):
        if not self.has_conditions:
            return {}
        return dict(sec.section_map(self.t, 'conditions'))

    def mappings(self):
        return {}

    def pseudo_params(self, stack_name, stack_id, project_id, region):
        return {'OS::stack_name': stack_name, 'OS::stack_id': stack_id,
                'OS::project_id': project_id}
