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

"""OS::Aodh::* plugins: what they send to Aodh, and when.

The real Aodh answers in tests/cloud/test_aodh.py; here a recording
client stands in for heat_vision.clients' AodhClient to check the bodies
and the calls each action makes.
"""

from heat_vision.common import exception
from heat_vision.resources.aodh import alarm
from heat_vision.resources.aodh import composite
from heat_vision.resources.aodh import event_alarm
from heat_vision.resources.aodh import gnocchi
from heat_vision.resources.aodh import lb_member_health
from heat_vision.resources.aodh import prometheus
from heat_vision.template import properties
from tests import base
from tests.unit.resources.openstack import fakes
from tests.unit.resources import utils


class RecordingAodh:
    """Keeps the calls; knows the alarms it made."""

    def __init__(self):
        self.calls = []
        self.alarms = {}

    def alarms_named(self, name):
        self.calls.append(('alarms_named', name))
        return [a for a in self.alarms.values() if a['name'] == name]

    def create_alarm(self, body):
        self.calls.append(('create', body))
        made = dict(body, alarm_id='alarm-%d' % len(self.alarms))
        self.alarms[made['alarm_id']] = made
        return made

    def update_alarm(self, alarm_id, changes):
        self.calls.append(('update', alarm_id, changes))
        self.alarms[alarm_id].update(changes)

    def get_alarm(self, alarm_id):
        if alarm_id not in self.alarms:
            raise exception.ServiceObjectNotFound(
                service='Aodh', status=404, reason='gone')
        return self.alarms[alarm_id]

    def delete_alarm(self, alarm_id):
        self.calls.append(('delete', alarm_id))
        self.alarms.pop(alarm_id, None)


class AodhStack(utils.FakeStack):

    def __init__(self):
        super().__init__()
        self.aodh = RecordingAodh()
        self.octavia = fakes.ScriptedService('octavia')
        self.octavia.objects['/lbaas/pools/web'] = {'pool': {
            'id': 'p1', 'name': 'web'}}

    def client(self, name):
        if name == 'octavia':
            return self.octavia
        assert name == 'aodh', name
        return self.aodh


EVENT_PROPS = {
    'event_type': 'compute.instance.reboot.*',
    'query': [{'field': 'traits.instance_id', 'op': 'eq', 'value': 'vm'}],
    'alarm_actions': ['http://hv/v1/signal/s/up?signature=x'],
    'ok_queues': ['q1'],
    'time_constraints': [{'name': 'nights', 'start': '0 23 * * *',
                          'duration': 3600}],
}


class EventAlarmTest(base.TestCase):

    def make(self, props=None):
        self.stack = AodhStack()
        return utils.make(event_alarm.EventAlarm,
                          props=EVENT_PROPS if props is None else props,
                          stack=self.stack, name='alarm')

    def test_create_sends_heats_alarm_body(self):
        rsrc = self.make()
        utils.run(rsrc, 'create')
        self.assertEqual('alarm-0', rsrc.resource_id)
        body = self.stack.aodh.calls[-1][1]
        self.assertEqual({
            'name': 'teststack-alarm-abcdefghijkl',
            'type': 'event',
            'event_rule': {'event_type': 'compute.instance.reboot.*',
                           'query': [{'field': 'traits.instance_id',
                                      'op': 'eq', 'value': 'vm',
                                      'type': 'string'}]},
            'alarm_actions': ['http://hv/v1/signal/s/up?signature=x'],
            'ok_actions': ['trust+zaqar://?queue_name=q1'],
            'insufficient_data_actions': [],
            'repeat_actions': True, 'enabled': True, 'severity': 'low',
            'time_constraints': [{'name': 'nights', 'start': '0 23 * * *',
                                  'duration': 3600}],
        }, body)

    def test_create_adopts_the_alarm_a_dead_engine_made(self):
        rsrc = self.make()
        utils.run(rsrc, 'create')
        again = utils.make(event_alarm.EventAlarm, props=EVENT_PROPS,
                           stack=self.stack, name='alarm')
        utils.run(again, 'create')
        self.assertEqual(rsrc.resource_id, again.resource_id)
        self.assertEqual(1, len(self.stack.aodh.alarms))

    def test_update_suspend_resume_delete(self):
        rsrc = self.make()
        utils.run(rsrc, 'create')
        new = dict(EVENT_PROPS, severity='critical')
        checked = properties.Properties(
            event_alarm.EventAlarm.properties_schema, new,
            path=['resources', 'alarm', 'properties']).resolved()
        rsrc.handle_update(checked, {'severity': 'critical'})
        self.assertEqual('critical',
                         self.stack.aodh.alarms['alarm-0']['severity'])
        rsrc.handle_suspend()
        self.assertFalse(self.stack.aodh.alarms['alarm-0']['enabled'])
        rsrc.handle_resume()
        self.assertTrue(self.stack.aodh.alarms['alarm-0']['enabled'])
        self.assertEqual('alarm-0', rsrc.get_attribute('show')['alarm_id'])
        utils.run(rsrc, 'delete')
        self.assertEqual(('delete', 'alarm-0'), self.stack.aodh.calls[-1])
        self.assertIsNone(rsrc.get_attribute('show'))

    def test_nothing_to_delete_before_create(self):
        rsrc = self.make()
        utils.run(rsrc, 'delete')
        self.assertEqual([], self.stack.aodh.calls)

    def test_event_type_defaults_to_every_event(self):
        rsrc = self.make({})
        self.assertEqual({'event_type': '*'},
                         rsrc.rule(rsrc.properties))

    def test_bounds(self):
        for props, path in (
                ({'alarm_actions': ['x'] * 65}, 'alarm_actions'),
                ({'alarm_actions': ['h' * 2049]}, 'alarm_actions'),
                ({'query': [{'field': 'f', 'op': 'like'}]}, 'query'),
                ({'severity': 'huge'}, 'severity'),
                ({'time_constraints': [{'name': 'n', 'start': 'never',
                                        'duration': 1}]},
                 'time_constraints')):
            error = self.assertRaises(
                exception.StackValidationFailed, properties.Properties(
                    event_alarm.EventAlarm.properties_schema, props,
                    path=['resources', 'alarm', 'properties']).resolved)
            self.assertIn(path, str(error))


class ThresholdAlarmTest(base.TestCase):

    def test_rule_as_heat_builds_it(self):
        rsrc = utils.make(alarm.AodhAlarm, props={
            'meter_name': 'cpu_util', 'threshold': 50, 'statistic': 'avg',
            'period': 60, 'comparison_operator': 'gt',
            'matching_metadata': {'metadata.metering.stack': 's1'},
            'query': [{'field': 'resource_id', 'op': 'eq', 'value': 'r'}]},
            stack=AodhStack())
        body = rsrc.alarm_body(rsrc.properties)
        self.assertEqual('threshold', body['type'])
        self.assertEqual({
            'meter_name': 'cpu_util', 'threshold': 50, 'statistic': 'avg',
            'period': 60, 'comparison_operator': 'gt',
            'query': [{'field': 'resource_id', 'op': 'eq', 'value': 'r',
                       'type': 'string'},
                      {'field': 'metadata.user_metadata.stack',
                       'op': 'eq', 'value': 's1'}]},
            body['threshold_rule'])

    def test_other_meters_use_metering_metadata(self):
        rsrc = utils.make(alarm.AodhAlarm, props={
            'meter_name': 'requests', 'threshold': 1,
            'matching_metadata': {'stack': 7}}, stack=AodhStack())
        self.assertEqual(
            [{'field': 'metadata.metering.stack', 'op': 'eq', 'value': '7'}],
            rsrc.rule(rsrc.properties)['query'])


#: heat-templates' hot/autoscaling.yaml, its list_join already resolved.
BY_RESOURCES = {
    'description': 'Scale up if CPU > 80%', 'metric': 'cpu_util',
    'aggregation_method': 'mean', 'granularity': 300,
    'evaluation_periods': 1, 'threshold': 80, 'resource_type': 'instance',
    'comparison_operator': 'gt', 'alarm_actions': ['trust+http://hv/up'],
    'query': '{"=": {"server_group": "s1"}}'}


class RuleAlarmsTest(base.TestCase):
    """Each type's Aodh body: Heat's properties in ``<type>_rule``."""

    def body(self, cls, props):
        rsrc = utils.make(cls, props=props, stack=AodhStack())
        return rsrc.alarm_body(rsrc.properties)

    def test_gnocchi_aggregation_by_resources(self):
        body = self.body(gnocchi.GnocchiAggregationByResourcesAlarm,
                         BY_RESOURCES)
        self.assertEqual('gnocchi_aggregation_by_resources_threshold',
                         body['type'])
        self.assertEqual({
            'metric': 'cpu_util', 'aggregation_method': 'mean',
            'granularity': 300, 'evaluation_periods': 1, 'threshold': 80,
            'resource_type': 'instance', 'comparison_operator': 'gt',
            'query': '{"=": {"server_group": "s1"}}'},
            body['gnocchi_aggregation_by_resources_threshold_rule'])
        self.assertEqual(['trust+http://hv/up'], body['alarm_actions'])
        self.assertEqual('Scale up if CPU > 80%', body['description'])

    def test_gnocchi_resources_and_by_metrics(self):
        body = self.body(gnocchi.GnocchiResourcesAlarm, {
            'metric': 'cpu', 'resource_id': 'r1', 'resource_type': 'instance',
            'threshold': 1.5})
        self.assertEqual({'metric': 'cpu', 'resource_id': 'r1',
                          'resource_type': 'instance', 'threshold': 1.5},
                         body['gnocchi_resources_threshold_rule'])
        body = self.body(gnocchi.GnocchiAggregationByMetricsAlarm, {
            'metrics': ['m1', 'm2'], 'threshold': 2,
            'aggregation_method': 'max'})
        self.assertEqual({'metrics': ['m1', 'm2'], 'threshold': 2,
                          'aggregation_method': 'max'},
                         body['gnocchi_aggregation_by_metrics_threshold_rule'])

    def test_composite(self):
        rules = [{'type': 'prometheus', 'query': 'up', 'threshold': 1},
                 {'and': [{'type': 'prometheus', 'query': 'a',
                           'threshold': 2},
                          {'type': 'prometheus', 'query': 'b',
                           'threshold': 3}]}]
        body = self.body(composite.CompositeAlarm, {
            'composite_rule': {'operator': 'or', 'rules': rules}})
        self.assertEqual('composite', body['type'])
        self.assertEqual({'or': rules}, body['composite_rule'])

    def test_lb_member_health_and_prometheus(self):
        # The pool by name, resolved through Octavia as Heat does.
        body = self.body(lb_member_health.LBMemberHealthAlarm, {
            'pool': 'web', 'stack': 's1', 'autoscaling_group_id': 'g1'})
        self.assertEqual({'pool_id': 'p1', 'stack_id': 's1',
                          'autoscaling_group_id': 'g1'},
                         body['loadbalancer_member_health_rule'])
        body = self.body(prometheus.PrometheusAlarm, {
            'query': 'rate(x[1m])', 'threshold': 5,
            'comparison_operator': 'ge'})
        self.assertEqual({'query': 'rate(x[1m])', 'threshold': 5,
                          'comparison_operator': 'ge'},
                         body['prometheus_rule'])

    def test_bounds(self):
        for cls, props, path in (
                (gnocchi.GnocchiAggregationByResourcesAlarm,
                 dict(BY_RESOURCES, evaluation_periods=101),
                 'evaluation_periods'),
                (gnocchi.GnocchiAggregationByResourcesAlarm,
                 dict(BY_RESOURCES, granularity=0), 'granularity'),
                (gnocchi.GnocchiAggregationByResourcesAlarm,
                 dict(BY_RESOURCES, comparison_operator='like'),
                 'comparison_operator'),
                (gnocchi.GnocchiAggregationByResourcesAlarm,
                 dict(BY_RESOURCES, query='q' * 16385), 'query'),
                (gnocchi.GnocchiAggregationByMetricsAlarm,
                 {'metrics': ['m'] * 65, 'threshold': 1}, 'metrics'),
                (composite.CompositeAlarm,
                 {'composite_rule': {'operator': 'xor',
                                     'rules': [{}, {}]}}, 'operator'),
                (composite.CompositeAlarm,
                 {'composite_rule': {'operator': 'or', 'rules': [{}]}},
                 'rules'),
                (lb_member_health.LBMemberHealthAlarm,
                 {'pool': 'p', 'stack': 's'}, 'autoscaling_group_id')):
            error = self.assertRaises(
                exception.StackValidationFailed, properties.Properties(
                    cls.properties_schema, props,
                    path=['resources', 'alarm', 'properties']).resolved)
            self.assertIn(path, str(error))
