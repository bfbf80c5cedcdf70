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

"""``/dashboard/``: the web view's files, served by the API itself.

The files hold no data: the page reads the v1 API from the browser with
the caller's own credential, so authentication and policies are the
API's. They are the same for everyone and served before authentication,
like the versions document. Only the files shipped in ``static/`` are
served (a fixed table read at start, so no path from a request reaches
the file system); the headers forbid framing (the page has buttons that
act), inline scripts and any origin but this one.
"""

import os

import webob
import webob.dec

PREFIX = '/dashboard'
API_PREFIX = PREFIX + '/api/'
STATIC_DIR = os.path.join(os.path.dirname(os.path.abspath(__file__)),
                          'static')
TYPES = {'.html': 'text/html', '.js': 'text/javascript',
         '.css': 'text/css', '.svg': 'image/svg+xml', '.png': 'image/png'}
SECURITY_HEADERS = {
    'Content-Security-Policy': (
        "default-src 'none'; script-src 'self'; style-src 'self'; "
        "img-src 'self' data:; connect-src 'self'; base-uri 'none'; "
        "form-action 'none'; frame-ancestors 'none'"),
    'X-Content-Type-Options': 'nosniff',
    'X-Frame-Options': 'DENY',
    'Referrer-Policy': 'no-referrer',
    # Revalidated on each load: an upgraded service serves its own page.
    'Cache-Control': 'no-cache',
}


def shipped_files(root=STATIC_DIR):
    """:returns: ``{url path below the prefix: (file path, type)}``."""
    found = {}
    for folder, _dirs, names in os.walk(root):
        for name in names:
            kind = TYPES.get(os.path.splitext(name)[1])
            if kind is None:
                continue
            path = os.path.join(folder, name)
            url = '/' + os.path.relpath(path, root).replace(os.sep, '/')
            found[url] = (path, kind)
    found['/'] = found.get('/index.html')
    return {url: entry for url, entry in found.items() if entry}


class DashboardApp:
    """Answers GET and HEAD for the shipped files, 404 for the rest."""

    def __init__(self, root=STATIC_DIR):
        self.files = shipped_files(root)

    @webob.dec.wsgify
    def __call__(self, request):
        rest = request.path_info[len(PREFIX):]
        if not rest:
            return _with_headers(webob.exc.HTTPMovedPermanently(
                location=request.application_url + PREFIX + '/'))
        entry = self.files.get(rest)
        if entry is None:
            return _with_headers(webob.exc.HTTPNotFound())
        if request.method not in ('GET', 'HEAD'):
            return _with_headers(webob.exc.HTTPMethodNotAllowed(
                headers={'Allow': 'GET, HEAD'}))
        path, kind = entry
        with open(path, 'rb') as handle:
            body = handle.read()
        response = webob.Response(body=body, content_type=kind,
                                  charset='utf-8' if kind.startswith(
                                      'text/') else None)
        response.md5_etag()
        return _with_headers(_conditional(request, response))


def _conditional(request, response):
    if response.etag in request.if_none_match:
        return webob.Response(status=304, headers={'ETag': response.etag})
    return response


def _with_headers(response):
    response.headers.update(SECURITY_HEADERS)
    return response


class DashboardMount:
    """Sends ``/dashboard`` and below to the dashboard, the rest on.

    ``/dashboard/api/`` (the data the page reads,
    ``heat_vision.api.controllers.dashboard``) goes on too:
    it is authenticated and authorised as the v1 API.
    """

    def __init__(self, application, dashboard=None):
        self.application = application
        self.dashboard = dashboard or DashboardApp()

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        path = request.path_info
        if ((path == PREFIX or path.startswith(PREFIX + '/')) and
                not path.startswith(API_PREFIX)):
            return self.dashboard(environ, start_response)
        return self.application(environ, start_response)
