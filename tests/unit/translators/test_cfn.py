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

"""The cfn translator, construct by construct (whole documents are in
cases/cfn, real ones in tests/component/relay/cfn_templates)."""

import testscenarios

from heat_vision.common import exception
from heat_vision import translators
from heat_vision.translators.cfn import parameters
from tests import base

load_tests = testscenarios.load_tests_apply_scenarios

HANDLE = 'AWS::CloudFormation::WaitConditionHandle'
HEAD = ("AWSTemplateFormatVersion: '2010-09-09'\n"
        "Parameters:\n  P: {Type: String, Default: x}\n"
        "  L: {Type: CommaDelimitedList, Default: 'a,b'}\n"
        "Conditions:\n  C: !Equals [!Ref P, x]\n"
        "Resources:\n  H: {Type: %s}\n" % HANDLE)


def translate(doc):
    return translators.load('cfn').translate(doc)


def output(yaml_value):
    """The HOT value of an output written ``yaml_value`` in YAML."""
    hot = translate(HEAD + 'Outputs:\n  O:\n    Value: %s\n'
                    % yaml_value).template
    return hot['outputs']['O']['value']


class TestShortForms(base.TestCase):
    """Every short form AWS documents is its long form."""

    scenarios = [
        ('Ref', {'value': '!Ref P', 'hot': {'get_param': 'P'}}),
        ('Sub', {'value': '!Sub "${P}-x"', 'hot': {'str_replace': {
            'template': '${P}-x', 'params': {'${P}': {'get_param': 'P'}}}}}),
        ('Sub list', {'value': "!Sub ['${V}', {V: !Ref P}]",
                      'hot': {'str_replace': {
                          'template': '${V}',
                          'params': {'${V}': {'get_param': 'P'}}}}}),
        ('GetAtt dotted', {'value': '!GetAtt H.Endpoint.Address',
                           'hot': {'get_attr': ['H', 'Endpoint.Address']}}),
        ('GetAtt list', {'value': '!GetAtt [H, Url]',
                         'hot': {'get_attr': ['H', 'Url']}}),
        ('Join', {'value': "!Join ['-', [a, !Ref P]]",
                  'hot': {'list_join': ['-', ['a', {'get_param': 'P'}]]}}),
        ('If', {'value': '!If [C, a, b]', 'hot': {'if': ['C', 'a', 'b']}}),
        ('Select', {'value': '!Select [1, !Ref L]',
                    'hot': {'get_param': ['L', 1]}}),
        ('Split', {'value': "!Split [',', 'a,b']",
                   'hot': {'str_split': [',', 'a,b']}}),
        ('FindInMap', {'value': '!FindInMap [M, k, v]', 'hot': 'found'}),
        ('Base64', {'value': '!Base64 text', 'hot': 'text'}),
        ('Cidr', {'value': "!Cidr ['10.0.0.0/16', 2, 8]",
                  'hot': ['10.0.0.0/24', '10.0.1.0/24']}),
        ('GetAZs', {'value': "!GetAZs ''",
                    'hot': {'get_param': 'availability_zones'}}),
    ]

    def test_short_form(self):
        hot = translate(HEAD + 'Mappings:\n  M: {k: {v: found}}\n'
                        'Outputs:\n  O:\n    Value: %s\n'
                        % self.value).template
        self.assertEqual(self.hot, hot['outputs']['O']['value'])


class TestConditionShortForms(base.TestCase):

    def test_and_or_not_equals_condition(self):
        hot = translate(
            HEAD + 'Conditions:\n  C: !Equals [!Ref P, x]\n'
            '  D: !And [!Condition C, !Or [!Not [!Condition C], '
            '!Equals [a, b]]]\n').template
        self.assertEqual({'and': ['C', {'or': [
            {'not': 'C'}, {'equals': ['a', 'b']}]}]},
            hot['conditions']['D'])

    def test_import_value_is_a_parameter_the_relay_sets(self):
        result = translate(HEAD + 'Outputs:\n'
                           '  O: {Value: !ImportValue shared}\n'
                           '  S: {Value: !Sub "${P}-x"}\n'
                           '  T: {Value: !ImportValue {"Fn::Sub": '
                           '"${AWS::StackName}-net"}}\n'
                           '  U: {Value: !ImportValue shared}\n')
        outputs = result.template['outputs']
        self.assertEqual({'get_param': 'aws_import_1'},
                         outputs['O']['value'])
        self.assertEqual({'get_param': 'aws_import_1'},
                         outputs['U']['value'])
        self.assertEqual({'get_param': 'aws_import_2'},
                         outputs['T']['value'])
        self.assertEqual({'aws_import_1': 'shared', 'aws_import_2': {
            'str_replace': {'template': '${AWS::StackName}-net', 'params': {
                '${AWS::StackName}': {'get_param': 'OS::stack_name'}}}}},
            result.imports)
        self.assertEqual('string', result.template['parameters'][
            'aws_import_1']['type'])

    def test_export_names_are_kept(self):
        result = translate(HEAD + 'Outputs:\n  O:\n    Value: !Ref H\n'
                           '    Export: {Name: !Sub "${AWS::StackName}-h"}'
                           '\n')
        self.assertEqual({'O': {'str_replace': {
            'template': '${AWS::StackName}-h', 'params': {
                '${AWS::StackName}': {'get_param': 'OS::stack_name'}}}}},
            result.exports)
        self.assertEqual({'value': {'get_resource': 'H'}},
                         result.template['outputs']['O'])

    def test_names_cannot_depend_on_resources(self):
        for doc in ('  O: {Value: !ImportValue {Ref: H}}\n',
                    '  O: {Value: x, Export: {Name: !GetAtt H.Url}}\n'):
            exc = self.assertRaises(exception.TranslationError, translate,
                                    HEAD + 'Outputs:\n' + doc)
            self.assertIn('cannot depend on a resource', exc.reason)


class TestLoading(base.TestCase):

    def test_python_tags_are_refused(self):
        exc = self.assertRaises(
            exception.TranslationError, translate,
            HEAD + 'Outputs:\n  O: {Value: !!python/object/apply:os.getpid '
            '[]}\n')
        self.assertIn('python/object', str(exc))

    def test_depth_is_bounded_with_tags(self):
        deep = '!Base64 [' * 150 + 'x' + ']' * 150
        exc = self.assertRaises(exception.TranslationError, output, deep)
        self.assertIn('nesting deeper', str(exc))

    def test_an_undocumented_tag_names_its_function(self):
        exc = self.assertRaises(exception.TranslationError, output,
                                '!Frobnicate x')
        self.assertEqual('Outputs.O.Value.Fn::Frobnicate', exc.path)

    def test_json_is_read_too(self):
        hot = translate('{"Resources": {"H": {"Type": "%s"}}}'
                        % HANDLE).template
        self.assertEqual(HANDLE, hot['resources']['H']['type'])


class TestPseudoParameters(base.TestCase):

    scenarios = [
        ('StackName', {'name': 'AWS::StackName',
                       'hot': {'get_param': 'OS::stack_name'}}),
        ('StackId', {'name': 'AWS::StackId',
                     'hot': {'get_param': 'OS::stack_id'}}),
        ('AccountId', {'name': 'AWS::AccountId',
                       'hot': {'get_param': 'OS::project_id'}}),
        ('Region', {'name': 'AWS::Region',
                    'hot': {'get_param': 'aws_region'}}),
        ('Partition', {'name': 'AWS::Partition',
                       'hot': {'get_param': 'aws_partition'}}),
        ('URLSuffix', {'name': 'AWS::URLSuffix',
                       'hot': {'get_param': 'aws_url_suffix'}}),
        ('NotificationARNs', {'name': 'AWS::NotificationARNs',
                              'hot': {'get_param': 'aws_notification_arns'}}),
        ('NoValue', {'name': 'AWS::NoValue', 'hot': None}),
    ]

    def test_pseudo_parameter(self):
        self.assertEqual(self.hot, output('!Ref %s' % self.name))
        self.assertEqual(self.hot, output('{Ref: %s}' % self.name))


class TestSub(base.TestCase):

    def test_pseudo_parameters_in_sub(self):
        for _name, scenario in TestPseudoParameters.scenarios:
            if scenario['hot'] is None:
                continue  # AWS::NoValue is no text
            name = scenario['name']
            value = output('!Sub "${%s}"' % name)
            self.assertEqual(scenario['hot'],
                             value['str_replace']['params']['${%s}' % name])

    def test_attributes_and_literals_in_sub(self):
        value = output('!Sub "${H.Url} ${!Literal}"')
        self.assertEqual({'${H.Url}': {'get_attr': ['H', 'Url']},
                          '${!Literal}': '${Literal}'},
                         value['str_replace']['params'])


class TestParameterTypes(base.TestCase):

    scenarios = [
        ('key pair', {'aws': 'AWS::EC2::KeyPair::KeyName', 'hot': {
            'type': 'string',
            'constraints': [{'custom_constraint': 'nova.keypair'}]}}),
        ('image', {'aws': 'AWS::EC2::Image::Id', 'hot': {
            'type': 'string',
            'constraints': [{'custom_constraint': 'glance.image'}]}}),
        ('subnet', {'aws': 'AWS::EC2::Subnet::Id', 'hot': {
            'type': 'string',
            'constraints': [{'custom_constraint': 'neutron.subnet'}]}}),
        ('zone', {'aws': 'AWS::EC2::AvailabilityZone::Name',
                  'hot': {'type': 'string'}}),
        ('subnet list', {'aws': 'List<AWS::EC2::Subnet::Id>',
                         'hot': {'type': 'comma_delimited_list'}}),
        ('numbers', {'aws': 'List<Number>',
                     'hot': {'type': 'comma_delimited_list'}}),
    ]

    def test_type(self):
        hot = translate(
            'Parameters:\n  P: {Type: "%s"}\nResources:\n  H: {Type: %s}\n'
            % (self.aws, HANDLE)).template
        self.assertEqual(self.hot, hot['parameters']['P'])


class TestParameters(base.TestCase):

    def test_ssm_types_are_no_counterpart_items(self):
        exc = self.assertRaises(exception.NoCounterpart, translate, (
            'Parameters:\n'
            '  Ami:\n'
            '    Type: "AWS::SSM::Parameter::Value<AWS::EC2::Image::Id>"\n'
            '  Zone: {Type: "AWS::Route53::HostedZone::Id"}\n'
            'Resources:\n  H: {Type: %s}\n' % HANDLE))
        self.assertEqual([
            'Parameters.Ami.Type (the parameter type '
            'AWS::SSM::Parameter::Value<AWS::EC2::Image::Id>)',
            'Parameters.Zone.Type (the parameter type '
            'AWS::Route53::HostedZone::Id)'], exc.items)

    def test_an_unknown_type_is_an_error(self):
        exc = self.assertRaises(
            exception.TranslationError, translate,
            'Parameters:\n  P: {Type: Strung}\nResources:\n'
            '  H: {Type: %s}\n' % HANDLE)
        self.assertNotIsInstance(exc, exception.NoCounterpart)
        self.assertEqual('Parameters.P.Type', exc.path)

    def test_every_aws_type_names_a_known_constraint(self):
        from heat_vision.template import plugins
        for constraint in filter(None, parameters.AWS_TYPES.values()):
            self.assertIsNotNone(plugins.get_constraint(constraint),
                                 constraint)


class TestSections(base.TestCase):

    def test_interface_metadata_gives_groups_and_labels(self):
        result = translate(
            'Metadata:\n  AWS::CloudFormation::Interface:\n'
            '    ParameterGroups:\n'
            '      - Label: {default: Network}\n'
            '        Parameters: [P, Gone]\n'
            '    ParameterLabels:\n      P: {default: The P}\n'
            '  Other: kept in the original\n'
            'Parameters:\n  P: {Type: String}\n'
            'Resources:\n  H: {Type: %s}\n' % HANDLE)
        self.assertEqual([{'label': 'Network', 'parameters': ['P']}],
                         result.template['parameter_groups'])
        self.assertEqual('The P', result.template['parameters']['P']['label'])
        self.assertEqual(
            ['Metadata.AWS::CloudFormation::Interface.ParameterGroups.0.'
             'Parameters.1'], [path for path, _text in result.notes])

    def test_rules_are_checked_then_noted(self):
        result = translate(
            HEAD + 'Rules:\n  R:\n    RuleCondition: !Equals [!Ref P, x]\n'
            '    Assertions:\n      - Assert: !Not [!Equals [!Ref P, y]]\n'
            '        AssertDescription: not y\n')
        self.assertNotIn('Rules', result.template)
        self.assertEqual(['Rules'], [path for path, _t in result.notes])

    def test_a_rule_naming_no_parameter_is_an_error(self):
        exc = self.assertRaises(
            exception.TranslationError, translate,
            HEAD + 'Rules:\n  R:\n    Assertions:\n'
            '      - Assert: !Equals [!Ref Nope, y]\n')
        self.assertEqual('Rules.R', exc.path)

    def test_a_transform_is_listed_with_what_it_brings(self):
        exc = self.assertRaises(exception.NoCounterpart, translate, (
            'Transform: AWS::Serverless-2016-10-31\n'
            'Globals:\n  Function: {Timeout: 3}\n'
            'Resources:\n  F:\n    Type: AWS::Serverless::Function\n'
            '    Properties: {Handler: index.handler}\n'))
        self.assertEqual([
            'Transform (the transform AWS::Serverless-2016-10-31)',
            'Globals (a section of the transform)',
            'Resources.F.Type (the resource type '
            'AWS::Serverless::Function)'], exc.items)
        self.assertEqual(400, exc.code)

    def test_the_list_is_bounded(self):
        resources = ''.join('  R%d: {Type: AWS::Lambda::Function}\n' % i
                            for i in range(60))
        exc = self.assertRaises(exception.NoCounterpart, translate,
                                'Resources:\n' + resources)
        self.assertEqual(50, len(exc.items))
        self.assertIn('and 10 more', str(exc))


class TestResourceAttributes(base.TestCase):

    def resource(self, attributes):
        result = translate(
            HEAD + '  R:\n    Type: OS::Heat::None\n' + ''.join(
                '    %s\n' % line for line in attributes))
        return result.template['resources']['R'], result.notes

    def test_depends_on_and_deletion_policy(self):
        hot, _notes = self.resource(['DependsOn: [H]',
                                     'DeletionPolicy: Snapshot'])
        self.assertEqual({'type': 'OS::Heat::None', 'depends_on': ['H'],
                          'deletion_policy': 'Snapshot'}, hot)
        hot, _notes = self.resource(['DependsOn: H',
                                     'DeletionPolicy: RetainExceptOnCreate'])
        self.assertEqual('H', hot['depends_on'])
        self.assertEqual('Retain', hot['deletion_policy'])

    def test_creation_and_update_replace_policies_are_noted(self):
        hot, notes = self.resource([
            'CreationPolicy: {ResourceSignal: {Count: 1}}',
            'UpdateReplacePolicy: Retain'])
        self.assertEqual({'type': 'OS::Heat::None'}, hot)
        self.assertEqual(['Resources.R.CreationPolicy',
                          'Resources.R.UpdateReplacePolicy'],
                         [path for path, _text in notes])

    def test_a_dynamic_cidr_is_a_no_counterpart_item(self):
        exc = self.assertRaises(exception.NoCounterpart, output,
                                '!Cidr [!Ref P, 2, 8]')
        self.assertEqual(['Outputs.O.Value.Fn::Cidr (Fn::Cidr of values '
                          'known only at create time)'], exc.items)

    def test_a_cidr_too_small_is_an_error(self):
        exc = self.assertRaises(exception.TranslationError, output,
                                "!Cidr ['10.0.0.0/24', 4, 7]")
        self.assertEqual('Outputs.O.Value.Fn::Cidr', exc.path)


class TestMalformedIsA400(base.TestCase):
    """Odd values are errors naming their path, never another exception."""

    scenarios = [
        ('cidr overflow', {'doc': HEAD + "Outputs:\n  O: {Value: !Cidr "
                                         "['10.0.0.0/8', .inf, 8]}\n"}),
        ('condition map', {'doc': HEAD + '  R: {Type: OS::Heat::None, '
                                         'Condition: {a: b}}\n'}),
        ('deletion policy map', {'doc': HEAD + '  R: {Type: OS::Heat::None, '
                                               'DeletionPolicy: [x]}\n'}),
        ('group of lists', {'doc': HEAD + 'Metadata:\n'
                            '  AWS::CloudFormation::Interface:\n'
                            '    ParameterGroups: [{Parameters: [[P]]}]\n'
                            '    ParameterLabels: {P: [x]}\n'}),
        ('unknown tag map key', {'doc': HEAD + 'Outputs:\n  O: {Value: '
                                               '!Select {[a]: b}}\n'}),
    ]

    def test_no_other_exception(self):
        try:
            result = translate(self.doc)
        except exception.TranslationError as exc:
            self.assertEqual(400, exc.code)
            self.assertTrue(exc.reason)
        else:
            self.assertIn('resources', result.template)
