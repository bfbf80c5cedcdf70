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

"""Refuses request bodies over a limit with 413 (the relay's routes).

The native API uses oslo.middleware's size limiter; the relay's
documents (YAML, CSAR and PDP archives) have a limit of their own,
``[relay] max_document_size``, given as a callable read on every request
so that a reloaded configuration applies.
"""

import io

import webob.dec

from heat_vision.common import exception


class BodyLimitMiddleware:

    def __init__(self, application, limit):
        self.application = application
        self.limit = limit

    @webob.dec.wsgify
    def __call__(self, request):
        limit = self.limit()
        if request.content_length is not None:
            if request.content_length > limit:
                raise exception.RequestTooLarge(limit=limit)
        elif request.is_body_readable:
            # Chunked: read at most one byte past the limit.
            body = request.body_file_raw.read(limit + 1)
            if len(body) > limit:
                raise exception.RequestTooLarge(limit=limit)
            request.body_file_raw = io.BytesIO(body)
            request.content_length = len(body)
        return request.get_response(self.application)
