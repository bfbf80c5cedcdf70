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

"""What every hostile-input test asserts about a running heat-vision-all.

A hostile request must be refused with a 4xx quickly, the process must
stay within a memory bound, and the service must answer an ordinary
request normally right after.
"""

import time

from oslo_utils import uuidutils
import requests

from tests.functional.compat import base as compat_base
from tests import waiting

#: A refusal must come within this many seconds (the machine may be busy:
#: the bound is generous against the minutes an unbounded request took).
REFUSAL_SECONDS = 5.0
#: Resident memory the embedded service must stay under, in MiB. It idles
#: at about 130 MiB; the hostile cases once drove it to 2.7 GiB.
RSS_LIMIT_MB = 600


def rss_mb(pid):
    """:returns: the resident set size of process ``pid`` in MiB."""
    with open('/proc/%d/status' % pid) as status:
        for line in status:
            if line.startswith('VmRSS:'):
                return int(line.split()[1]) / 1024.0
    raise AssertionError('no VmRSS for process %d' % pid)


class SecurityTestCase(compat_base.ServiceTestCase):
    """One real ``heat-vision-all`` per class, with hostile-input checks."""

    def setUp(self):
        super().setUp()
        self.session = requests.Session()
        self.session.headers.update({'X-Auth-Token': 'test',
                                     'X-Roles': 'member,reader'})

    def url(self, path, tenant=compat_base.TENANT):
        return '%s/v1/%s%s' % (self.service.root, tenant, path)

    def request(self, method, path, tenant=compat_base.TENANT, **kwargs):
        kwargs.setdefault('timeout', 60)
        return self.session.request(method, self.url(path, tenant),
                                    **kwargs)

    def assertRefused(self, method, path, status=None,
                      seconds=REFUSAL_SECONDS, mentions=None, **kwargs):
        """Send a hostile request; it must get a 4xx within ``seconds``.

        :param status: the exact status expected, else any 4xx.
        :param mentions: text the error's message must contain.
        :returns: the response.
        """
        started = time.monotonic()
        response = self.request(method, path, **kwargs)
        elapsed = time.monotonic() - started
        if status is not None:
            self.assertEqual(status, response.status_code, response.text)
        else:
            self.assertTrue(400 <= response.status_code < 500,
                            '%d: %s' % (response.status_code,
                                        response.text[:2000]))
        self.assertLess(elapsed, seconds,
                        '%s %s took %.1fs' % (method, path, elapsed))
        if mentions is not None:
            self.assertIn(mentions, response.text)
        self.assertServiceHealthy()
        return response

    def assertServiceHealthy(self):
        """The service is within its memory bound and answers normally."""
        pid = self.service.process.popen.pid
        self.assertLess(rss_mb(pid), RSS_LIMIT_MB,
                        'heat-vision-all grew past %d MiB' % RSS_LIMIT_MB)
        started = time.monotonic()
        response = self.request('GET', '/stacks?limit=1')
        self.assertEqual(200, response.status_code, response.text)
        self.assertLess(time.monotonic() - started, REFUSAL_SECONDS)

    def create_stack(self, template, tenant=compat_base.TENANT, **extra):
        """Create a stack and wait for it. :returns: the stack's JSON."""
        name = self.unique('sec')
        body = dict(extra, stack_name=name, template=template)
        response = self.request('POST', '/stacks', tenant=tenant, json=body)
        self.assertEqual(201, response.status_code, response.text)
        stack_id = response.json()['stack']['id']

        def finished():
            stack = self.request('GET', '/stacks/%s/%s' % (name, stack_id),
                                 tenant=tenant).json()['stack']
            if not stack['stack_status'].endswith('IN_PROGRESS'):
                return stack
        return waiting.wait_until(finished)

    @staticmethod
    def unique(prefix='sec'):
        return '%s-%s' % (prefix, uuidutils.generate_uuid()[:8])
