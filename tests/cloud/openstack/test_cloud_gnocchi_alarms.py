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

"""Heat's Gnocchi alarm types in the test cloud's real Aodh and Gnocchi.

The cloud's optional telemetry (``test-cloud add --services
gnocchi,aodh``): Aodh behind Keystone, checking each gnocchi rule
against Gnocchi with its service credentials. heat-vision runs as in
the other cloud tests (the demo user's token, ``[clients] auth_mode =
keystone_token``); a stand-in writes what Ceilometer would to Gnocchi.

* OS::Aodh::GnocchiResourcesAlarm, GnocchiAggregationByMetricsAlarm and
  GnocchiAggregationByResourcesAlarm are made, changed in place and
  deleted in Aodh, each rule as Heat builds it
  (heat/engine/resources/openstack/aodh/gnocchi/alarm.py: the type's own
  properties, unchanged, as Aodh's ``<alarm type>_rule``,
  alarm_base.BaseAlarm._reformat_properties).
* Measures above the threshold move each of the three alarms to
  ``alarm``: aodh-notifier POSTs to the alarm_url of a scaling policy,
  and that policy's group grows.
* The alarm of heat-templates' hot/autoscaling.yaml, as written there
  (resource_type ``instance``, a query on ``server_group``, a
  ``trust+`` signal_url action), over a group of servers carrying
  ``metering.server_group``: Aodh keeps a trust, and while the servers'
  cpu_util is high, signals heat-vision (behind Keystone) with it; the
  signal acts with the stack's own trust, and the group grows to its
  max_size, a server per cooldown.
* heat-tempest-plugin's scenario test_aodh_alarm, as it is there.
"""

import datetime
import json
import uuid

import yaml

from tests.cloud.openstack import ceilometer_stand_in
from tests.cloud.openstack import cloud_base
from tests.cloud.openstack import test_cloud_trust_alarm_action as trust_action

#: alarm resource -> (type, its own properties), the parameters named
#: by ``{get_param: ...}``.
ALARMS = {
    'by_resource': ('OS::Aodh::GnocchiResourcesAlarm', {
        'metric': 'cpu_util', 'resource_type': 'instance',
        'resource_id': {'get_param': 'resource_id'}}),
    'by_metrics': ('OS::Aodh::GnocchiAggregationByMetricsAlarm', {
        'metrics': [{'get_param': 'metric_id'}]}),
    'by_resources': ('OS::Aodh::GnocchiAggregationByResourcesAlarm', {
        'metric': 'cpu_util', 'resource_type': 'instance',
        'query': {'list_join': ['', [
            {'=': {'server_group': {'get_param': 'server_group'}}}]]}}),
}
#: alarm resource -> Aodh's alarm type.
AODH_TYPES = {
    'by_resource': 'gnocchi_resources_threshold',
    'by_metrics': 'gnocchi_aggregation_by_metrics_threshold',
    'by_resources': 'gnocchi_aggregation_by_resources_threshold',
}


def alarms_template():
    """Each alarm scaling a group of its own, up by one."""
    resources, outputs = {}, {}
    for name, (kind, own) in ALARMS.items():
        resources['group_' + name] = {
            'type': 'OS::Heat::AutoScalingGroup',
            'properties': {'min_size': 1, 'max_size': 3,
                           'resource': {'type': 'OS::Heat::None'}}}
        resources['up_' + name] = {
            'type': 'OS::Heat::ScalingPolicy',
            'properties': {
                'auto_scaling_group_id': {'get_resource': 'group_' + name},
                'adjustment_type': 'change_in_capacity',
                'scaling_adjustment': 1}}
        resources[name] = {'type': kind, 'properties': dict(
            own, aggregation_method='mean', evaluation_periods=1,
            granularity={'get_param': 'granularity'},
            threshold={'get_param': 'threshold'}, comparison_operator='gt',
            repeat_actions=False,
            alarm_actions=[{'get_attr': ['up_' + name, 'alarm_url']}])}
        outputs[name] = {'value': {
            'id': {'get_resource': name},
            'url': {'get_attr': ['up_' + name, 'alarm_url']},
            'size': {'get_attr': ['group_' + name, 'current_size']}}}
    return json.dumps({
        'heat_template_version': '2016-10-14',
        'parameters': {
            'resource_id': {'type': 'string'},
            'metric_id': {'type': 'string'},
            'server_group': {'type': 'string'},
            'threshold': {'type': 'number'},
            'granularity': {'type': 'number', 'default': 300}},
        'resources': resources, 'outputs': outputs})


#: hot/autoscaling.yaml of openstack/heat-templates: its group (the
#: servers without the load balancer's pool member, which needs Octavia,
#: on a network of their own), its scale-up policy and its
#: cpu_alarm_high, as written there.
AUTOSCALING = '''heat_template_version: 2016-10-14
parameters:
  image: {type: string}
  flavor: {type: string}
resources:
  net: {type: OS::Neutron::Net}
  subnet:
    type: OS::Neutron::Subnet
    properties: {network: {get_resource: net}, cidr: 10.41.0.0/24}
  web_server_group:
    type: OS::Heat::AutoScalingGroup
    depends_on: subnet
    properties:
      min_size: 1
      max_size: 3
      resource:
        type: OS::Nova::Server
        properties:
          flavor: {get_param: flavor}
          image: {get_param: image}
          networks: [{network: {get_resource: net}}]
          metadata: {"metering.server_group": {get_param: "OS::stack_id"}}
  web_server_scaleup_policy:
    type: OS::Heat::ScalingPolicy
    properties:
      adjustment_type: change_in_capacity
      auto_scaling_group_id: {get_resource: web_server_group}
      cooldown: 60
      scaling_adjustment: 1
  cpu_alarm_high:
    type: OS::Aodh::GnocchiAggregationByResourcesAlarm
    properties:
      description: Scale up if CPU > 80%
      metric: cpu_util
      aggregation_method: mean
      granularity: 300
      evaluation_periods: 1
      threshold: 80
      resource_type: instance
      comparison_operator: gt
      alarm_actions:
        - str_replace:
            template: trust+url
            params:
              url: {get_attr: [web_server_scaleup_policy, signal_url]}
      query:
        list_join:
          - ''
          - - {'=': {server_group: {get_param: "OS::stack_id"}}}
outputs:
  size: {value: {get_attr: [web_server_group, current_size]}}
  signal_url: {value: {get_attr: [web_server_scaleup_policy, signal_url]}}
  alarm: {value: {get_resource: cpu_alarm_high}}
'''


#: The alarm of heat-tempest-plugin's scenario test_aodh_alarm, as
#: heat_tempest_plugin/tests/scenario/templates/test_aodh_alarm.yaml
#: has it: a GnocchiAggregationByMetrics alarm on a metric the user
#: made, acting through trust+ and the policy's signal_url.
SCENARIO_ALARM = '''
type: OS::Aodh::GnocchiAggregationByMetricsAlarm
properties:
  metrics:
    - {get_param: metric_id}
  comparison_operator: ge
  evaluation_periods: 1
  granularity: 60
  aggregation_method: mean
  threshold: 10
  alarm_actions:
    - str_replace:
        template: trust+url
        params:
          url: {get_attr: [scaleup_policy, signal_url]}
'''


def scenario_template():
    """The scenario's whole template: its group and policy (as
    test_cloud_trust_alarm_action has them) with its alarm.
    """
    template = yaml.safe_load(trust_action.TEMPLATE)
    # YAML reads the version as a date; the template says a string.
    template['heat_template_version'] = str(
        template['heat_template_version'])
    template['parameters'] = {'metric_id': {'type': 'string'}}
    template['resources']['alarm'] = yaml.safe_load(SCENARIO_ALARM)
    template['outputs'] = {'asg_size': template['outputs']['asg_size']}
    return json.dumps(template)


class GnocchiAlarmsTest(cloud_base.CloudTestCase):

    OPTIONAL_SERVICES = ('gnocchi', 'aodh')
    USES_COMPUTE = False

    def setUp(self):
        super().setUp()
        self.aodh = self.demo.session.get_endpoint(
            service_type='alarming', interface='public')
        self.ceilometer = self.useFixture(
            ceilometer_stand_in.CeilometerStandIn(self.cloud, self.admin))
        self.server_group = cloud_base.unique('server-group')
        # A server's resource in Gnocchi, as Ceilometer would make it.
        self.resource = self.ceilometer.instance(
            str(uuid.uuid4()), self.demo.current_project_id,
            self.demo.current_user_id, self.server_group)
        self.metric_id = self.resource['metrics']['cpu_util']

    def alarm(self, alarm_id):
        """:returns: the alarm as Aodh shows it to the demo user, or None
        once gone.
        """
        response = self.demo.session.get(
            '%s/v2/alarms/%s' % (self.aodh, alarm_id), raise_exc=False)
        if response.status_code == 404:
            return None
        self.assertEqual(200, response.status_code, response.text)
        return response.json()

    def parameters(self, threshold):
        return {'resource_id': self.resource['id'],
                'metric_id': self.metric_id,
                'server_group': self.server_group, 'threshold': threshold}

    def expected_rule(self, name, threshold, granularity=300):
        """Heat's rule of ``name``: its own properties, resolved."""
        own = {'by_resource': {'metric': 'cpu_util',
                               'resource_type': 'instance',
                               'resource_id': self.resource['id']},
               'by_metrics': {'metrics': [self.metric_id]},
               'by_resources': {'metric': 'cpu_util',
                                'resource_type': 'instance',
                                'query': json.dumps({'=': {
                                    'server_group': self.server_group}})}}
        return dict(own[name], aggregation_method='mean',
                    evaluation_periods=1, granularity=granularity,
                    threshold=float(threshold), comparison_operator='gt')

    def assert_rules(self, alarms, threshold, granularity=300):
        for name, alarm in alarms.items():
            self.assertEqual(AODH_TYPES[name], alarm['type'])
            rule = dict(alarm[alarm['type'] + '_rule'])
            if name == 'by_resources':
                # Aodh scopes the query to what the project may see:
                # its own resources, or those Ceilometer's project made
                # for it (alarm_rules/gnocchi.py, validate_alarm).
                scoped = json.loads(rule['query'])
                self.assertEqual(['and'], list(scoped))
                self.assertEqual(self.server_group, scoped['and'][1][
                    '=']['server_group'])
                rule['query'] = json.dumps(scoped['and'][1])
            self.assertEqual(self.expected_rule(name, threshold,
                                                granularity), rule)

    def test_three_gnocchi_alarms_made_changed_and_deleted_in_aodh(self):
        self.start_heat_vision()
        name = cloud_base.unique('gnocchi-alarms')
        stack_id = self.run_stack(name, alarms_template(),
                                  self.parameters(1000))
        outputs = self.outputs(name, stack_id)
        alarms = {n: self.alarm(outputs[n]['id']) for n in ALARMS}
        self.assert_rules(alarms, 1000)
        for resource, alarm in alarms.items():
            self.assertEqual([outputs[resource]['url']],
                             alarm['alarm_actions'])
            self.assertTrue(alarm['name'].startswith(
                '%s-%s-' % (name, resource)), alarm['name'])
            self.assertEqual(self.demo.current_project_id,
                             alarm['project_id'])
            self.assertFalse(alarm['repeat_actions'])

        # Changed in place: the same alarms, with the new rules.
        self.run_stack(name, alarms_template(),
                       dict(self.parameters(750), granularity=60), stack_id)
        changed = {n: self.alarm(outputs[n]['id']) for n in ALARMS}
        self.assert_rules(changed, 750, granularity=60)
        self.assertEqual({n: 1 for n in ALARMS},
                         {n: v['size'] for n, v in
                          self.outputs(name, stack_id).items()})

        self.delete_stack(name, stack_id)
        self.assertEqual({n: None for n in ALARMS},
                         {n: self.alarm(outputs[n]['id']) for n in ALARMS})

    def test_measures_over_the_threshold_scale_each_group(self):
        self.start_heat_vision()
        name = cloud_base.unique('gnocchi-scaling')
        stack_id = self.run_stack(name, alarms_template(),
                                  self.parameters(50))
        outputs = self.outputs(name, stack_id)
        self.assertEqual({n: 1 for n in ALARMS},
                         {n: v['size'] for n, v in outputs.items()})
        self.ceilometer.measure(self.metric_id, 90.0)

        # gnocchi-metricd aggregates the measure, aodh-evaluator finds it
        # over 50 (mean of the 5-minute point), aodh-notifier POSTs to
        # each policy's alarm_url once (repeat_actions: false).
        self.wait_for(lambda: {
            n: v['size'] for n, v in self.outputs(name, stack_id).items()
        } == {n: 2 for n in ALARMS}, timeout=300, interval=2)
        for resource in ALARMS:
            alarm = self.alarm(outputs[resource]['id'])
            self.assertEqual('alarm', alarm['state'], alarm['state_reason'])
        self.delete_stack(name, stack_id)

    def test_the_alarm_of_hot_autoscaling_yaml_scales_its_servers(self):
        self.set_up_compute()
        # Behind Keystone: Aodh signals with a token of its trust.
        self.start_heat_vision(keystone=True)
        name = cloud_base.unique('autoscaling')
        stack_id = self.run_stack(name, AUTOSCALING, {
            'image': self.image.id, 'flavor': self.flavors[0].id})
        outputs = self.outputs(name, stack_id)
        self.assertEqual(1, outputs['size'])
        alarm = self.alarm(outputs['alarm'])
        rule = alarm['gnocchi_aggregation_by_resources_threshold_rule']
        self.assertEqual({'=': {'server_group': stack_id}},
                         json.loads(rule['query'])['and'][1])
        # Aodh made a trust for the action and keeps its id out of sight.
        self.assertEqual(['trust+' + outputs['signal_url']],
                         alarm['alarm_actions'])

        # Ceilometer's view of the group's servers: their metadata's
        # metering.server_group, their cpu_util at 95%.
        def servers():
            return [s for s in self.demo.compute.servers()
                    if s.metadata.get('metering.server_group') == stack_id]
        self.assertEqual(1, len(servers()))
        for server in servers():
            resource = self.ceilometer.instance(
                server.id, self.demo.current_project_id,
                self.demo.current_user_id,
                server.metadata['metering.server_group'])
            self.ceilometer.measure(resource['metrics']['cpu_util'], 95.0)

        # The alarm repeats its action while the mean stays high (Heat's
        # repeat_actions defaults to true): a server is added, then, once
        # the policy's 60 s cooldown is over, another, up to max_size.
        self.wait_for(lambda: [s.status for s in servers()] == [
            'ACTIVE'] * 3, timeout=600, interval=3)
        self.wait_for(lambda: self.outputs(name, stack_id)['size'] == 3,
                      timeout=120, interval=2)
        self.assertEqual('alarm', self.alarm(outputs['alarm'])['state'])
        self.delete_stack(name, stack_id)
        self.assertIsNone(self.alarm(outputs['alarm']))

    def test_heats_scenario_test_aodh_alarm(self):
        # As heat_tempest_plugin/tests/scenario/test_aodh_alarm.py: the
        # user makes a metric, the stack, two measures of 100 (now and a
        # minute on), and the group grows to 2 within 120 s.
        self.start_heat_vision(keystone=True)
        gnocchi = self.cloud.endpoints['metric'] + '/v1'
        metric = self.demo.session.post(gnocchi + '/metric', json={
            'name': 'my_metric', 'archive_policy_name': 'high'}).json()
        self.addCleanup(self.demo.session.delete,
                        gnocchi + '/metric/' + metric['id'],
                        raise_exc=False)
        name = cloud_base.unique('aodh-alarm')
        stack_id = self.run_stack(name, scenario_template(),
                                  {'metric_id': metric['id']})
        now = datetime.datetime.now(datetime.timezone.utc)
        self.demo.session.post(
            gnocchi + '/metric/%s/measures' % metric['id'], json=[
                {'timestamp': now.isoformat(), 'value': 100},
                {'timestamp': (now + datetime.timedelta(minutes=1))
                 .isoformat(), 'value': 100}])
        # The scenario waits for exactly 2 with Aodh evaluating every 60 s
        # (its default, the gate's). The test cloud's Aodh evaluates
        # every 5 s, and the policy's cooldown is 0: on a busy machine
        # the evaluator's first transition (insufficient data -> alarm)
        # and its first repeat (alarm -> alarm) arrive together, two
        # transitions that each scale, as in Heat, and 2 lasts for less
        # than a poll. What the scenario proves is the growth.
        self.wait_for(lambda: self.outputs(name, stack_id)['asg_size'] >= 2,
                      timeout=120, interval=2)
        self.delete_stack(name, stack_id)
