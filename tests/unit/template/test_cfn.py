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

"""The CFN formats: functions, conditions, mappings, pseudo parameters."""

from heat_vision.common import exception
from heat_vision import template
from tests import base
from tests.unit.template import fakes
from tests.unit.template import utils


def cfn(outputs=None, resources=None, **sections):
    data = {'AWSTemplateFormatVersion': '2010-09-09'}
    if outputs is not None:
        data['Outputs'] = {k: {'Value': v} for k, v in outputs.items()}
    if resources is not None:
        data['Resources'] = resources
    data.update(sections)
    return data


def value(v, **sections):
    sd = utils.stack(cfn({'o': v}, **sections), region=None)
    return sd.output_definitions()['o'].resolve()


class TestCfnFunctions(base.TestCase):

    def test_pseudo_parameters(self):
        self.assertEqual('teststack', value({'Ref': 'AWS::StackName'}))
        self.assertEqual('ap-southeast-1', value({'Ref': 'AWS::Region'}))
        self.assertEqual('arn:openstack:heat::project-id:stacks/teststack/'
                         'stack-id', value({'Ref': 'AWS::StackId'}))
        sd = utils.stack(cfn({'o': {'Ref': 'AWS::Region'}}),
                         region='RegionOne')
        self.assertEqual('RegionOne', sd.output_definitions()['o'].resolve())

    def test_join_select_split(self):
        self.assertEqual('a-b', value({'Fn::Join': ['-', ['a', 'b']]}))
        self.assertEqual('b', value({'Fn::Select': ['1', ['a', 'b']]}))
        self.assertEqual('', value({'Fn::Select': ['7', ['a']]}))
        self.assertEqual(['a', 'b'], value({'Fn::Split': [',', 'a,b']}))

    def test_replace_base64(self):
        self.assertEqual('hi you', value({'Fn::Replace': [
            {'$n': 'you'}, 'hi $n']}))
        self.assertEqual('abc', value({'Fn::Base64': 'abc'}))

    def test_member_list_to_map(self):
        self.assertEqual({'k1': 'v1', 'k2': 'v2'}, value({
            'Fn::MemberListToMap': ['Name', 'Value', [
                '.member.0.Name=k1', '.member.0.Value=v1',
                '.member.1.Name=k2', '.member.1.Value=v2']]}))

    def test_get_azs(self):
        self.assertEqual(['nova'], value({'Fn::GetAZs': ''}))

    def test_find_in_map_missing(self):
        exc = self.assertRaises(exception.StackValidationFailed, value,
                                {'Fn::FindInMap': ['M', 'a', 'b']},
                                Mappings={'M': {'a': {}}})
        self.assertIn('Outputs.o.Value', str(exc))

    def test_conditions(self):
        sd = utils.stack(cfn(
            {'o': {'Fn::If': ['IsProd', 'big', 'small']}},
            resources={'r': {'Type': 'OS::Heat::None',
                             'Condition': 'NotProd'}},
            Parameters={'Env': {'Type': 'String', 'Default': 'prod'}},
            Conditions={'IsProd': {'Fn::Equals': [{'Ref': 'Env'}, 'prod']},
                        'NotProd': {'Fn::Not': ['IsProd']},
                        'Both': {'Fn::And': ['IsProd', 'IsProd']},
                        'Any': {'Fn::Or': ['NotProd', 'IsProd']}}))
        self.assertEqual({'IsProd': True, 'NotProd': False, 'Both': True,
                          'Any': True}, sd.conditions)
        self.assertEqual('big', sd.output_definitions()['o'].resolve())
        self.assertEqual({}, dict(sd.resource_definitions()))

    def test_resource_fields_and_deps(self):
        sd = utils.stack(cfn(resources={
            'a': {'Type': 'OS::Heat::Value', 'Properties': {'value': 1},
                  'DeletionPolicy': 'Retain', 'Metadata': {'m': 1},
                  'UpdatePolicy': {'u': 1}},
            'b': {'Type': 'OS::Heat::Value', 'DependsOn': 'a',
                  'Properties': {'value': {'Fn::GetAtt': ['c', 'value']}}},
            'c': {'Type': 'OS::Heat::Value',
                  'Properties': {'value': {'Ref': 'a'}}}}))
        sd.validate(fakes.lookup)
        defs = sd.resource_definitions()
        self.assertEqual('Retain', defs['a'].deletion_policy)
        self.assertEqual({'m': 1}, defs['a'].metadata)
        self.assertEqual({'a', 'c'}, defs['b'].required_resources())
        self.assertEqual(['a', 'c', 'b'],
                         sd.dependencies().topological_order())

    def test_heat_template_format(self):
        tmpl = template.Template.create(
            {'HeatTemplateFormatVersion': '2012-12-12',
             'Resources': {'r': {'Type': 'OS::Heat::None'}}})
        self.assertEqual('HeatTemplateFormatVersion', tmpl.version[0])

    def test_bad_section_and_key(self):
        sd = utils.stack(cfn(resources={'r': {'Type': 'X', 'Bad': 1}}))
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate)
        self.assertIn('Resources.r', str(exc))
        sd = utils.stack(dict(cfn(), Bogus={}))
        self.assertRaises(exception.StackValidationFailed, sd.validate)

    def test_cfn_parameters(self):
        sd = utils.stack(cfn(Parameters={
            'N': {'Type': 'Number', 'MinValue': 1, 'MaxValue': 5,
                  'Default': 9, 'ConstraintDescription': 'one to five'}}))
        exc = self.assertRaises(exception.StackValidationFailed,
                                sd.validate)
        self.assertEqual("Parameter 'N' is invalid: one to five", str(exc))
        sd = utils.stack(cfn(Parameters={
            'L': {'Type': 'CommaDelimitedList', 'Default': 'a,b',
                  'NoEcho': 'true'}}))
        body = template.format_validate(sd)
        self.assertEqual({'Type': 'CommaDelimitedList', 'Default': 'a,b',
                          'Description': '', 'Label': 'L', 'NoEcho': 'true'},
                         body['Parameters']['L'])
