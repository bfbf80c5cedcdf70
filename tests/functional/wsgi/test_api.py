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

"""heat_vision.wsgi.api as uwsgi and mod_wsgi load it.

Both import the module and look ``application`` up in its namespace (a
dict lookup: uwsgi's ``module = heat_vision.wsgi.api:application``), so
it must be there once the module is imported; the API is built from the
configuration files oslo.config finds (here in ``~/.heat-vision``) by the
first request, not by the import, which pbr's script makes before it reads
``--help``.
"""

import os
import subprocess
import sys

import fixtures

from tests import base

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..',
                    '..')

PROBE = """
import heat_vision.wsgi.api as module
import webob
app = vars(module).get('application')
assert app is not None, 'no application in the namespace'
assert module._application is None, 'built at import'
response = webob.Request.blank('/').get_response(app)
assert response.status_int in (200, 300), response.status
built = module.init_application()
assert module._application is built, 'built twice'
print('ok')
"""

BUILD = """
import heat_vision.wsgi.api as module
module.init_application()
"""


class TestWsgiApplication(base.TestCase):

    def import_module(self, conf_text, probe=PROBE):
        home = self.useFixture(fixtures.TempDir()).path
        os.makedirs(os.path.join(home, '.heat-vision'))
        with open(os.path.join(home, '.heat-vision', 'heat-vision.conf'),
                  'w') as f:
            f.write(conf_text)
        env = dict(os.environ, HOME=home,
                   PYTHONPATH=os.path.abspath(ROOT))
        return subprocess.run([sys.executable, '-c', probe], env=env,
                              cwd=home, capture_output=True, text=True,
                              timeout=60)

    def test_application_is_in_the_module_namespace(self):
        result = self.import_module(
            '[DEFAULT]\ntransport_url = fake://\n'
            '[api]\nauth_strategy = noauth\n')
        # The probe's verdict is its last line: on a busy machine the API's
        # engine ping (no engine here) may time out first and log a
        # warning before it.
        self.assertEqual((0, ['ok']), (result.returncode,
                                       result.stdout.splitlines()[-1:]),
                         result.stdout[-3000:] + result.stderr[-3000:])

    def test_in_process_transport_refused(self):
        result = self.import_module('[api]\nauth_strategy = noauth\n',
                                    probe=BUILD)
        self.assertNotEqual(0, result.returncode)
        self.assertIn('needs a network transport', result.stderr)
