"""Refuses request bodies over ``[api] max_json_body_size`` with 413.

The relay routes give their own ``limit`` (a callable, read on every
request so that a reloaded configuration applies).
"""

import io

from oslo_config import cfg
import webob.dec

from heat_vision.common import exception

CONF = cfg.CONF


class BodyLimitMiddleware:

    def __init__(self, application, limit=None):
        self.application = application
        self.limit = limit or (lambda: CONF.api.max_json_body_size)

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
