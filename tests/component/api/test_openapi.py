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

"""Every route of the pecan app is in the OpenAPI description.

The walk starts at the RootController and follows what pecan follows:
controller attributes (including ``pecan.route`` ones), exposed methods
(``index`` is the controller's own path), the methods of generic handlers
and ``_lookup``. A ``_lookup`` is probed with placeholder segments (a path
parameter) and with every word the description's paths and the
controller modules' constant tables use (a literal sub-path); a lookup
that answers with a redirect is a route too (Heat's find-by-name).
Routes are compared as shapes: ``{anything}`` matches any parameter.
"""

import importlib
import inspect
import pkgutil
import re
import types
from unittest import mock

import pecan
import pecan.core
import webob
import webob.exc

from heat_vision.api.controllers import openapi
from heat_vision.api.controllers import root
from heat_vision.common import context
from tests import base

PARAM = '{}'
SENTINEL = 'p4r4m'
MAX_DEPTH = 16
REDIRECT = object()
METHODS = ('GET', 'PUT', 'POST', 'DELETE', 'PATCH')
CONTROLLERS = 'heat_vision.api.controllers'


def shape(path):
    return re.sub(r'\{[^}/]*\}', PARAM, path)


def documented_routes(document):
    routes = set()
    for path, item in document['paths'].items():
        for method in item:
            if method.upper() in METHODS:
                routes.add((method.upper(), shape(path)))
    return routes


def controller_words():
    """Strings in the controller modules' constant tables."""
    words = set()
    package = importlib.import_module(CONTROLLERS)
    for info in pkgutil.walk_packages(package.__path__, CONTROLLERS + '.'):
        module = importlib.import_module(info.name)
        for value in vars(module).values():
            if isinstance(value, dict):
                value = list(value)
            if isinstance(value, (tuple, list, set, frozenset)):
                words.update(v for v in value if isinstance(v, str))
    return words


class _FakeEngine:
    """Any engine call answers with a stack identity."""

    def __getattr__(self, name):
        def call(*args, **kwargs):
            return {'tenant': SENTINEL, 'stack_name': SENTINEL,
                    'stack_id': SENTINEL, 'path': ''}
        return call


def _is_controller(value):
    if isinstance(value, type) or inspect.isroutine(value):
        return False
    cls = type(value)
    return cls.__module__.startswith(CONTROLLERS) and any(
        getattr(getattr(cls, name, None), 'exposed', False)
        for name in dir(cls))


class RouteWalker:

    def __init__(self, words):
        self.words = sorted(words)
        self.routes = set()
        self.seen = set()

    def walk(self, controller, segments=()):
        key = (type(controller), len(segments),
               tuple(s == PARAM for s in segments),
               tuple(s for s in segments if s != PARAM))
        if key in self.seen:
            return
        self.seen.add(key)
        path = '/' + '/'.join(segments)
        for name in dir(controller):
            if name.startswith('__'):
                continue
            value = getattr(controller, name, None)
            if name == '_lookup':
                self._probe(controller, segments)
            elif (getattr(value, 'exposed', False) and
                  not name.startswith('_') and
                  # pecan answers 404 to a generic handler's own name.
                  not value._pecan.get('generic_handler')):
                route = path if name == 'index' else (
                    path.rstrip('/') + '/' + name)
                self._add(value, route)
            elif _is_controller(value):
                self.walk(value, segments + (name,))

    def _add(self, method, route):
        cfg = getattr(method, '_pecan', {})
        handlers = set(cfg.get('generic_handlers', {})) - {'DEFAULT'}
        for verb in handlers or {'GET'}:
            self.routes.add((verb, route))

    def _probe(self, controller, segments):
        found, children = {}, {}
        probes = [(first,) + tail for first in [SENTINEL] + self.words
                  for tail in [(), (SENTINEL,), (SENTINEL, SENTINEL)]]
        probes += [(SENTINEL, word) for word in self.words]
        for args in probes:
            try:
                child, remainder = controller._lookup(*args)
            except webob.exc.HTTPFound:
                child, remainder = REDIRECT, ()
            except Exception:
                continue
            consumed = args[:len(args) - len(remainder)]
            if not consumed:
                continue
            path = tuple(PARAM if s == SENTINEL else s for s in consumed)
            if path not in found:
                found[path] = child if child is REDIRECT else type(child)
                children[path] = child
        for path, kind in found.items():
            # A word taken where a placeholder gives the same controller
            # is a value of the parameter, not a sub-path of its own.
            as_param = tuple(PARAM if s in self.words else s for s in path)
            if as_param != path and found.get(as_param) == kind:
                continue
            if kind is REDIRECT:
                self.routes.add(('GET', '/' + '/'.join(segments + path)))
            elif len(segments) + len(path) <= MAX_DEPTH:
                self.walk(children[path], segments + path)


def app_routes(document=None):
    """:returns: ``{(METHOD, shape)}`` of every route the app answers.

    ``document`` (the OpenAPI description) adds its path words to the
    probes of the ``_lookup`` methods.
    """
    request = webob.Request.blank('/')
    request.ctx = context.RequestContext(
        project_id=SENTINEL, user_id='walker', roles=['admin'],
        is_admin=True)
    request.engine = _FakeEngine()
    state = types.SimpleNamespace(request=request,
                                  response=webob.Response())
    words = controller_words()
    for path in (document or openapi.load_document())['paths']:
        words.update(s for s in path.split('/')
                     if s and not s.startswith('{'))
    with mock.patch.object(pecan.core, 'state', state):
        walker = RouteWalker(words)
        walker.walk(root.RootController())
    return walker.routes


class OpenAPITest(base.TestCase):

    def setUp(self):
        super().setUp()
        self.document = openapi.load_document()

    def walk(self):
        return app_routes(self.document)

    def test_every_route_is_described(self):
        routes = self.walk()
        self.assertIn(('GET', '/v1/{}/stacks'), routes)
        self.assertIn(('DELETE', '/v1/{}/stacks/{}/{}'), routes)
        self.assertIn(('GET', '/v1/{}/stacks/{}'), routes)
        missing = sorted(routes - documented_routes(self.document))
        self.assertEqual([], missing,
                         'routes of the app missing from '
                         'doc/api/openapi.yaml')

    def test_every_operation_answers_errors_in_heats_shape(self):
        for path, item in self.document['paths'].items():
            for method, operation in item.items():
                if method.upper() not in METHODS:
                    continue
                self.assertIn('default', operation['responses'],
                              '%s %s' % (method, path))

    def test_served(self):
        from tests import fixtures as hv_fixtures
        service = self.useFixture(hv_fixtures.EmbeddedService(
            self.state_dir))
        response = service.request('GET', '/v1/openapi.json')
        self.assertEqual(200, response.status_int)
        self.assertEqual(self.document['paths'].keys(),
                         response.json['paths'].keys())
