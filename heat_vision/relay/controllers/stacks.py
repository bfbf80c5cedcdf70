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

"""``/v1/{tenant}/relay/stacks/{name}/{id}/original``: the document a
stack was made from, as it was sent.
"""

import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay import original
from heat_vision.web import util


class OriginalController:

    def __init__(self, tenant_id, stack):
        self.tenant_id = tenant_id
        self.stack = stack

    index = util.generic_route('GET')

    @index.when(method='GET')
    def index_get(self):
        util.authorize('relay:original', self.tenant_id)
        files = pecan.request.native.stack_part(
            pecan.request.ctx, self.tenant_id, self.stack, 'files')
        fmt, name, data, media_type = original.find(files)
        response = pecan.response
        response.content_type = media_type
        response.headers['X-Relay-Format'] = fmt
        response.headers['Content-Disposition'] = (
            'attachment; filename="%s"' % name)
        response.body = data
        return response


class OriginalsController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    @pecan.expose()
    def _lookup(self, *parts):
        if len(parts) == 3 and parts[2] == 'original':
            return OriginalController(self.tenant_id,
                                      '/'.join(parts[:2])), ()
        if len(parts) == 2 and parts[1] == 'original':
            return OriginalController(self.tenant_id, parts[0]), ()
        raise exception.NotFound(
            reason=_('Relay stack routes are '
                     '/relay/stacks/{stack_name}[/{stack_id}]/original.'))
