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

"""Sends a few fixed paths to apps of their own."""

import webob

HEALTHCHECK = '/healthcheck'


class PathDispatch:
    """``{path: app}`` for exact paths; everything else to ``default``."""

    def __init__(self, default, apps):
        self.default = default
        self.apps = apps

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        app = self.apps.get(request.path_info.rstrip('/') or '/')
        return (app or self.default)(environ, start_response)
