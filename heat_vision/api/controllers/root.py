"""``/``: version discovery, and the way into ``/v1``."""

import pecan

from heat_vision.api.controllers import v1
from heat_vision.api import util


class RootController:

    v1 = v1.V1Controller()

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        """Heat's answer: 300 Multiple Choices listing the versions."""
        pecan.response.status = 300
        return {'versions': [{
            'id': 'v1.0',
            'status': 'CURRENT',
            'links': [{'rel': 'self', 'href': util.host_url() + '/v1/'}],
        }]}
