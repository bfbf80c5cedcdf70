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

"""Checks every request body before anything reads it: JSON or a 4xx.

Every route of the API that takes a body takes JSON, and pecan itself
parses an ``application/json`` body (for controller arguments) before a
controller runs, so the body is checked here, once, for everyone:

* its Content-Type: ``application/json`` (heatclient and openstackclient
  send it) and the ``+json`` types pass, and so does a body with no
  Content-Type at all, which Heat reads as JSON too; any other declared
  type (``text/plain``, a form, XML) gets 415 naming the accepted type;
* its text: UTF-8, JSON without NaN or Infinity, nesting no deeper than
  ``[api] max_json_body_depth``; otherwise 400 saying what is wrong.

The parsed body is left in the WSGI environ for ``util.json_body``.
Requests without a body pass whatever they declare.
"""

from oslo_config import cfg
import webob

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import safe_json

CONF = cfg.CONF
JSON_TYPE = 'application/json'
#: Where the parsed body is kept in the WSGI environ.
ENVIRON_KEY = 'heat_vision.json_body'


def is_json(content_type):
    """:returns: True for ``application/json`` and the ``+json`` types."""
    media = content_type.split(';', 1)[0].strip().lower()
    kind, _sep, subtype = media.partition('/')
    return (media == JSON_TYPE or
            (kind == 'application' and subtype.endswith('+json') and
             len(subtype) > len('+json')))


def parse(raw):
    """:returns: the data of a JSON body (``{}`` for an empty one).

    :raises: MalformedRequestBody naming what is wrong and where.
    """
    if not raw:
        return {}
    try:
        text = raw.decode('utf-8')
    except UnicodeDecodeError as exc:
        raise exception.MalformedRequestBody(
            reason=_('the body is not valid UTF-8 at byte %d') % exc.start)
    max_depth = CONF.api.max_json_body_depth
    try:
        return safe_json.loads(text, max_depth)
    except safe_json.TooDeep:
        raise exception.MalformedRequestBody(
            reason=_('the body nests deeper than %d levels') % max_depth)
    except ValueError as exc:
        raise exception.MalformedRequestBody(
            reason=_('the body is not valid JSON (%s)') % exc)


class JSONBodyMiddleware:

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        request = webob.Request(environ)
        if request.is_body_readable:
            raw = request.body
            if raw:
                content_type = request.headers.get('Content-Type', '')
                if content_type.strip() and not is_json(content_type):
                    raise exception.UnsupportedMediaType(
                        content_type=content_type[:100], accepted=JSON_TYPE)
                request.environ[ENVIRON_KEY] = parse(raw)
        return self.application(environ, start_response)
