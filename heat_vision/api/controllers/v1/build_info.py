"""``/v1/{tenant_id}/build_info``: the API's and the engine's revisions."""

import pecan

from heat_vision.api import util
from heat_vision import version


class BuildInfoController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        util.authorize('build_info:build_info', self.tenant_id)
        return {'api': {'revision': version.version_string()},
                'engine': {'revision': pecan.request.engine.get_revision(
                    pecan.request.ctx)}}
