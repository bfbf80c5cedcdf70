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

"""The web view's files: only those shipped, with headers that confine
the page to this origin."""

import os
import re

import webob
import webob.dec

from heat_vision.api.dashboard import static_app
from tests import base


def _get(app, path, **kwargs):
    return webob.Request.blank(path, **kwargs).get_response(app)


class DashboardAppTest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.app = static_app.DashboardApp()

    def test_index_and_its_files(self):
        page = _get(self.app, '/dashboard/')
        self.assertEqual(200, page.status_int)
        self.assertEqual('text/html', page.content_type)
        # Every file the page names is served, with its own type.
        for name in re.findall(r'(?:src|href)="((?:js|css)/[^"]+)"',
                               page.text):
            found = _get(self.app, '/dashboard/' + name)
            self.assertEqual(200, found.status_int, name)
        script = _get(self.app, '/dashboard/js/main.js')
        self.assertEqual('text/javascript', script.content_type)
        self.assertIn('route', script.text)

    def test_module_imports_are_shipped(self):
        # A module the browser cannot load stops the whole page.
        js = os.path.join(static_app.STATIC_DIR, 'js')
        for name in os.listdir(js):
            with open(os.path.join(js, name)) as handle:
                for target in re.findall(r"from '\./([^']+)'",
                                         handle.read()):
                    self.assertEqual(200, _get(
                        self.app, '/dashboard/js/' + target).status_int,
                        '%s imports %s' % (name, target))

    def test_every_module_is_fetched_at_once(self):
        # Preloaded by the page, not discovered one import level at a time.
        page = _get(self.app, '/dashboard/').text
        for name in os.listdir(os.path.join(static_app.STATIC_DIR, 'js')):
            self.assertIn('href="js/%s"' % name if name != 'main.js' else
                          'src="js/main.js"', page)

    def test_security_headers(self):
        page = _get(self.app, '/dashboard/')
        policy = page.headers['Content-Security-Policy']
        self.assertIn("script-src 'self'", policy)
        self.assertIn("frame-ancestors 'none'", policy)
        self.assertNotIn('unsafe-inline', policy)
        self.assertEqual('DENY', page.headers['X-Frame-Options'])
        self.assertEqual('nosniff', page.headers['X-Content-Type-Options'])

    def test_no_inline_script_or_handler(self):
        page = _get(self.app, '/dashboard/').text
        self.assertNotRegex(page, r'<script(?![^>]*\bsrc=)')
        self.assertNotRegex(page, r'\son[a-z]+=')

    def test_unknown_and_traversing_paths_are_404(self):
        for path in ('/dashboard/nope.js', '/dashboard/../app.py',
                     '/dashboard/%2e%2e/static_app.py',
                     '/dashboard/js/../../static_app.py',
                     '/dashboard/js/', '/dashboard/static_app.py'):
            self.assertEqual(404, _get(self.app, path).status_int, path)

    def test_prefix_alone_redirects_to_the_page(self):
        found = _get(self.app, '/dashboard')
        self.assertEqual(301, found.status_int)
        self.assertTrue(found.location.endswith('/dashboard/'))

    def test_only_reads(self):
        found = _get(self.app, '/dashboard/', method='POST')
        self.assertEqual(405, found.status_int)
        self.assertEqual('GET, HEAD', found.headers['Allow'])

    def test_unchanged_file_is_304(self):
        first = _get(self.app, '/dashboard/css/dashboard.css')
        again = _get(self.app, '/dashboard/css/dashboard.css',
                     headers={'If-None-Match': first.etag})
        self.assertEqual(304, again.status_int)
        self.assertEqual(b'', again.body)


class DashboardMountTest(base.TestCase):

    def test_routes_only_its_prefix(self):
        seen = []

        @webob.dec.wsgify
        def rest(request):
            seen.append(request.path_info)
            return webob.Response('api')

        app = static_app.DashboardMount(rest)
        self.assertEqual(200, _get(app, '/dashboard/').status_int)
        self.assertEqual('api', _get(app, '/dashboardx').text)
        self.assertEqual('api', _get(app, '/v1/p/stacks').text)
        self.assertEqual(['/dashboardx', '/v1/p/stacks'], seen)
