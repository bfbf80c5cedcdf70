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

"""Each relay route's policy, from a table of path, method, roles and the
status expected (the table names the rule each row exercises).
"""

from urllib import parse

from tests import base
from tests.component.relay import standin
from tests.component.relay import test_camp
from tests.component.relay import test_tosca
from tests import fixtures as hv_fixtures

R = '/v1/demo/relay'
YAML = {'Content-Type': 'application/yaml'}
FORM = {'Content-Type': 'application/x-www-form-urlencoded'}
CFN = b"AWSTemplateFormatVersion: '2010-09-09'\nResources: {}\n"
CFN_QUOTED = parse.quote(CFN)

# (rule, method, path, body, headers, roles, expected status)
TABLE = [
    ('relay:tosca:translate', 'POST', R + '/tosca/translate',
     test_tosca.TOSCA, YAML, 'reader', 200),
    ('relay:tosca:validate', 'POST', R + '/tosca/validate',
     test_tosca.TOSCA, YAML, 'reader', 200),
    ('relay:tosca:preview', 'POST', R + '/tosca/preview?stack_name=p',
     test_tosca.TOSCA, YAML, 'reader', 200),
    ('relay:tosca:create', 'POST', R + '/tosca/stacks?stack_name=s',
     test_tosca.TOSCA, YAML, 'reader', 403),
    ('relay:tosca:create', 'POST', R + '/tosca/stacks?stack_name=s',
     test_tosca.TOSCA, YAML, 'member', 201),
    ('relay:tosca:translate', 'POST', R + '/tosca/translate',
     test_tosca.TOSCA, YAML, 'nobody', 403),
    ('relay:tosca:delete', 'DELETE', R + '/tosca/stacks/s', None, {},
     'reader', 403),
    ('relay:tosca:delete', 'DELETE', R + '/tosca/stacks/none', None, {},
     'member', 404),
    ('relay:original', 'GET', R + '/stacks/none/original', None, {},
     'nobody', 403),
    ('relay:original', 'GET', R + '/stacks/none/original', None, {},
     'reader', 404),
    ('relay:camp:platform', 'GET', R + '/camp/v1_1/platform', None, {},
     'reader', 200),
    ('relay:camp:platform', 'GET', R + '/camp', None, {}, 'nobody', 403),
    ('relay:camp:plans:index', 'GET', R + '/camp/v1_1/plans', None, {},
     'reader', 200),
    ('relay:camp:plans:create', 'POST', R + '/camp/v1_1/plans',
     test_camp.PLAN, YAML, 'reader', 403),
    ('relay:camp:plans:create', 'POST', R + '/camp/v1_1/plans',
     test_camp.PLAN, YAML, 'member', 201),
    ('relay:camp:plans:update', 'PATCH', R + '/camp/v1_1/plans/none',
     b'[]', {'Content-Type': 'application/json-patch+json'}, 'reader', 403),
    ('relay:camp:plans:update', 'PATCH', R + '/camp/v1_1/plans/none',
     b'[]', {'Content-Type': 'application/json-patch+json'}, 'member', 404),
    ('relay:camp:assemblies:index', 'GET', R + '/camp/v1_1/assemblies',
     None, {}, 'reader', 200),
    ('relay:camp:assemblies:create', 'POST', R + '/camp/v1_1/assemblies',
     b'{}', {'Content-Type': 'application/json'}, 'reader', 403),
    ('relay:cfn:ListStacks', 'POST', R + '/cfn', b'Action=ListStacks',
     FORM, 'reader', 200),
    ('relay:cfn:ValidateTemplate', 'GET',
     R + '/cfn?Action=ValidateTemplate&TemplateBody=' + CFN_QUOTED,
     None, {}, 'reader', 200),
    ('relay:cfn:CreateStack', 'POST', R + '/cfn',
     b'Action=CreateStack&StackName=s&TemplateBody=' + CFN, FORM, 'reader',
     403),
    ('relay:cfn:DeleteStack', 'POST', R + '/cfn',
     b'Action=DeleteStack&StackName=s', FORM, 'reader', 403),
    ('relay:cfn:DescribeStacks', 'POST', R + '/cfn',
     b'Action=DescribeStacks', FORM, 'nobody', 403),
]


class RelayRBACTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.useFixture(standin.Translators())
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))

    def test_table(self):
        for rule, method, path, body, headers, roles, status in TABLE:
            response = self.service.request(
                method, path, raw=body,
                headers=dict(headers, **{'X-Roles': roles}))
            self.assertEqual(status, response.status_int,
                             '%s as %s: %s' % (rule, roles, response.body))
