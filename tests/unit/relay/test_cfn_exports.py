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

"""Export and import names, evaluated before the stack exists."""

from heat_vision.relay.cfn import errors
from heat_vision.relay.cfn import exports
from heat_vision import translators
from tests import base

PARAMS = {'OS::stack_name': 'net', 'Env': 'prod', 'aws_region': 'RegionOne'}


class EvaluateTest(base.TestCase):

    def name(self, cfn_value):
        """The name a CloudFormation value gives, through the
        translator's own conversion.
        """
        doc = ('Parameters:\n  Env: {Type: String}\n'
               'Resources:\n  R: {Type: OS::Heat::None}\n'
               'Outputs:\n  O:\n    Value: x\n    Export: {Name: %s}\n'
               % cfn_value)
        value = translators.load('cfn').translate(doc).exports['O']
        return exports.evaluate(value, PARAMS, 'Outputs.O.Export.Name')

    def test_literal_parameters_and_pseudo_parameters(self):
        self.assertEqual('shared', self.name('shared'))
        self.assertEqual('net-prod-RegionOne', self.name(
            "!Sub '${AWS::StackName}-${Env}-${AWS::Region}'"))
        self.assertEqual('net:prod', self.name(
            "!Join [':', [!Ref AWS::StackName, !Ref Env]]"))

    def test_what_is_known_only_later_is_refused(self):
        exc = self.assertRaises(errors.QueryError, self.name,
                                '!Ref AWS::StackId')
        self.assertIn('Outputs.O.Export.Name: the name must be known when '
                      'the stack is created', exc.message)

    def test_values_as_text(self):
        self.assertEqual('a,b', exports.as_text(['a', 'b']))
        self.assertEqual('{"k": 1}', exports.as_text({'k': 1}))
        self.assertEqual('7', exports.as_text(7))
