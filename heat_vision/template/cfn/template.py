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

"""The CloudFormation-compatible formats:

AWSTemplateFormatVersion 2010-09-09 and HeatTemplateFormatVersion 2012-12-12.
"""

import collections

from heat_vision.common.i18n import _
from heat_vision.template import base
from heat_vision.template.cfn import functions as cfn
from heat_vision.template.hot import functions_conditions as cond
from heat_vision.template import param_schema
from heat_vision.template import sections as sec

# Internal resource field -> CFN key.
RESOURCE_FIELDS = {'type': 'Type', 'properties': 'Properties',
                   'metadata': 'Metadata', 'depends_on': 'DependsOn',
                   'deletion_policy': 'DeletionPolicy',
                   'update_policy': 'UpdatePolicy',
                   'description': 'Description', 'condition': 'Condition'}
OUTPUT_FIELDS = {'value': 'Value', 'description': 'Description',
                 'condition': 'Condition'}

# NOTE(heat-vision): Heat answers this for AWS::Region whatever the
# cloud's region (the conformance cases show it); StackDefinition lets
# the engine pass another.
DEFAULT_REGION = 'ap-southeast-1'


def _normalise(snippet, fields):
    return {internal: snippet[key] for internal, key in fields.items()
            if key in snippet}


class CfnTemplate(base.Template):
    """AWSTemplateFormatVersion 2010-09-09."""

    VERSION_KEY = 'AWSTemplateFormatVersion'
    VERSION = '2010-09-09'
    RESOURCES_SECTION = 'Resources'
    OUTPUTS_SECTION = 'Outputs'
    CONDITIONS_SECTION = 'Conditions'
    RESOURCE_FIELD_KEYS = RESOURCE_FIELDS
    OUTPUT_FIELD_KEYS = OUTPUT_FIELDS
    SECTIONS = ('AWSTemplateFormatVersion', 'HeatTemplateFormatVersion',
                'Description', 'Mappings', 'Parameters', 'Resources',
                'Outputs', 'Conditions')
    RESOURCE_KEYS = tuple(RESOURCE_FIELDS.values())
    OUTPUT_KEYS = tuple(OUTPUT_FIELDS.values())
    has_conditions = True
    functions = {
        'Fn::FindInMap': cfn.FindInMap,
        'Fn::GetAZs': cfn.GetAZs,
        'Ref': cfn.Ref,
        'Fn::GetAtt': cfn.GetAtt,
        'Fn::Select': cfn.Select,
        'Fn::Join': cfn.Join,
        'Fn::Split': cfn.Split,
        'Fn::Replace': cfn.Replace,
        'Fn::Base64': cfn.Base64,
        'Fn::MemberListToMap': cfn.MemberListToMap,
        'Fn::ResourceFacade': cfn.ResourceFacade,
        'Fn::If': cond.If,
    }
    condition_functions = {
        'Fn::Equals': cond.Equals,
        'Fn::Not': cond.Not,
        'Fn::And': cond.And,
        'Fn::Or': cond.Or,
        'Ref': cfn.Ref,
        'Fn::FindInMap': cfn.FindInMap,
    }
    all_function_names = frozenset(list(functions) +
                                   list(condition_functions))
    PSEUDO_PARAMS = ('AWS::StackName', 'AWS::StackId', 'AWS::Region',
                     'OS::stack_name', 'OS::stack_id', 'OS::project_id')

    def validate(self):
        super().validate()
        sec.section_map(self.t, 'Parameters')
        sec.section_map(self.t, 'Mappings')
        sec.section_map(self.t, 'Conditions')
        if not isinstance(self.t.get('Description', ''), str):
            raise sec.fail(_('"Description" must be a string.'),
                           'Description')
        resources = sec.section_map(self.t, 'Resources')
        sec.check_entries('Resources', resources, 'resource',
                          self.RESOURCE_KEYS, 'Type')
        for name, res in resources.items():
            sec.check_resource_fields('Resources', name,
                                      _normalise(res, RESOURCE_FIELDS),
                                      RESOURCE_FIELDS)
        sec.check_entries('Outputs', sec.section_map(self.t, 'Outputs'),
                          'output', self.OUTPUT_KEYS, 'Value')

    @property
    def description(self):
        return self.t.get('Description') or 'No description'

    def param_schemata(self):
        params = sec.section_map(self.t, 'Parameters')
        return collections.OrderedDict(
            (name, param_schema.from_cfn(name, schema))
            for name, schema in params.items())

    def parameter_groups(self):
        return []

    def resource_snippets(self):
        return {name: _normalise(res, RESOURCE_FIELDS)
                for name, res in sec.section_map(
                    self.t, 'Resources').items()}

    def output_snippets(self):
        return {name: _normalise(out, OUTPUT_FIELDS)
                for name, out in sec.section_map(self.t, 'Outputs').items()}

    def condition_snippets(self):
        return dict(sec.section_map(self.t, 'Conditions'))

    def mappings(self):
        return sec.section_map(self.t, 'Mappings')

    def pseudo_params(self, stack_name, stack_id, project_id, region):
        arn = 'arn:openstack:heat::%s:stacks/%s/%s' % (
            project_id or '', stack_name, stack_id)
        return {'AWS::StackName': stack_name, 'AWS::StackId': arn,
                'AWS::Region': region or DEFAULT_REGION,
                'OS::stack_name': stack_name, 'OS::stack_id': stack_id,
                'OS::project_id': project_id}


class HeatTemplate(CfnTemplate):
    """HeatTemplateFormatVersion 2012-12-12:

    the CFN format as Heat first spoke it.
    """

    VERSION_KEY = 'HeatTemplateFormatVersion'
    VERSION = '2012-12-12'
