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

"""``/stacks/{stack_name}/{stack_id}/template|environment|files``, and
the lookup of a stack's sub-paths (unknown ones answer 404).
"""

import pecan

from heat_vision.api.controllers.v1 import events
from heat_vision.api.controllers.v1 import outputs
from heat_vision.api.controllers.v1 import resources
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.rpc import api as rpc_api
from heat_vision.web import util


class _StoredPart:
    """GET of one stored part of a stack, returned as it is."""

    rule = method = None

    def __init__(self, identity):
        self.identity = identity

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize(self.rule, self.identity[rpc_api.IDENTITY_TENANT])
        return getattr(pecan.request.engine, self.method)(
            pecan.request.ctx, self.identity)


class TemplateController(_StoredPart):
    rule, method = 'stacks:template', 'get_template'


class EnvironmentController(_StoredPart):
    rule, method = 'stacks:environment', 'get_environment'


class FilesController(_StoredPart):
    rule, method = 'stacks:files', 'get_files'


SUBPATHS = {
    'resources': resources.ResourcesController,
    'events': events.EventsController,
    'outputs': outputs.OutputsController,
    'template': TemplateController,
    'environment': EnvironmentController,
    'files': FilesController,
}


def lookup(identity, part):
    """The controller of ``/stacks/{name}/{id}/{part}``.

    :raises: NotFound naming the unknown part.
    """
    controller = SUBPATHS.get(part)
    if controller is None:
        raise exception.NotFound(
            reason=_('The stack %(stack)s has no sub-resource "%(part)s".') %
            {'stack': identity[rpc_api.IDENTITY_STACK_NAME], 'part': part})
    return controller(identity)
