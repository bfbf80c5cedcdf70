"""Sends a few fixed paths to apps of their own."""

import webob.dec

HEALTHCHECK = '/healthcheck'


class PathDispatch:
    """``{path: app}`` for exact paths; everything else to ``default``."""

    def __init__(self, default, apps):
        self.default = default
        self.apps = apps

    @webob.dec.wsgify
    def __call__(self, request):
        app = self.apps.get(request.path_info.rstrip('/') or '/')
        return request.get_response(app or self.default)
