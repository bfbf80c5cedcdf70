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

"""Links quote names and ids as urllib's quote(safe='') does."""

from urllib import parse

from heat_vision.api.controllers.v1 import links
from tests import base


class QuotedTest(base.TestCase):

    def test_same_as_quote(self):
        for part in ('web-1', 'a b', 'x/y', '\u00fc', '', 'a~b.c-d_e',
                     'a%b', 'a\nb', '0f1e2d3c-aaaa-4bbb-8ccc-123456789abc'):
            self.assertEqual(parse.quote(part, safe=''),
                             links._quoted(part), part)
