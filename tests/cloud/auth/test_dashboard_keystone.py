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

"""The web view behind a real Keystone, in a real headless Chromium.

The page's files need no token; every piece of data does: without one
the page asks for it, with a user's token it shows that user's project,
and another project's token shows nothing of it.
"""

import requests

from tests.cloud.auth import base
from tests.functional import browser as browser_mod
from tests.functional.compat import base as compat_base
from tests import waiting

WAIT = 60


class DashboardBehindKeystoneTest(base.KeystoneServiceTestCase):

    TIMEOUT = 300

    @classmethod
    def setUpClass(cls):
        cls.browser = None
        if browser_mod.missing() is None:
            cls.browser = browser_mod.Browser()
        try:
            super().setUpClass()
        except Exception:
            if cls.browser is not None:
                cls.browser.stop()
            raise

    @classmethod
    def tearDownClass(cls):
        if cls.browser is not None:
            cls.browser.stop()
        super().tearDownClass()

    def setUp(self):
        super().setUp()
        browser_mod.require(self)
        self.driver = self.browser.driver

    def js(self, script, *args):
        return self.driver.execute_script(script, *args)

    def wait_for(self, script, what, *args):
        return waiting.wait_until(lambda: self.js(script, *args),
                                  timeout=WAIT, interval=0.1, describe=what)

    def sign_in(self, project, token):
        self.js('sessionStorage.clear()')
        self.driver.get('about:blank')
        self.driver.get('%s/dashboard/#/%s/stacks'
                        % (self.service.root, project))
        self.wait_for('return document.querySelector("form.sign-in")',
                      'the sign-in form')
        self.driver.find_element('css selector', '#token').send_keys(token)
        self.js('document.querySelector("form.sign-in").requestSubmit()')

    def test_the_page_shows_only_what_the_token_may_read(self):
        user = 'hv-member'
        project = self.keystone.project_id(user)
        token = self.keystone.token(user)
        name = compat_base.ServiceTestCase.unique('keystone')
        created = requests.post(
            '%s/v1/%s/stacks' % (self.service.root, project), timeout=60,
            headers={'X-Auth-Token': token},
            json={'stack_name': name, 'template': compat_base.TEMPLATE})
        self.assertEqual(201, created.status_code, created.text)
        # The files come without a token.
        page = requests.get(self.service.root + '/dashboard/', timeout=30)
        self.assertEqual(200, page.status_code)
        # Without a token the API refuses, and the page asks for one.
        self.driver.get('about:blank')
        self.driver.get('%s/dashboard/#/%s/stacks'
                        % (self.service.root, project))
        self.wait_for('return document.querySelector("form.sign-in")?'
                      '.textContent.includes("refused")',
                      'the sign-in form saying why')
        # The user's token: the user's stacks.
        self.sign_in(project, token)
        self.wait_for('return [...document.querySelectorAll("#stack-list a")]'
                      '.some((a) => a.textContent === arguments[0])',
                      'the stack listed', name)
        self.assertEqual(project, self.js(
            'return JSON.parse(sessionStorage.getItem('
            '"heat-vision.session")).project'))
        self.browser.screenshot('dashboard-keystone-stacks')
        # The stack's page: one graph read, with the same token.
        stack_id = created.json()['stack']['id']
        self.driver.get('%s/dashboard/#/%s/stacks/%s/%s' % (
            self.service.root, project, name, stack_id))
        self.wait_for('return window.hvMetrics', 'the graph drawn')
        self.assertEqual(1, self.js('return window.hvMetrics.requests'))
        graph = '%s/dashboard/api/%s/stacks/%s/%s/graph' % (
            self.service.root, project, name, stack_id)
        self.assertEqual(200, requests.get(graph, timeout=30, headers={
            'X-Auth-Token': token}).status_code)
        self.assertEqual(401, requests.get(graph, timeout=30).status_code)
        # Another project's token, for this project: the API says no and
        # the page shows nothing of the project.
        self.sign_in(project, self.keystone.token('hv-other-member'))
        self.wait_for('return !document.querySelector("#notice").hidden',
                      'the other project refused')
        self.assertFalse(self.js(
            'return document.querySelectorAll("#stack-list a").length'))
        self.assertNotIn(name, self.js('return document.body.textContent'))
        refused = requests.get(graph, timeout=30, headers={
            'X-Auth-Token': self.keystone.token('hv-other-member')})
        self.assertEqual(403, refused.status_code, refused.text)
