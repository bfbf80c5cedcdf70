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

"""The Query API's AWS shapes: tags, outputs, update parameters and the
status of a kept change set.
"""

from heat_vision.relay.cfn import change_set_store as store
from heat_vision.relay.cfn import errors
from heat_vision.relay.cfn import params
from heat_vision.relay.cfn import shapes
from heat_vision.relay.cfn import updates
from tests import base


class FakeCall:
    def __init__(self, query):
        self.params = params.QueryParams(query)


class TagsAndOutputsTest(base.TestCase):

    def test_tags_split_and_internal_ones_hidden(self):
        self.assertEqual(
            [{'Key': 'team', 'Value': 'blue'}, {'Key': 'bare', 'Value': ''},
             {'Key': 'cost', 'Value': 'a=b'}],
            shapes.tags(['team=blue', 'bare', 'relay:cfn', 'cost=a=b',
                         store.EXECUTED_TAG + 'x']))

    def test_heat_filler_description_left_out(self):
        stack = shapes.stack('demo', {
            'stack_name': 's', 'id': 'i', 'outputs': [
                {'output_key': 'a', 'output_value': 1,
                 'description': 'No description given'},
                {'output_key': 'b', 'output_value': 'x',
                 'description': 'given'}],
            'tags': ['relay:cfn-export:b=shared-b']})
        self.assertEqual([{'OutputKey': 'a', 'OutputValue': '1',
                           'Description': None, 'ExportName': None},
                          {'OutputKey': 'b', 'OutputValue': 'x',
                           'Description': 'given',
                           'ExportName': 'shared-b'}], stack['Outputs'])


class ParametersTest(base.TestCase):

    def test_given_and_previous(self):
        call = FakeCall({
            'Parameters.member.1.ParameterKey': 'a',
            'Parameters.member.1.ParameterValue': '1',
            'Parameters.member.2.ParameterKey': 'b',
            'Parameters.member.2.UsePreviousValue': 'true',
            'Parameters.member.3.ParameterKey': 'c',
            'Parameters.member.3.UsePreviousValue': 'false'})
        self.assertEqual(({'a': '1', 'c': ''}, ['b']),
                         updates.parameters(call))

    def test_previous_with_a_value_or_on_create_refused(self):
        both = FakeCall({'Parameters.member.1.ParameterKey': 'a',
                         'Parameters.member.1.ParameterValue': '1',
                         'Parameters.member.1.UsePreviousValue': 'true'})
        self.assertRaises(errors.QueryError, updates.parameters, both)
        previous = FakeCall({'Parameters.member.1.ParameterKey': 'a',
                             'Parameters.member.1.UsePreviousValue': 'true'})
        self.assertRaises(errors.QueryError, updates.parameters, previous,
                          creating=True)
        odd = FakeCall({'Parameters.member.1.ParameterKey': 'a',
                        'Parameters.member.1.UsePreviousValue': 'maybe'})
        self.assertRaises(errors.InvalidParameterValue, updates.parameters,
                          odd)


def _stack(status='UPDATE_COMPLETE', tags=(), updated='t1', stack_id='s1'):
    action, _sep, state = status.partition('_')
    return {'stack_name': 'web', 'id': stack_id, 'stack_action': action,
            'stack_status': state, 'tags': list(tags),
            'updated_time': updated, 'creation_time': 't0'}


class ExecutionStatusTest(base.TestCase):

    def change_set(self, **record):
        record = dict({'status': 'CREATE_COMPLETE', 'type': 'UPDATE',
                       'stack_id': 's1', 'base': 't1'}, **record)
        return store.ChangeSet('cid', 'web/one', record)

    def test_update_change_set(self):
        change_set = self.change_set()
        self.assertEqual(('web', 'one'),
                         (change_set.stack_name, change_set.name))
        self.assertEqual('AVAILABLE', change_set.execution_status(_stack()))
        self.assertEqual('OBSOLETE', change_set.execution_status(
            _stack(updated='t2')))
        self.assertEqual('OBSOLETE', change_set.execution_status(
            _stack(stack_id='s2')))
        self.assertEqual('OBSOLETE', change_set.execution_status(
            _stack('DELETE_COMPLETE')))
        tag = store.EXECUTED_TAG + 'cid'
        for status, expected in (
                ('UPDATE_IN_PROGRESS', 'EXECUTE_IN_PROGRESS'),
                ('UPDATE_COMPLETE', 'EXECUTE_COMPLETE'),
                ('UPDATE_FAILED', 'EXECUTE_FAILED'),
                ('ROLLBACK_COMPLETE', 'EXECUTE_FAILED')):
            self.assertEqual(expected, change_set.execution_status(
                _stack(status, tags=[tag], updated='t2')), status)

    def test_create_change_set_and_failed_one(self):
        change_set = self.change_set(type='CREATE', stack_id=None,
                                     base=None)
        self.assertEqual('AVAILABLE', change_set.execution_status(None))
        self.assertEqual('OBSOLETE', change_set.execution_status(_stack()))
        failed = self.change_set(status='FAILED')
        self.assertEqual('UNAVAILABLE', failed.execution_status(_stack()))

    def test_arn_names_the_config(self):
        arn = self.change_set().arn('demo')
        self.assertEqual('arn:openstack:heat::demo:changeSet/one/cid', arn)
        self.assertEqual('cid', store._config_id(arn))
        self.assertIsNone(store._config_id('one'))
