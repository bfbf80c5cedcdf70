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

"""The Query API as AWS answers it: boto3 and the AWS CLI (from PyPI, in
a cached virtualenv) against a real ``heat-vision-all``.

UsePreviousValue, Key/Value tags, the no-op update error, resource
types on events, outputs without a description, GetTemplateSummary and
change sets, down to ``aws cloudformation deploy`` creating a stack and
then updating it through a change set.
"""

import json
import os
import subprocess
import time

import botocore.exceptions

from tests.functional.compat import base
from tests.functional.compat import test_cfn_relay
from tests.functional import venvs
from tests import waiting

AWSCLI = 'awscli==1.46.3'
TEMPLATE = '''AWSTemplateFormatVersion: '2010-09-09'
Description: change sets and summaries
Parameters:
  Word:
    Type: String
    Default: hello
    Description: what the stack says
  Secret:
    Type: String
    NoEcho: true
    Default: hidden
  Size:
    Type: Number
    Default: 1
    AllowedValues: [1, 2]
Resources:
  Echo:
    Type: OS::Heat::Value
    Properties:
      value: {Ref: Word}
Outputs:
  Echoed:
    Value: {'Fn::GetAtt': [Echo, value]}
'''
MORE = TEMPLATE.replace('Outputs:', '''  Extra:
    Type: OS::Heat::None
Outputs:''')


class AWSShapesTest(base.ServiceTestCase):

    SHARED_SERVICE = True

    def setUp(self):
        super().setUp()
        self.cfn = test_cfn_relay.cfn_client(self.service.endpoint)

    def wait_for(self, name, status):
        def done():
            [stack] = self.cfn.describe_stacks(StackName=name)['Stacks']
            if not stack['StackStatus'].endswith('IN_PROGRESS'):
                return stack
        stack = waiting.wait_until(done)
        self.assertIsNotNone(stack, 'stack %s still in progress' % name)
        self.assertEqual(status, stack['StackStatus'],
                         stack.get('StackStatusReason'))
        return stack

    def error(self, call, **kwargs):
        with self.assertRaises(botocore.exceptions.ClientError) as caught:
            call(**kwargs)
        return caught.exception.response['Error']

    def create(self, **kwargs):
        name = self.unique('aws')
        self.cfn.create_stack(StackName=name, TemplateBody=TEMPLATE,
                              **kwargs)
        self.addCleanup(self.cfn.delete_stack, StackName=name)
        return name, self.wait_for(name, 'CREATE_COMPLETE')

    def test_parameters_tags_outputs_events(self):
        name, stack = self.create(
            Parameters=[{'ParameterKey': 'Word', 'ParameterValue': 'hi'},
                        {'ParameterKey': 'Size', 'ParameterValue': '2'}],
            Tags=[{'Key': 'team', 'Value': 'blue'},
                  {'Key': 'cost', 'Value': 'a=b'}])
        self.assertEqual([{'Key': 'team', 'Value': 'blue'},
                          {'Key': 'cost', 'Value': 'a=b'}], stack['Tags'])
        # AWS leaves out a description the template does not give.
        self.assertEqual([{'OutputKey': 'Echoed', 'OutputValue': 'hi'}],
                         stack['Outputs'])
        events = self.cfn.describe_stack_events(
            StackName=name)['StackEvents']
        types = {e['LogicalResourceId']: e['ResourceType'] for e in events}
        self.assertEqual({'Echo': 'OS::Heat::Value',
                          name: 'AWS::CloudFormation::Stack'}, types)

        # Nothing changes: refused as AWS refuses it.
        error = self.error(
            self.cfn.update_stack, StackName=name, UsePreviousTemplate=True,
            Parameters=[{'ParameterKey': 'Word', 'UsePreviousValue': True},
                        {'ParameterKey': 'Size', 'UsePreviousValue': True}])
        self.assertEqual(('ValidationError', 'No updates are to be '
                          'performed.'), (error['Code'], error['Message']))

        # Word is kept, Size goes back to its default, tags are replaced.
        self.cfn.update_stack(
            StackName=name, TemplateBody=MORE,
            Parameters=[{'ParameterKey': 'Word', 'UsePreviousValue': True}],
            Tags=[{'Key': 'team', 'Value': 'red'}])
        stack = self.wait_for(name, 'UPDATE_COMPLETE')
        values = {p['ParameterKey']: p['ParameterValue']
                  for p in stack['Parameters']}
        self.assertEqual(('hi', '1'), (values['Word'], values['Size']))
        self.assertEqual([{'Key': 'team', 'Value': 'red'}], stack['Tags'])
        self.assertEqual('hi', stack['Outputs'][0]['OutputValue'])

        error = self.error(self.cfn.create_stack, StackName=self.unique(),
                           TemplateBody=TEMPLATE,
                           Tags=[{'Key': 'relay:cfn', 'Value': 'x'}])
        self.assertEqual('InvalidParameterValue', error['Code'])

    def test_template_summary(self):
        summary = self.cfn.get_template_summary(TemplateBody=TEMPLATE)
        self.assertEqual('change sets and summaries',
                         summary['Description'])
        self.assertEqual('2010-09-09', summary['Version'])
        self.assertEqual(['OS::Heat::Value'], summary['ResourceTypes'])
        parameters = {p['ParameterKey']: p for p in summary['Parameters']}
        self.assertEqual({'ParameterKey': 'Word', 'DefaultValue': 'hello',
                          'ParameterType': 'String', 'NoEcho': False,
                          'Description': 'what the stack says'},
                         parameters['Word'])
        self.assertTrue(parameters['Secret']['NoEcho'])
        self.assertEqual({'AllowedValues': ['1', '2']},
                         parameters['Size']['ParameterConstraints'])

        name, _stack = self.create()
        by_stack = self.cfn.get_template_summary(StackName=name)
        self.assertEqual(summary['Parameters'], by_stack['Parameters'])
        error = self.error(self.cfn.get_template_summary,
                           StackName='no-such-stack')
        self.assertEqual('ValidationError', error['Code'])

    def test_change_sets(self):
        name = self.unique('cs')
        made = self.cfn.create_change_set(
            StackName=name, ChangeSetName='first', ChangeSetType='CREATE',
            TemplateBody=TEMPLATE, Tags=[{'Key': 'team', 'Value': 'blue'}],
            Parameters=[{'ParameterKey': 'Secret',
                         'ParameterValue': 's3cret'}])
        self.addCleanup(self.cfn.delete_stack, StackName=name)
        shown = self.cfn.describe_change_set(ChangeSetName=made['Id'])
        self.assertEqual(('CREATE_COMPLETE', 'AVAILABLE', 'first', name),
                         (shown['Status'], shown['ExecutionStatus'],
                          shown['ChangeSetName'], shown['StackName']))
        self.assertEqual([{'Type': 'Resource', 'ResourceChange': {
            'Action': 'Add', 'LogicalResourceId': 'Echo',
            'ResourceType': 'OS::Heat::Value', 'Scope': [],
            'Details': []}}], shown['Changes'])
        self.assertEqual([{'Key': 'team', 'Value': 'blue'}], shown['Tags'])
        # As AWS shows a NoEcho parameter.
        self.assertEqual([{'ParameterKey': 'Secret',
                           'ParameterValue': '****'}], shown['Parameters'])
        error = self.error(self.cfn.create_change_set, StackName=name,
                           ChangeSetName='first', ChangeSetType='CREATE',
                           TemplateBody=TEMPLATE)
        self.assertEqual('AlreadyExistsException', error['Code'])

        self.cfn.execute_change_set(ChangeSetName='first', StackName=name)
        stack = self.wait_for(name, 'CREATE_COMPLETE')
        self.assertEqual([{'Key': 'team', 'Value': 'blue'}], stack['Tags'])
        shown = self.cfn.describe_change_set(ChangeSetName=made['Id'])
        self.assertEqual('EXECUTE_COMPLETE', shown['ExecutionStatus'])
        error = self.error(self.cfn.execute_change_set,
                           ChangeSetName=made['Id'])
        self.assertEqual('InvalidChangeSetStatus', error['Code'])

        update = self.cfn.create_change_set(
            StackName=name, ChangeSetName='second', TemplateBody=MORE,
            Parameters=[{'ParameterKey': 'Word',
                         'ParameterValue': 'again'}])
        self.assertEqual(stack['StackId'], update['StackId'])
        shown = self.cfn.describe_change_set(ChangeSetName='second',
                                             StackName=name)
        self.assertEqual({('Add', 'Extra', None), ('Modify', 'Echo', 'False')},
                         {(c['ResourceChange']['Action'],
                           c['ResourceChange']['LogicalResourceId'],
                           c['ResourceChange'].get('Replacement'))
                          for c in shown['Changes']})
        empty = self.cfn.create_change_set(
            StackName=name, ChangeSetName='empty', UsePreviousTemplate=True,
            Parameters=[{'ParameterKey': 'Secret',
                         'UsePreviousValue': True}])
        shown = self.cfn.describe_change_set(ChangeSetName=empty['Id'])
        self.assertEqual(('FAILED', 'UNAVAILABLE'),
                         (shown['Status'], shown['ExecutionStatus']))
        self.assertIn("The submitted information didn't contain changes.",
                      shown['StatusReason'])
        listed = self.cfn.list_change_sets(StackName=name)['Summaries']
        self.assertEqual(['empty', 'first', 'second'],
                         sorted(s['ChangeSetName'] for s in listed))

        self.cfn.delete_change_set(ChangeSetName='empty', StackName=name)
        error = self.error(self.cfn.describe_change_set,
                           ChangeSetName=empty['Id'])
        self.assertEqual('ChangeSetNotFound', error['Code'])

        self.cfn.execute_change_set(ChangeSetName='second', StackName=name)
        stack = self.wait_for(name, 'UPDATE_COMPLETE')
        self.assertEqual('again', stack['Outputs'][0]['OutputValue'])
        # As AWS: executing a change set deletes the stack's others.
        listed = self.cfn.list_change_sets(StackName=name)['Summaries']
        self.assertEqual([('second', 'EXECUTE_COMPLETE')],
                         [(s['ChangeSetName'], s['ExecutionStatus'])
                          for s in listed])


class AWSCLITest(base.ServiceTestCase):
    """The AWS CLI itself, ``aws cloudformation deploy`` included."""

    SHARED_SERVICE = True

    # About twenty runs of ``aws``, each loading botocore's models: over
    # the default two minutes on a loaded machine (measured: 120 s under
    # a load average of 28 on two cores, when each was a process).
    TIMEOUT = 600

    @classmethod
    def setUpClass(cls):
        super().setUpClass()
        python = os.path.join(venvs.cached(
            'awscli-venv-' + AWSCLI.split('==')[1], [AWSCLI]), 'bin',
            'python')
        # The commands run one after the other in one process of the
        # CLI's virtualenv, each as the ``aws`` script runs it
        # (aws_commands.py): a process each cost a second of CPU.
        cls.aws_process = subprocess.Popen(
            [python, os.path.join(base.HERE, 'aws_commands.py')],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)

    @classmethod
    def tearDownClass(cls):
        try:
            cls.aws_process.stdin.close()
        except BrokenPipeError:
            pass    # It died: the test that saw it failed.
        try:
            cls.aws_process.wait(60)
        except subprocess.TimeoutExpired:
            cls.aws_process.kill()
            cls.aws_process.wait()
        cls.aws_process.stdout.close()
        super().tearDownClass()

    #: The second of the last deploy's end.
    last_deploy = 0

    def aws(self, *args, check=True):
        if args[0] == 'deploy':
            # deploy names its change set by the second
            # (awscli/customizations/cloudformation/deployer.py,
            # changeset_prefix + int(time.time())): two deploys of one
            # second would name the same one, refused in AWS as here.
            waiting.wait_until(
                lambda: int(time.time()) > self.last_deploy, timeout=5)
        env = dict(os.environ, AWS_ACCESS_KEY_ID='any',
                   AWS_SECRET_ACCESS_KEY='any',
                   AWS_DEFAULT_REGION='RegionOne',
                   AWS_CONFIG_FILE=os.devnull,
                   AWS_SHARED_CREDENTIALS_FILE=os.devnull)
        argv = (['cloudformation'] + list(args) +
                ['--endpoint-url', self.service.endpoint + '/relay/cfn',
                 '--output', 'json'])
        self.aws_process.stdin.write(json.dumps({'args': argv,
                                                 'env': env}) + '\n')
        self.aws_process.stdin.flush()
        answer = self.aws_process.stdout.readline()
        self.assertTrue(answer, 'aws_commands.py exited with %s'
                        % self.aws_process.poll())
        answer = json.loads(answer)
        done = subprocess.CompletedProcess(
            ['aws'] + argv, answer['returncode'], answer['stdout'],
            answer['stderr'])
        if args[0] == 'deploy':
            self.last_deploy = int(time.time())
        if check:
            self.assertEqual(0, done.returncode, done.stderr)
        return done

    def json(self, *args):
        out = self.aws(*args).stdout
        return json.loads(out) if out.strip() else None

    def test_deploy_twice_and_every_action(self):
        name = self.unique('cli')
        path = os.path.join(self.service.dir, name + '.yaml')
        with open(path, 'w') as handle:
            handle.write(TEMPLATE)
        self.addCleanup(self.aws, 'delete-stack', '--stack-name', name)
        deploy = ('deploy', '--template-file', path, '--stack-name', name,
                  '--tags', 'team=blue')
        self.aws(*deploy, '--parameter-overrides', 'Word=first')
        [stack] = self.json('describe-stacks', '--stack-name',
                            name)['Stacks']
        self.assertEqual('CREATE_COMPLETE', stack['StackStatus'])
        self.assertEqual([{'Key': 'team', 'Value': 'blue'}], stack['Tags'])

        with open(path, 'w') as handle:
            handle.write(MORE)
        self.aws(*deploy)
        [stack] = self.json('describe-stacks', '--stack-name',
                            name)['Stacks']
        self.assertEqual('UPDATE_COMPLETE', stack['StackStatus'])
        # deploy sends UsePreviousValue for a parameter it is not given.
        self.assertEqual('first', stack['Outputs'][0]['OutputValue'])
        listed = self.json('list-stack-resources', '--stack-name', name)
        self.assertEqual(['Echo', 'Extra'], sorted(
            r['LogicalResourceId'] for r in listed['StackResourceSummaries']))

        # Nothing to change: deploy says so, and fails only when asked.
        empty = self.aws(*deploy, check=False)
        self.assertNotEqual(0, empty.returncode)
        self.assertIn('No changes to deploy', empty.stdout + empty.stderr)
        self.aws(*deploy, '--no-fail-on-empty-changeset')

        summary = self.json('get-template-summary', '--stack-name', name)
        self.assertEqual(['OS::Heat::Value', 'OS::Heat::None'],
                         summary['ResourceTypes'])
        self.assertIn('Echoed', self.aws('get-template', '--stack-name',
                                         name).stdout)
        self.json('validate-template', '--template-body', 'file://' + path)
        events = self.json('describe-stack-events', '--stack-name', name)
        self.assertTrue(all(e.get('ResourceType')
                            for e in events['StackEvents']))
        self.json('describe-stack-resource', '--stack-name', name,
                  '--logical-resource-id', 'Echo')
        self.json('describe-stack-resources', '--stack-name', name)
        self.assertIn(name, [s['StackName'] for s in self.json(
            'list-stacks')['StackSummaries']])

        made = self.json('create-change-set', '--stack-name', name,
                         '--change-set-name', 'by-hand',
                         '--use-previous-template', '--parameters',
                         'ParameterKey=Word,ParameterValue=manual')
        shown = self.json('describe-change-set', '--change-set-name',
                          made['Id'])
        self.assertEqual('AVAILABLE', shown['ExecutionStatus'])
        self.assertIn('by-hand', [s['ChangeSetName'] for s in self.json(
            'list-change-sets', '--stack-name', name)['Summaries']])
        self.aws('execute-change-set', '--change-set-name', made['Id'])
        self.aws('wait', 'stack-update-complete', '--stack-name', name)
        self.aws('update-stack', '--stack-name', name,
                 '--use-previous-template', '--parameters',
                 'ParameterKey=Word,UsePreviousValue=true',
                 'ParameterKey=Size,ParameterValue=2')
        self.aws('wait', 'stack-update-complete', '--stack-name', name)
        made = self.json('create-change-set', '--stack-name', name,
                         '--change-set-name', 'dropped',
                         '--use-previous-template')
        self.aws('delete-change-set', '--change-set-name', made['Id'])
        [stack] = self.json('describe-stacks', '--stack-name',
                            name)['Stacks']
        self.assertEqual('manual', stack['Outputs'][0]['OutputValue'])

        other = self.unique('cli')
        self.aws('create-stack', '--stack-name', other, '--template-body',
                 'file://' + path)
        self.aws('wait', 'stack-create-complete', '--stack-name', other)
        self.aws('delete-stack', '--stack-name', other)
        self.aws('wait', 'stack-delete-complete', '--stack-name', other)
