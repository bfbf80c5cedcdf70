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

"""Reading signal URLs out of an alarm's actions."""

from heat_vision.engine.alarms import matching
from tests import base


class ParseSignalUrlTest(base.TestCase):

    def test_a_signed_url(self):
        self.assertEqual(
            ('abc', 'my policy', 'f00'),
            matching.parse_signal_url(
                'http://h:8004/v1/signal/abc/my%20policy?signature=f00'))

    def test_an_unsigned_url_has_no_signature(self):
        self.assertEqual(('abc', 'up', None), matching.parse_signal_url(
            'http://h/v1/signal/abc/up'))

    def test_other_urls_are_not_signal_urls(self):
        for url in ('http://h/v1/t/stacks/s/id/resources/up/signal',
                    'http://h/v1/signal/abc', 'http://h/v1/signal/a/b/c',
                    'http://h/v1/signal//up', 'log://', 'http://[::1',
                    42, None):
            self.assertIsNone(matching.parse_signal_url(url), url)
