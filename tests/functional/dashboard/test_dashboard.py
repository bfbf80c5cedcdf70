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

"""The web view in a real headless Chromium, on a real heat-vision-all.

One service and one browser for the class; each test makes its own
stacks through the API and watches the page follow them.
"""

import datetime

from testtools import content

from tests.functional import browser as browser_mod
from tests.functional import client as heat_client
from tests.functional.compat import base
from tests import waiting

WAIT = 90
NESTED = '''heat_template_version: 2021-04-16
resources:
  one: {type: OS::Heat::RandomString}
  two:
    type: OS::Heat::TestResource
    depends_on: one
    properties: {fail: {get_param: fail}}
parameters:
  fail: {type: boolean, default: false}
'''
GRAPH = {
    'heat_template_version': '2021-04-16',
    'parameters': {'fail': {'type': 'boolean', 'default': False},
                   'wait': {'type': 'number', 'default': 0}},
    'resources': {
        # Long enough for the list to show it and its page to open.
        'slow': {'type': 'OS::Heat::TestResource',
                 'properties': {'action_wait_secs': {
                     'create': {'get_param': 'wait'}}}},
        'after': {'type': 'OS::Heat::None', 'depends_on': 'slow'},
        'inner': {'type': 'OS::Heat::Stack', 'properties': {
            'template': NESTED,
            'parameters': {'fail': {'get_param': 'fail'}}}},
    },
    'outputs': {'word': {'value': 'hello'}},
}
SCALING = '''heat_template_version: 2021-04-16
resources:
  group:
    type: OS::Heat::AutoScalingGroup
    properties:
      min_size: 1
      max_size: 4
      cooldown: 0
      resource: {type: OS::Heat::TestResource}
  up:
    type: OS::Heat::ScalingPolicy
    properties:
      auto_scaling_group_id: {get_resource: group}
      adjustment_type: change_in_capacity
      scaling_adjustment: 1
      cooldown: 0
  busy:
    type: OS::HeatVision::Alarm
    properties:
      meter_name: webview_load
      statistic: avg
      period: 1
      evaluation_periods: 1
      comparison_operator: gt
      threshold: 50
      repeat_actions: false
      alarm_actions: [{get_attr: [up, alarm_url]}]
'''


class DashboardTest(base.ServiceTestCase):

    TIMEOUT = 240
    SERVICE_CONFIG = {'monitoring': {'evaluation_interval': 1}}

    @classmethod
    def setUpClass(cls):
        cls.browser = None
        if browser_mod.missing() is None:
            cls.browser = browser_mod.Browser()
        try:
            super().setUpClass()
        except Exception:
            cls._stop_browser()
            raise

    @classmethod
    def _stop_browser(cls):
        if cls.browser is not None:
            cls.browser.stop()

    @classmethod
    def tearDownClass(cls):
        cls._stop_browser()
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        browser_mod.require(self)
        self.driver = self.browser.driver
        self.api = heat_client.HeatClient(self.service.endpoint)
        self.addOnException(self._attach_page)

    def _attach_page(self, exc_info):
        name = self.id().rsplit('.', 1)[-1] + '-failure'
        self.addDetail('screenshot', content.text_content(
            self.browser.screenshot(name)))
        self.addDetail('page-log', content.text_content('\n'.join(
            str(entry) for entry in self.driver.get_log('browser'))))

    # Helpers: the page, through what a user sees.

    def open(self, fragment):
        self.driver.get('%s/dashboard/#/%s/%s' % (
            self.service.root, base.TENANT, fragment))

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait_for(self, script, what, *args, timeout=WAIT):
        return waiting.wait_until(lambda: self.js(script, *args),
                                  timeout=timeout, interval=0.1,
                                  describe=what)

    def node(self, suffix):
        """The graph node whose id ends with ``/suffix``.

        :returns: its status, class, icon and words shown, or None.
        """
        return self.js('''
            const n = [...document.querySelectorAll('g.node')].find(
                (g) => g.dataset.id.endsWith('/' + arguments[0]));
            if (!n) { return null; }
            const t = n.querySelectorAll('text');
            return {status: n.dataset.status, cls: n.getAttribute('class'),
                    icon: t[0].textContent, words: t[2].textContent,
                    id: n.dataset.id};''', suffix)

    def wait_for_node(self, suffix, status):
        return waiting.wait_until(
            lambda: (self.node(suffix) or {}).get('status') == status and
            self.node(suffix), timeout=WAIT, interval=0.1,
            describe=lambda: '%s %s, have %s' % (suffix, status,
                                                 self.node(suffix)))

    def click(self, css):
        self.wait_for('return document.querySelector(arguments[0])', css, css)
        self.js('document.querySelector(arguments[0]).click()', css)

    def press(self, *keys):
        from selenium.webdriver.common.action_chains import ActionChains
        chain = ActionChains(self.driver)
        for key in keys:
            chain.send_keys(key)
        chain.perform()

    def confirm(self):
        self.click('#dialog-confirm')

    def open_stack(self, name, stack_id):
        self.open('stacks/%s/%s' % (name, stack_id))
        self.wait_for('return window.hvMetrics', 'the graph drawn')

    # The tests.

    def test_graph_follows_a_stack_and_opens_its_nested_stack(self):
        self.open('stacks')
        self.wait_for('return document.querySelector("#stack-list")',
                      'the stack list')
        name = self.unique('graph')
        stack_id = self.api.create(name, GRAPH, parameters={'wait': 10})
        # The list shows the new stack (polled), and leads to its view.
        self.wait_for('return [...document.querySelectorAll("#stack-list a")]'
                      '.some((a) => a.textContent === arguments[0])',
                      'the stack in the list', name)
        self.browser.screenshot('dashboard-stacks')
        self.js('[...document.querySelectorAll("#stack-list a")].find('
                '(a) => a.textContent === arguments[0]).click()', name)
        self.wait_for('return window.hvMetrics', 'the graph drawn')
        slow = self.wait_for_node('slow', 'CREATE_IN_PROGRESS')
        # Not by colour alone: an icon and the status in words.
        self.assertIn('state-progress', slow['cls'])
        self.assertEqual('\u25D4', slow['icon'])
        self.assertIn('CREATE_IN_PROGRESS', slow['words'])
        self.browser.screenshot('dashboard-graph-in-progress')
        # The same page (no reload) sees it complete, from the events.
        done = self.wait_for_node('slow', 'CREATE_COMPLETE')
        self.assertEqual('\u2714', done['icon'])
        self.wait_for_node('after', 'CREATE_COMPLETE')
        self.assertEqual(1, self.js(
            'return performance.getEntriesByType("navigation").length'))
        # The page was one request (the graph read); once nothing
        # changes, a poll is a bodiless 304.
        self.assertEqual(1, self.js('return window.hvMetrics.requests'))
        unchanged = self.js('return window.hvApiStats.unchanged')
        self.wait_for('return window.hvApiStats.unchanged > arguments[0]',
                      'a poll answered 304', unchanged)
        # The nested stack is one node until opened, by keyboard.
        self.assertIsNone(self.node('two'))
        self.js('document.querySelector("svg.graph").focus()')
        self.js('''const g = [...document.querySelectorAll("g.node")].find(
                     (n) => n.dataset.id.endsWith("/inner"));
                   g.dispatchEvent(new MouseEvent("click"));''')
        self.wait_for('return document.querySelector("#node-detail h2")'
                      '.textContent === "inner"', 'inner selected')
        self.press('\ue007')  # Enter
        self.wait_for_node('two', 'CREATE_COMPLETE')
        self.assertEqual('\u2212', self.js(
            'return [...document.querySelectorAll("g.node")].find((n) => '
            'n.dataset.id.endsWith("/inner")).querySelector(".nest")'
            '.textContent'))
        # Arrow keys move the selection along the graph.
        self.press('\ue014')  # ArrowRight
        self.wait_for('return document.querySelector("#node-detail h2")'
                      '.textContent.startsWith("inner.")',
                      'a resource of the nested stack selected')
        # The search box marks what matches.
        search = self.driver.find_element('css selector', '#graph-search')
        search.send_keys('two')
        self.wait_for('return document.querySelectorAll("g.node.match")'
                      '.length === 1', 'one match')
        self.browser.screenshot('dashboard-graph-nested')
        # Outputs, template and events are a tab away.
        self.click('#tab-outputs')
        self.wait_for('return document.querySelector("#panel-outputs")'
                      '.textContent.includes("hello")', 'the output')
        self.click('#tab-template')
        self.wait_for('return document.querySelector("#panel-template")'
                      '.textContent.includes("OS::Heat::TestResource")',
                      'the template')
        self.click('#tab-events')
        self.wait_for('return document.querySelectorAll('
                      '"#event-list tr[data-status=CREATE_COMPLETE]")'
                      '.length >= 3', 'the events')
        # Delete, confirmed in a dialog.
        self.click('#delete-stack')
        self.confirm()
        self.wait_for('return !document.querySelector("#delete-stack")',
                      'the delete under way')
        self.assertIsNone(self.api.wait(name, stack_id, timeout=WAIT))

    def test_root_cause_is_one_click_away(self):
        name = self.unique('fails')
        stack_id = self.api.create(name, GRAPH, parameters={'fail': True})
        stack = self.api.wait(name, stack_id, timeout=WAIT)
        self.assertEqual('CREATE_FAILED', stack['stack_status'])
        self.open_stack(name, stack_id)
        self.assertIsNone(self.node('two'))
        self.click('#root-cause')
        failed = self.wait_for_node('two', 'CREATE_FAILED')
        self.assertEqual('\u2716', failed['icon'])
        self.wait_for('return document.querySelector("#node-detail h2")'
                      '.textContent === "inner.two"', 'the cause selected')
        self.assertIn('Root cause', self.js(
            'return document.querySelector("#node-detail").textContent'))
        self.browser.screenshot('dashboard-root-cause')

    def test_scaling_event_from_alarm_to_group(self):
        name = self.unique('scaling')
        stack_id = self.api.create(name, SCALING)
        self.assertEqual('CREATE_COMPLETE', self.api.wait(
            name, stack_id, timeout=WAIT)['stack_status'])
        self.open_stack(name, stack_id)
        self.click('#tab-autoscaling')
        size = 'return (document.querySelector("dd[data-fact=Size]") || ' \
            '{}).textContent === arguments[0]'
        self.wait_for(size, 'size 1', '1')
        # A load over the threshold for the next 10 s: the alarm fires,
        # the policy is signalled, the group grows; the page follows it
        # all. One sample alone would be in the window of at most one
        # round, and a round late on a busy machine (or one that ran
        # before the sample was stored) would miss it.
        now = datetime.datetime.now(datetime.timezone.utc)
        response = self.api.request('POST', '/metrics', json={
            'samples': [{'name': 'webview_load', 'value': 90,
                         'timestamp': (now + datetime.timedelta(
                             seconds=quarter / 4)).isoformat()}
                        for quarter in range(40)]})
        self.assertEqual(202, response.status_code, response.text)
        self.wait_for(size, 'size 2', '2')
        # With one-second periods the alarm may be back to insufficient
        # data already: its history keeps that it fired.
        self.wait_for('return [...document.querySelectorAll(".alarm tr")]'
                      '.some((r) => r.cells[2]?.textContent === "alarm")',
                      'the alarm firing in its state history')
        self.wait_for('return document.querySelectorAll('
                      '".timeline .span.state-failed").length >= 1',
                      'the alarm span on the timeline')
        self.wait_for('return document.querySelectorAll('
                      '".policy tr[data-status=SIGNAL_COMPLETE]").length >= 1',
                      'the signal and what became of it')
        self.browser.screenshot('dashboard-scaling')
        # A signal sent from the page, after a confirmation.
        self.click('.policy button.danger')
        self.confirm()
        self.wait_for(size, 'size 3', '3')

    def test_task_jobs_and_cancel_one(self):
        name = self.unique('nap')
        response = self.api.request('POST', '/tasks', json={'job': {
            'name': name, 'tasks': [{'name': 'nap', 'action': 'sleep',
                                     'input': {'seconds': 60}}]}})
        self.assertEqual(201, response.status_code, response.text)
        job_id = response.json()['job']['id']
        self.open('tasks')
        row = ('return [...document.querySelectorAll("#task-list tr")]'
               '.find((r) => r.textContent.includes(arguments[0]))')
        self.wait_for(row + '?.dataset.status === "RUNNING"',
                      'the job running', name)
        self.js(row + '.querySelector("button").click()', name)
        self.wait_for('return document.querySelector("#task-detail")'
                      '.textContent.includes("nap")', 'its steps')
        self.browser.screenshot('dashboard-tasks')
        self.click('#task-detail button.danger')
        self.confirm()
        waiting.wait_until(
            lambda: self.api.request('GET', '/tasks/' + job_id).json()[
                'job']['status'] == 'CANCELLED', timeout=WAIT,
            describe='the job cancelled')
        self.wait_for(row + '?.dataset.status === "CANCELLED"',
                      'the list showing it cancelled', name)

    def test_layout_of_a_thousand_resources_stays_readable(self):
        self.open('stacks')
        placed = self.driver.execute_async_script('''
            const done = arguments[arguments.length - 1];
            import('/dashboard/js/layout.js').then((m) => {
              const nodes = [];
              const edges = [];
              for (let i = 0; i < 1000; i++) {
                nodes.push({id: 'r' + i});
                if (i) {
                  edges.push({from: 'r' + Math.floor((i - 1) / 4),
                              to: 'r' + i});
                }
              }
              const out = m.layout(nodes, edges);
              done({w: m.NODE_W, h: m.NODE_H, width: out.width,
                    height: out.height, edges: edges.map((e) =>
                      [e.from, e.to]),
                    pos: Object.fromEntries([...out.pos].map(
                      ([id, p]) => [id, [p.x, p.y, p.level]]))});
            });''')
        pos, w, h = placed['pos'], placed['w'], placed['h']
        self.assertEqual(1000, len(pos))
        # Every arrow goes right, to a later level.
        for source, target in placed['edges']:
            self.assertLess(pos[source][2], pos[target][2])
            self.assertLessEqual(pos[source][0] + w, pos[target][0])
        # No two boxes overlap.
        columns = {}
        for x, y, _level in pos.values():
            columns.setdefault(x, []).append(y)
        xs = sorted(columns)
        self.assertTrue(all(b - a >= w for a, b in zip(xs, xs[1:])))
        for ys in columns.values():
            ys.sort()
            self.assertTrue(all(b - a >= h for a, b in zip(ys, ys[1:])))
        # A block about the screen's shape, not a strip.
        self.assertLess(placed['width'] / placed['height'], 4)
        self.assertGreater(placed['width'] / placed['height'], 0.5)
