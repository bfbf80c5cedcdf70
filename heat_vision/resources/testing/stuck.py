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

"""HeatVision::Test::Stuck: a resource whose create never returns.

It stands for a plugin whose ``handle_create`` blocks on a call that
never answers (a client without a timeout): the thread running the step
is lost until the process ends. It exists to test that an engine still
stops, and its process still exits, within ``graceful_shutdown_timeout``.
Before blocking, it makes the file ``<directory>/<physical name>`` so a
test knows the step runs.
"""

import os
import threading

from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.template import constraints

# Never set: what waits on it waits as long as the process lives.
_NEVER = threading.Event()


class Stuck(base.Resource):

    creates_external = False

    PROPERTIES = (DIRECTORY,) = ('directory',)

    properties_schema = {
        DIRECTORY: constraints.Schema(
            constraints.Schema.STRING,
            _('The directory the file saying the create started is made '
              'in.'), required=True),
    }

    def handle_create(self):
        self.resource_id = self.physical_resource_name()
        path = os.path.join(self.properties[self.DIRECTORY],
                            self.resource_id)
        with open(path, 'w'):
            pass
        _NEVER.wait()
