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

"""OS::HeatVision::CEP embedded: alarm -> CEP over HTTP -> policy -> group.

The API is served on a loopback port (the policies' signed URLs point at
it) and so is the sample ECA CEP; ``[cep] allowed_networks`` allows
loopback explicitly, as an operator would allow the CEPs' network.
"""

import threading
import time
import urllib.parse

import yaml

from heat_vision.cep import app as cep_app
from heat_vision.cep import eca
from heat_vision.common import context
from heat_vision.common import signing
from heat_vision.db import events as db_events
from heat_vision.db import resources as db_resources
from heat_vision.db import tasks as db_tasks
from tests import base
from tests import cep_servers
from tests import fixtures as hv_fixtures
from tests import waiting

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

    #: [tasks] options of the embedded service.
    TASKS = {}

    def setUp(self):
        super().setUp()
        self.flags(group='cep', allowed_networks=['127.0.0.0/8'],
                   retries=2, retry_delay=0.05, timeout=10)
        if self.TASKS:
            self.flags(group='tasks', **self.TASKS)
        self.service = self.useFixture(
            hv_fixtures.EmbeddedService(self.state_dir))
        api = self.useFixture(cep_servers.LoopbackServer(self.service.app))
        self.flags(group='api', public_endpoint=api.url)
        self.ctxt = context.RequestContext(project_id='demo',
                                           user_id='demo')

    def create(self, cep_url, template=TEMPLATE, name='loop',
               project='demo'):
        response = self.service.request(
            'POST', '/v1/%s/stacks' % project, body={
                'stack_name': name, 'template': template,
                'disable_rollback': True,
                'parameters': {'cep_url': cep_url}})
        self.assertEqual(201, response.status_int, response.body)
        self.stack_id = response.json['stack']['id']
        self.path = '/v1/%s/stacks/%s/%s' % (project, name, self.stack_id)
        stack = self.service.wait_for_stack(project, name)
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
        waiting.wait_until(predicate, timeout, describe=what)

    def stack_status(self, name):
        stack = self.service.wait_for_stack('demo', name)
        return stack.get('stack_status') if isinstance(stack, dict) else None

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
        self.assertEqual(202, call['status'])
        self.assertEqual('policy up', call['why'])
        # A second alarm within the rate limit reaches the CEP, which
        # does not act on it.
        response = self.post_url(outputs['alarm_url'], dict(
            ALARM, reason_data={'most_recent': 95.0}))
        self.assertEqual(200, response.status_int, response.body)
        jobs = self.jobs_final('cep-dispatch-cep', 2)
        self.assertEqual(['COMPLETE', 'COMPLETE'], [j.status for j in jobs])
        self.assertTrue(self.cep.drain(30))
        self.assertEqual(1, len(self.cep.calls))
        self.assertEqual(2, self.outputs()['size'])
        reasons = [r for a, s, r in self.events('cep') if a == 'SIGNAL']
        self.assertEqual(2, len(reasons))
        self.assertRegex(reasons[0], '^Signal: alarm cpu-high is alarm: '
                                     'started job [0-9a-f-]{36}$')
        self.assertNotIn(SECRET, ' '.join(r for _a, _s, r in
                                          self.events('cep')))

    def test_the_same_transition_twice_is_dispatched_once(self):
        # Aodh's HTTP action and its queue bring each transition twice.
        outputs = self.create(self.cep_url)
        for _attempt in range(2):
            response = self.post_url(outputs['alarm_url'], ALARM)
            self.assertEqual(200, response.status_int, response.body)
        [job] = self.jobs_final('cep-dispatch-cep', 1)
        self.assertEqual('COMPLETE', job.status)
        self.until(lambda: self.outputs()['size'] == 2, 'the group to grow')
        self.assertTrue(self.cep.drain(30))
        self.assertEqual(1, len(self.cep.calls))
        reasons = [r for a, s, r in self.events('cep') if a == 'SIGNAL']
        self.assertEqual(2, len(reasons))
        self.assertRegex(reasons[1], '^Signal: duplicate ignored: alarm '
                                     'cpu-high [(]ok -> alarm[)] was '
                                     'delivered via signed-url at ')
        self.assertEqual(1, len(self.resource_data('cep')['cep_history']))


class Recording:
    """A strategy that keeps each dispatch and decides nothing."""

    def __init__(self):
        self.dispatches = []

    def decide(self, dispatch, now):
        self.dispatches.append(dispatch)
        return []


class GrantsTest(CepTestCase):

    def setUp(self):
        super().setUp()
        self.strategy = Recording()
        self.cep = cep_app.CepApp(self.strategy, SECRET)
        self.cep_url = self.useFixture(
            cep_servers.LoopbackServer(self.cep)).url + '/'
        self.out = self.create(self.cep_url)
        response = self.post_url(self.out['alarm_url'], ALARM)
        self.assertEqual(200, response.status_int, response.body)
        self.until(lambda: self.strategy.dispatches, 'a dispatch')
        self.body = self.strategy.dispatches[0]

    def test_dispatch_body(self):
        body = self.body
        self.assertEqual({'id': self.stack_id, 'name': 'loop'},
                         body['stack'])
        alarm = dict(body['alarm'])
        self.assertIn('timestamp', alarm)
        del alarm['timestamp']
        self.assertEqual(ALARM, alarm)
        self.assertEqual({'size': 1, 'min_size': 1, 'max_size': 4,
                          'desired_capacity': None, 'cooldown': None,
                          'cooldown_until': None}, body['groups']['group'])
        actions = body['actions']
        self.assertEqual(['down', 'up'], sorted(actions['policies']))
        self.assertEqual(['add-node'], sorted(actions['jobs']))
        self.assertEqual(['spare-cluster'], sorted(actions['stacks']))
        up = actions['policies']['up']
        self.assertEqual(('change_in_capacity', 1, 'group'),
                         (up['adjustment_type'], up['scaling_adjustment'],
                          up['group']))
        # The CEP's own URL for the policy, checked against its grants
        # when used, expiring, and (not idempotent) one-use.
        self.assertIn('/v1/signal/%s/cep?action=policy%%3Aup&expires='
                      % self.stack_id, up['url'])
        self.assertIn('&nonce=%s&signature=' % body['dispatch']['id'],
                      up['url'])
        self.assertEqual([('alarm', 'alarm')],
                         [(h['kind'], h['current'])
                          for h in body['history']])
        self.assertEqual(1, body['dispatch']['attempt'])
        self.assertEqual([], body['scaling_history'])
        self.assertNotIn(SECRET, str(body))

    def test_granted_job_and_stack_actions(self):
        actions = self.body['actions']
        response = self.post_url(actions['jobs']['add-node']['url'])
        self.assertEqual(200, response.status_int, response.body)
        [job] = self.jobs_final('add-node', 1)
        self.assertEqual('COMPLETE', job.status)
        url = actions['stacks']['spare-cluster']['url']
        for size, status in ((2, 'CREATE_COMPLETE'),
                             (3, 'UPDATE_COMPLETE')):
            response = self.post_url(url, {'parameters': {'size': size}})
            self.assertEqual(200, response.status_int, response.body)
            self.until(lambda: self.stack_status('spare-cluster') == status,
                       'spare-cluster %s' % status)
            stack = self.service.wait_for_stack('demo', 'spare-cluster')
            self.assertEqual(size, stack['outputs'][0]['output_value'])
        self.assertEqual(
            ['job:add-node', 'stack:spare-cluster', 'stack:spare-cluster'],
            [h['action'] for h in self.resource_data('cep')['cep_history']
             if h['kind'] == 'action'])
        reasons = [r for a, s, r in self.events('cep') if a == 'SIGNAL']
        self.assertRegex(reasons[1], '^Signal: CEP action job:add-node: '
                                     'started job [0-9a-f-]{36}$')

    def test_forged_and_not_granted_actions_are_refused(self):
        job_url = self.body['actions']['jobs']['add-node']['url']
        forged = [
            job_url.replace('signature=', 'signature=0'),
            job_url[:-1],
            job_url.replace('add-node', 'other'),
            # The alarm URL's signature does not cover an action.
            self.out['alarm_url'] + '&action=job%3Aadd-node',
        ]
        for url in forged:
            response = self.post_url(url)
            self.assertEqual(403, response.status_int, url)
            self.assertIn('The signal credential is missing or wrong',
                          response.text)
        # Signed right, but for an action that is not granted (as a URL
        # of a grant since removed would be), or with no expiry, or one
        # that passed, or a one-use action without its nonce: the same
        # refusal as a wrong signature.
        secret = self.resource_data('cep')[signing.SECRET_KEY]
        later = time.time() + 600
        for action, expires, nonce in (
                ('job:other', later, 'n'), ('stack:other', later, 'n'),
                ('policy:group', later, 'n'), ('nonsense', later, 'n'),
                ('job:add-node', None, 'n'),
                ('job:add-node', time.time() - 1, 'n'),
                ('job:add-node', later, None),
                ('policy:up', later, None)):
            response = self.post_url(signing.signal_url(
                self.stack_id, 'cep', secret, action=action,
                expires=expires, nonce=nonce))
            self.assertEqual(403, response.status_int, action)
            self.assertIn('The signal credential is missing or wrong',
                          response.text)
        self.assertEqual([], self.jobs('add-node'))
        self.assertEqual(1, self.outputs()['size'])

    def test_a_revoked_policy_grant_is_refused(self):
        up = self.body['actions']['policies']['up']['url']
        down = self.body['actions']['policies']['down']['url']
        # The grant of up is removed from the CEP.
        revoked = TEMPLATE.replace(
            'policies: [{get_resource: up}, down]', 'policies: [down]')
        response = self.service.request('PUT', self.path, body={
            'template': revoked, 'parameters': {'cep_url': self.cep_url}})
        self.assertEqual(202, response.status_int, response.body)
        self.until(lambda: self.stack_status('loop') == 'UPDATE_COMPLETE',
                   'the update')
        response = self.post_url(up)
        self.assertEqual(403, response.status_int, response.body)
        self.assertIn('The signal credential is missing or wrong',
                      response.text)
        self.assertEqual(1, self.outputs()['size'])
        # The policy still granted acts (and a scale-in at min_size is
        # recorded as changing nothing).
        response = self.post_url(down)
        # Answered at once; applied in the background (autoscaling.rst).
        self.assertEqual(202, response.status_int, response.body)

    def test_a_policy_url_scales_once(self):
        up = self.body['actions']['policies']['up']['url']
        response = self.post_url(up, {'reason': 'cep'})
        self.assertEqual(202, response.status_int, response.body)
        self.until(lambda: self.outputs()['size'] == 2, 'the group at 2')
        for _attempt in range(2):
            response = self.post_url(up, {'reason': 'cep'})
            self.assertEqual(409, response.status_int, response.body)
            self.assertIn('used already', response.text)
        self.assertEqual(2, self.outputs()['size'])

    def test_a_job_url_runs_once(self):
        url = self.body['actions']['jobs']['add-node']['url']
        statuses = [self.post_url(url).status_int for _n in range(3)]
        self.assertEqual([200, 409, 409], statuses)
        [job] = self.jobs_final('add-node', 1)
        self.assertEqual('COMPLETE', job.status)
        # A stack grant is idempotent (create, or update to the same):
        # its URL may be used again until it expires.
        url = self.body['actions']['stacks']['spare-cluster']['url']
        self.assertNotIn('nonce=', url)

    def test_signal_that_is_not_a_transition_is_refused(self):
        for body in ({'state': 'alarm'}, ['alarm'], None):
            response = self.post_url(self.out['alarm_url'], body)
            self.assertEqual(400, response.status_int, response.body)
            self.assertIn('A CEP takes alarm transitions', response.text)


class DeadLetterTest(CepTestCase):

    def answering(self, status):
        hits = []

        def app(environ, start_response):
            hits.append(environ['HTTP_X_HEATVISION_SIGNATURE'])
            start_response(status, [('Content-Length', '0')])
            return [b'']

        url = self.useFixture(cep_servers.LoopbackServer(app)).url
        return url, hits

    def dispatch_states(self):
        """The states of the dispatch jobs of this test's last stack."""
        return [j.status for j in self.jobs('cep-dispatch-cep')
                if j.document['tasks'][0]['input']['stack_id'] ==
                self.stack_id]

    def dead_letter(self, status):
        """Dispatch one alarm to a CEP answering ``status``.

        :returns: the signatures the CEP saw, and the dead letter event.
        """
        url, hits = self.answering(status)
        name = 'dead-%s' % status[:3]
        outputs = self.create(url, name=name)
        self.post_url(outputs['alarm_url'], ALARM)
        self.until(lambda: 'FAILED' in self.dispatch_states(),
                   'the dispatch job of %s to fail' % name)
        self.assertEqual(['FAILED'], self.dispatch_states())
        [dead] = [e for e in self.events('cep') if e[0] == 'DISPATCH']
        self.assertEqual('FAILED', dead[1])
        return hits, dead[2]

    def test_retries_then_dead_letter_event(self):
        hits, reason = self.dead_letter('503 Service Unavailable')
        # Each attempt is signed afresh.
        self.assertEqual(3, len(set(hits)))
        self.assertIn('dead letter: alarm cpu-high (ok -> alarm) not '
                      'delivered after 3 attempt(s)', reason)
        self.assertIn('answered 503', reason)

    def test_refusal_or_redirect_by_the_cep_is_not_retried(self):
        for status in ('401 Unauthorized', '302 Found'):
            hits, reason = self.dead_letter(status)
            self.assertEqual(1, len(hits))
            self.assertIn('after 1 attempt(s)', reason)
            self.assertIn('answered %s' % status[:3], reason)


class ValidationTest(CepTestCase):

    def refused(self, template, cep_url='http://127.0.0.1:9/'):
        response = self.service.request('POST', '/v1/demo/stacks', body={
            'stack_name': 'bad', 'template': template,
            'parameters': {'cep_url': cep_url}})
        self.assertEqual(400, response.status_int, response.body)
        return response.json['error']['message']

    def test_cep_networks_come_from_the_operator(self):
        self.flags(group='cep', allowed_networks=[])
        message = self.refused(TEMPLATE)
        self.assertIn('resources.cep.properties.url', message)
        self.assertIn('loopback', message)

    def test_grants_are_bounded_and_checked(self):
        self.flags(group='cep', max_grants=1)
        plain = TEMPLATE.replace('policies: [{get_resource: up}, down]',
                                 'policies: [up, down]')
        self.assertIn('resources.cep.properties.policies: at most 1',
                      self.refused(plain))
        self.flags(group='cep', max_grants=20)
        bad_job = TEMPLATE.replace('action: log', 'action: no.such')
        self.assertIn('resources.cep.properties.jobs.0.tasks[0].action',
                      self.refused(bad_job))
        twice = TEMPLATE.replace('policies: [{get_resource: up}, down]',
                                 'policies: [down, down]')
        self.assertIn('resources.cep.properties.policies.1: duplicate',
                      self.refused(twice))


def mape_template():
    """TEMPLATE with one exact_capacity policy granted instead."""
    template = yaml.safe_load(TEMPLATE)
    resources = template['resources']
    resources['group']['properties'].update(max_size=6,
                                            desired_capacity=2)
    del resources['down']
    resources['exact'] = resources.pop('up')
    resources['exact']['properties'].update(
        adjustment_type='exact_capacity', scaling_adjustment=2)
    resources['cep']['properties'] = {
        'url': {'get_param': 'cep_url'}, 'shared_secret': SECRET,
        'policies': ['exact']}
    template['outputs']['exact_url'] = {
        'value': {'get_attr': ['exact', 'alarm_url']}}
    return template


class MapeLoopTest(CepTestCase):

    def test_planned_capacity_reaches_the_group(self):
        from heat_vision.cep import mape
        cep = cep_app.CepApp(mape.MovingAverage(target=0.5, window=1),
                             SECRET)
        url = self.useFixture(cep_servers.LoopbackServer(cep)).url
        outputs = self.create(url, mape_template(), name='mape')
        self.assertEqual(2, outputs['size'])
        alarm = dict(ALARM, reason_data={'most_recent': 1.2})
        response = self.post_url(outputs['alarm_url'], alarm)
        self.assertEqual(200, response.status_int, response.body)
        # 2 members at 120% -> 5 members at 50% (ceil 4.8).
        self.until(lambda: self.outputs()['size'] == 5, 'the group at 5')
        self.assertTrue(cep.drain(30))
        self.assertEqual([5], [c['body']['capacity'] for c in cep.calls])

    def test_capacity_of_an_exact_capacity_signal_is_checked(self):
        outputs = self.create('http://127.0.0.1:9/', mape_template(),
                              name='mape')
        for bad in (-1, 'three', 2.5, True, 10 ** 9):
            response = self.post_url(outputs['exact_url'],
                                     {'capacity': bad})
            self.assertEqual(400, response.status_int, bad)
            self.assertIn('capacity: must be an integer', response.text)
        response = self.post_url(outputs['exact_url'], {'capacity': 9})
        self.assertEqual(202, response.status_int, response.body)
        # Within the group's limits.
        self.until(lambda: self.outputs()['size'] == 6, 'the group at 6')


class SignalRetryTest(CepTestCase):

    def test_a_retried_signal_starts_one_dispatch(self):
        import fixtures

        from heat_vision.db import resource_data
        strategy = Recording()
        cep = cep_app.CepApp(strategy, SECRET)
        url = self.useFixture(cep_servers.LoopbackServer(cep)).url
        outputs = self.create(url)
        real = resource_data.resource_update_if_unchanged
        conflicts = []

        def conflict_once(ctxt, row, values):
            if row.name == 'cep' and not conflicts:
                conflicts.append(row.name)
                return False
            return real(ctxt, row, values)

        self.useFixture(fixtures.MonkeyPatch(
            'heat_vision.db.resource_data.resource_update_if_unchanged',
            conflict_once))
        response = self.post_url(outputs['alarm_url'], ALARM)
        self.assertEqual(200, response.status_int, response.body)
        self.assertEqual(['cep'], conflicts)
        [job] = self.jobs_final('cep-dispatch-cep', 1)
        self.assertEqual('COMPLETE', job.status)
        self.assertEqual(1, len(strategy.dispatches))
        self.assertEqual(1, len(self.resource_data('cep')['cep_history']))


class HeadOfLineTest(CepTestCase):
    """One tenant's slow CEP does not hold up another tenant's."""

    SLOW_DISPATCHES = 24

    # Fewer threads than dispatches queued to the slow CEP, as 70
    # dispatches were to 64 job threads in the field.
    TASKS = {'max_jobs': 8, 'workers': 8}

    def setUp(self):
        super().setUp()
        self.flags(group='cep', retries=0, timeout=60,
                   max_concurrent_dispatches=2)

    def test_a_slow_cep_does_not_delay_another_tenants_cep(self):
        release = threading.Event()
        slow_hits = []

        def hanging(environ, start_response):
            slow_hits.append(time.monotonic())
            release.wait(120)
            start_response('503 Service Unavailable',
                           [('Content-Length', '0')])
            return [b'']

        fast_hits = []

        def fast(environ, start_response):
            fast_hits.append(time.monotonic())
            start_response('202 Accepted', [('Content-Length', '0')])
            return [b'']

        slow_url = self.useFixture(cep_servers.LoopbackServer(hanging)).url
        fast_url = self.useFixture(cep_servers.LoopbackServer(fast)).url
        # Released before the servers and the service stop.
        self.addCleanup(release.set)
        slow = self.create(slow_url, name='slow', project='slowtenant')
        fast_out = self.create(fast_url, name='fast', project='fasttenant')
        for n in range(self.SLOW_DISPATCHES):
            response = self.post_url(slow['alarm_url'], dict(
                ALARM, alarm_id='slow-%d' % n))
            self.assertEqual(200, response.status_int, response.body)
        self.until(lambda: slow_hits, 'the slow CEP to be called')
        started = time.monotonic()
        response = self.post_url(fast_out['alarm_url'], ALARM)
        self.assertEqual(200, response.status_int, response.body)
        self.until(lambda: fast_hits, 'the fast CEP to be called',
                   timeout=30)
        delay = fast_hits[0] - started
        # Behind the slow CEP's queue it was not called within 30 s; on
        # its own lane it is called at once (0.05 s on an idle machine),
        # with room for a busy one.
        self.assertLess(delay, 5.0, 'the fast CEP waited %.2f s behind '
                        'the slow one' % delay)
        # The slow CEP is held to [cep] max_concurrent_dispatches at once.
        self.assertLessEqual(len(slow_hits), 2)
