"""OS::HeatVision::CEP embedded: alarm -> CEP over HTTP -> policy -> group.

The API is served on a loopback port (the policies' signed URLs point at
it) and so is the sample ECA CEP; ``[cep] allowed_networks`` allows
loopback explicitly, as an operator would allow the CEPs' network.
"""

import time
import urllib.parse

from heat_vision.cep import app as cep_app
from heat_vision.cep import eca
from heat_vision.common import context
from heat_vision.db import events as db_events
from heat_vision.db import resources as db_resources
from heat_vision.db import tasks as db_tasks
from tests import base
from tests import cep_servers
from tests import fixtures as hv_fixtures

SECRET = 'a-shared-secret-of-the-test-0123456789'

TEMPLATE = '''heat_template_version: 2021-04-16
parameters:
  cep_url: {type: string}
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 4
      resource: {type: OS::Heat::None}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
  down:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: -1
  cep:
    type: OS::HeatVision::CEP
    properties:
      url: {get_param: cep_url}
      shared_secret: %s
      policies: [{get_resource: up}, down]
      jobs:
        - name: add-node
          tasks: [{name: note, action: log, input: {message: added}}]
      stacks:
        - name: spare-cluster
          template: |
            heat_template_version: 2021-04-16
            parameters: {size: {type: number, default: 1}}
            resources: {none: {type: OS::Heat::None}}
            outputs: {size: {value: {get_param: size}}}
outputs:
  size: {value: {get_attr: [group, current_size]}}
  alarm_url: {value: {get_attr: [cep, alarm_url]}}
  signal_url: {value: {get_attr: [cep, signal_url]}}
''' % SECRET

ALARM = {'alarm_id': 'a1', 'alarm_name': 'cpu-high', 'severity': 'low',
         'previous': 'ok', 'current': 'alarm',
         'reason': 'cpu above 80%', 'reason_data': {'most_recent': 91.0}}


class CepTestCase(base.TestCase):
    """An embedded service whose API is reachable over loopback HTTP."""

    def setUp(self):
        super().setUp()
        self.flags(group='cep', allowed_networks=['127.0.0.0/8'],
                   retries=2, retry_delay=0.05, timeout=10)
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        api = self.useFixture(cep_servers.LoopbackServer(self.service.app))
        self.flags(group='api', public_endpoint=api.url)
        self.ctxt = context.RequestContext(project_id='demo',
                                           user_id='demo')

    def create(self, cep_url, template=TEMPLATE, name='loop'):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': name, 'template': template,
            'disable_rollback': True, 'parameters': {'cep_url': cep_url}})
        self.assertEqual(201, response.status_int, response.body)
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/demo/stacks/%s/%s' % (name, self.stack_id)
        stack = self.service.wait_for_stack('demo', name)
        self.assertEqual('CREATE_COMPLETE', stack['stack_status'],
                         stack['stack_status_reason'])
        return self.outputs()

    def outputs(self):
        stack = self.service.request('GET', self.path).json['stack']
        return {o['output_key']: o.get('output_value')
                for o in stack['outputs']}

    def post_url(self, url, body=None, headers=None):
        parts = urllib.parse.urlsplit(url)
        return self.service.request(
            'POST', '%s?%s' % (parts.path, parts.query), body=body,
            headers=headers)

    def jobs(self, name=None):
        return db_tasks.job_get_all(
            self.ctxt, filters={'name': name} if name else None,
            sort_dir='asc')

    def until(self, predicate, what, timeout=60):
        deadline = time.monotonic() + timeout
        while not predicate():
            if time.monotonic() > deadline:
                self.fail('timed out waiting for %s' % what)
            time.sleep(0.05)

    def jobs_final(self, name, count):
        self.until(lambda: len([j for j in self.jobs(name) if j.status in (
            'COMPLETE', 'FAILED', 'CANCELLED')]) >= count,
            '%d finished %s jobs' % (count, name))
        return self.jobs(name)

    def events(self, resource):
        return [(e.resource_action, e.resource_status,
                 e.resource_status_reason)
                for e in db_events.event_get_all_by_stack(self.ctxt,
                                                          self.stack_id)
                if e.resource_name == resource]

    def resource_data(self, name):
        [row] = [r for r in db_resources.resource_get_all_by_stack(
            self.ctxt, self.stack_id) if r.name == name]
        return row.attr_data


class EcaLoopTest(CepTestCase):

    def setUp(self):
        super().setUp()
        self.strategy = eca.RateLimit(interval=3600, quiet_periods=2)
        self.cep = cep_app.CepApp(self.strategy, SECRET)
        self.cep_url = self.useFixture(
            cep_servers.LoopbackServer(self.cep)).url + '/cep'

    def test_alarm_scales_through_the_cep_once_per_interval(self):
        outputs = self.create(self.cep_url)
        self.assertEqual(1, outputs['size'])
        response = self.post_url(outputs['alarm_url'], ALARM)
        self.assertEqual(200, response.status_int, response.body)
        self.until(lambda: self.outputs()['size'] == 2, 'the group to grow')
        [job] = self.jobs_final('cep-dispatch-cep', 1)
        self.assertEqual('COMPLETE', job.status)
        self.assertTrue(self.cep.drain(30))
        [call] = self.cep.calls
        self.assertEqual(200, call['status'])
        self.assertEqual('policy up', call['why'])
        # A second alarm within the rate limit reaches the CEP, which
        # does not act on it.
        response = self.post_url(outputs['alarm_url'], ALARM)
        self.assertEqual(200, response.status_int, response.body)
        jobs = self.jobs_final('cep-dispatch-cep', 2)
        self.assertEqual(['COMPLETE', 'COMPLETE'], [j.status for j in jobs])
        self.assertTrue(self.cep.drain(30))
        self.assertEqual(1, len(self.cep.calls))
        self.assertEqual(2, self.outputs()['size'])
        reasons = [r for a, s, r in self.events('cep') if a == 'SIGNAL']
        self.assertEqual(2, len(reasons))
        self.assertIn('alarm cpu-high is alarm: dispatched to the CEP',
                      reasons[0])
        self.assertNotIn(SECRET, ' '.join(r for _a, _s, r in
                                          self.events('cep')))
