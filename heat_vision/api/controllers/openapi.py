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

"""``GET /v1/openapi.json``: the OpenAPI description of the API.

The document is kept in ``doc/api/openapi.yaml`` (in a source tree or an
editable install) or installed under ``share/heat-vision/api/``; it is
read once and served as JSON. No tenant: it is the same for everyone.
"""

import os
import sys

import yaml

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.web import util

FILE_NAME = 'openapi.yaml'


def candidates():
    """The places the document may be, most specific first."""
    source_tree = os.path.dirname(os.path.dirname(os.path.dirname(
        os.path.dirname(os.path.abspath(__file__)))))
    return [os.path.join(source_tree, 'doc', 'api', FILE_NAME),
            os.path.join(sys.prefix, 'share', 'heat-vision', 'api',
                         FILE_NAME)]


def load_document():
    """:returns: the document as a dict.

    :raises: NotFound if it is not installed.
    """
    for path in candidates():
        if os.path.exists(path):
            with open(path) as f:
                return yaml.safe_load(f)
    raise exception.NotFound(
        reason=_('The OpenAPI description is not installed.'))


class OpenAPIController:

    _document = None

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    def index_get(self):
        if OpenAPIController._document is None:
            OpenAPIController._document = load_document()
        return OpenAPIController._document
