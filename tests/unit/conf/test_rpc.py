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

from oslo_messaging import opts as messaging_opts

from heat_vision.conf import rpc
from tests import base


def _names(options):
    return {group: sorted(opt.dest for opt in opts)
            for group, opts in options}


class MessagingOptionsTest(base.TestCase):

    def test_the_library_lists_the_same_options(self):
        # heat-vision lists them without oslo_messaging.opts, which
        # imports every driver: the lists must not drift from it.
        listed = [(group, opts) for group, opts in messaging_opts.list_opts()
                  if group in (None, rpc.NOTIFICATIONS_GROUP)]
        self.assertEqual(_names(listed), _names(rpc.messaging_options()))
        self.assertEqual(
            {group: opts for group, opts in listed},
            {group: opts for group, opts in rpc.messaging_options()})
