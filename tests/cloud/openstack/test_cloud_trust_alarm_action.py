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

"""A ``trust+`` alarm action on ``signal_url``, as Aodh sends it.

heat-tempest-plugin's scenario test_aodh_alarm
(heat_tempest_plugin/tests/scenario/test_aodh_alarm.py, template
templates/test_aodh_alarm.yaml) has an
``OS::Aodh::GnocchiAggregationByMetricsAlarm`` act on
``trust+`` + the ``signal_url`` of a policy, pushes measures to Gnocchi
and waits for the group to grow from 1 to 2. That template needs a
Gnocchi (Aodh asks it when it makes the alarm); what it asks of
heat-vision once the alarm fires is tested here against the test cloud's
Keystone: Aodh's trust notifier (aodh/notifier/trust.py and
aodh/keystone_client.py ``create_trust_id``, ``get_trusted_client``)
holds a trust from the user who made the alarm to Aodh's service user
(impersonation, the user's roles, the user's project), gets a token of
that trust, and POSTs the transition (aodh/notifier/rest.py's body) to
the URL without its ``trust+`` prefix.

Then the whole path with the real Aodh behind the same Keystone: an
``OS::Aodh::EventAlarm`` (no Gnocchi needed) with the scenario's action,
made by heat-vision with the user's token, for which aodh-api makes the
trust itself; an event fires it and aodh-notifier signals the policy.
"""

import json
import shutil
import tempfile
import uuid

from keystoneauth1.identity import v3
from keystoneauth1 import session as ks_session
import requests

from tests.cloud import aodh_service
from tests.cloud.openstack import cloud_base

# The scenario's group and policy, without the Gnocchi alarm.
TEMPLATE = '''heat_template_version: 2013-05-23
resources:
  asg:
    type: OS::Heat::AutoScalingGroup
    properties:
      max_size: 5
      min_size: 1
      resource:
        type: OS::Heat::RandomString
  scaleup_policy:
    type: OS::Heat::ScalingPolicy
    properties:
      adjustment_type: change_in_capacity
      auto_scaling_group_id: {get_resource: asg}
      cooldown: 0
      scaling_adjustment: 1
outputs:
  asg_size:
    value: {get_attr: [asg, current_size]}
  action:
    value:
      str_replace:
        template: trust+url
        params:
          url: {get_attr: [scaleup_policy, signal_url]}
'''

# The scenario's alarm action, on an event alarm.
EVENT_TEMPLATE = TEMPLATE.replace('outputs:', '''  alarm:
    type: OS::Aodh::EventAlarm
    properties:
      event_type: compute.instance.reboot.*
      query:
        - {field: traits.instance_id, op: eq, value: vm-1}
      repeat_actions: false
      alarm_actions:
        - str_replace:
            template: trust+url
            params:
              url: {get_attr: [scaleup_policy, signal_url]}
outputs:
  alarm_id: {value: {get_resource: alarm}}''')


class TrustAlarmActionTest(cloud_base.CloudTestCase):

    def aodh_service_user(self):
        """:returns: Aodh's service user (name, id) and its password."""
        password = uuid.uuid4().hex
        service = self.admin.identity.find_project('service')
        user = self.admin.identity.create_user(
            name=cloud_base.unique('aodh'), password=password,
            domain_id='default', default_project_id=service.id)
        self.addCleanup(self.admin.identity.delete_user, user,
                        ignore_missing=True)
        self.admin.identity.assign_project_role_to_user(
            service, user, self.admin.identity.find_role('service'))
        return user, password

    def trust_token(self):
        """A token of a trust from the demo user to Aodh's user, as
        aodh-api makes the trust and aodh-notifier uses it.
        """
        aodh, password = self.aodh_service_user()
        access = self.demo.session.auth.get_access(self.demo.session)
        trust = self.demo.identity.create_trust(
            trustor_user_id=access.user_id, trustee_user_id=aodh.id,
            project_id=access.project_id, impersonation=True,
            roles=[{'name': name} for name in access.role_names])
        self.addCleanup(self.admin.identity.delete_trust, trust,
                        ignore_missing=True)
        auth = v3.Password(auth_url=self.cloud.auth['auth_url'],
                           username=aodh.name, password=password,
                           user_domain_id='default', trust_id=trust.id)
        return ks_session.Session(auth=auth).get_token()

    def test_the_scenarios_alarm_action_scales_the_group(self):
        self.start_heat_vision(keystone=True)
        name = cloud_base.unique('aodh-alarm')
        stack_id = self.run_stack(name, TEMPLATE, {})
        outputs = self.outputs(name, stack_id)
        self.assertEqual(1, outputs['asg_size'])
        action = outputs['action']
        self.assertTrue(action.startswith('trust+http://'), action)
        # aodh-api refuses a trust URL that carries a user already.
        self.assertNotIn('@', action.split('/')[2])

        body = {'alarm_name': 'alarm', 'alarm_id': str(uuid.uuid4()),
                'severity': 'low', 'previous': 'insufficient data',
                'current': 'alarm',
                'reason': 'Transition to alarm due to 1 samples outside '
                          'threshold, most recent: 100.0',
                'reason_data': {'type': 'threshold', 'disposition':
                                'outside', 'count': 1,
                                'most_recent': 100.0}}
        response = requests.post(
            action[len('trust+'):], data=json.dumps(body), timeout=60,
            headers={'X-Auth-Token': self.trust_token(),
                     'content-type': 'application/json',
                     'x-openstack-request-id': 'req-%s' % uuid.uuid4()})
        self.assertIn(response.status_code, (200, 202), response.text)

        # The scenario's check_instance_count: the group grows to 2.
        self.wait_for(lambda: self.outputs(name, stack_id)['asg_size'] == 2,
                      timeout=120, interval=2)
        self.delete_stack(name, stack_id)

    def test_aodh_makes_the_trust_and_its_notifier_scales(self):
        aodh_user, password = self.aodh_service_user()
        log_dir = tempfile.mkdtemp(prefix='hv-aodh-')
        self.addCleanup(shutil.rmtree, log_dir, ignore_errors=True)
        aodh = self.useFixture(aodh_service.AodhService(log_dir, keystone={
            'auth_url': self.cloud.auth['auth_url'],
            'username': aodh_user.name, 'password': password,
            'region_name': self.cloud.region_name}))
        aodh.attach_logs_to(self)
        self.start_heat_vision(keystone=True, extra={
            'clients_aodh': {'endpoint_override': aodh.url}})
        name = cloud_base.unique('aodh-trust')
        stack_id = self.run_stack(name, EVENT_TEMPLATE, {})
        outputs = self.outputs(name, stack_id)
        self.assertEqual(1, outputs['asg_size'])
        alarm = requests.get(
            '%s/v2/alarms/%s' % (aodh.url, outputs['alarm_id']),
            headers={'X-Auth-Token': self.demo.auth_token}, timeout=30)
        self.assertEqual(200, alarm.status_code, alarm.text)
        # Aodh shows the action as given (it keeps the trust to itself).
        self.assertEqual([outputs['action']],
                         alarm.json()['alarm_actions'])

        aodh.publish_event('compute.instance.reboot.end',
                           {'instance_id': 'vm-1'},
                           self.demo.current_project_id)
        self.wait_for(lambda: self.outputs(name, stack_id)['asg_size'] == 2,
                      timeout=120, interval=2)
        self.delete_stack(name, stack_id)
