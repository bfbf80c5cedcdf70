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

"""Policies of the relay routes (``/v1/{tenant_id}/relay/...``).

A relay route's own rule is checked first; the native call it then makes
is checked by the native rule as well (``stacks:create`` ...), so an
operator can close a relay route without touching the native API.
"""

from heat_vision.policies import base

RELAY = '/v1/{tenant_id}/relay'
CFN_READS = ('DescribeStacks', 'DescribeStackEvents', 'DescribeStackResource',
             'DescribeStackResources', 'ListStacks', 'ListStackResources',
             'GetTemplate', 'ValidateTemplate', 'EstimateTemplateCost',
             'GetTemplateSummary', 'DescribeChangeSet', 'ListChangeSets',
             'ListExports', 'ListImports')
CFN_WRITES = ('CreateStack', 'UpdateStack', 'DeleteStack', 'CreateChangeSet',
              'ExecuteChangeSet', 'DeleteChangeSet')


def _cfn(action, check_str):
    path = RELAY + '/cfn?Action=' + action
    return base.rule('relay:cfn:' + action, check_str,
                     'The CloudFormation Query API action %s.' % action,
                     'GET', path, ('POST', path))


MEMBER, READER = base.RULE_PROJECT_MEMBER, base.RULE_PROJECT_READER
CAMP = RELAY + '/camp/v1_1'
TOSCA = RELAY + '/tosca'

rules = [
    base.rule('relay:tosca:create', MEMBER,
              'Create a stack from a TOSCA template or CSAR.', 'POST',
              TOSCA + '/stacks'),
    base.rule('relay:tosca:delete', MEMBER,
              'Delete a stack made from a TOSCA template or CSAR.', 'DELETE',
              TOSCA + '/stacks/{stack_name}/{stack_id}'),
    base.rule('relay:tosca:validate', READER,
              'Translate and validate a TOSCA template or CSAR.', 'POST',
              TOSCA + '/validate'),
    base.rule('relay:tosca:preview', READER,
              'Preview the stack a TOSCA template or CSAR would make.', 'POST',
              TOSCA + '/preview'),
    base.rule('relay:tosca:translate', READER,
              'Translate a TOSCA template or CSAR to HOT.', 'POST',
              TOSCA + '/translate'),
    base.rule('relay:original', READER,
              'Read the document a stack was made from through the relay.',
              'GET', RELAY + '/stacks/{stack_name}/{stack_id}/original'),
    base.rule('relay:camp:platform', READER,
              'Read the CAMP platform resource.', 'GET', CAMP + '/platform'),
    base.rule('relay:camp:plans:index', READER, 'List the CAMP plans.', 'GET',
              CAMP + '/plans'),
    base.rule('relay:camp:plans:create', MEMBER, 'Register a CAMP plan (YAML '
              'or PDP zip).', 'POST', CAMP + '/plans'),
    base.rule('relay:camp:plans:show', READER, 'Read a CAMP plan.', 'GET',
              CAMP + '/plans/{plan_id}'),
    base.rule('relay:camp:plans:update', MEMBER,
              'Update a CAMP plan with a JSON Patch (it is registered '
              'anew).', 'PATCH', CAMP + '/plans/{plan_id}'),
    base.rule('relay:camp:plans:delete', MEMBER, 'Delete a CAMP plan.',
              'DELETE', CAMP + '/plans/{plan_id}'),
    base.rule('relay:camp:assemblies:index', READER,
              'List the CAMP assemblies.', 'GET', CAMP + '/assemblies'),
    base.rule('relay:camp:assemblies:create', MEMBER,
              'Instantiate a CAMP plan as an assembly (a stack).', 'POST',
              CAMP + '/assemblies'),
    base.rule('relay:camp:assemblies:show', READER, 'Read a CAMP assembly.',
              'GET', CAMP + '/assemblies/{assembly_id}'),
    base.rule('relay:camp:assemblies:update', MEMBER,
              'Update a CAMP assembly with a JSON Patch (its description '
              'and tags).', 'PATCH', CAMP + '/assemblies/{assembly_id}'),
    base.rule('relay:camp:assemblies:delete', MEMBER,
              'Delete a CAMP assembly (its stack).', 'DELETE',
              CAMP + '/assemblies/{assembly_id}'),
]
# As Heat 27's cloudformation:DescribeStackResource
# (heat/policies/cloudformation.py, PROJECT_READER_OR_STACK_USER): a
# server's agent reads its metadata with it (POLL_SERVER_CFN).
READER_OR_STACK_USER = '%s or %s' % (READER, base.RULE_STACK_USER)
rules += [_cfn(action, READER_OR_STACK_USER
               if action == 'DescribeStackResource' else READER)
          for action in CFN_READS]
rules += [_cfn(action, MEMBER) for action in CFN_WRITES]


def list_rules():
    return rules
