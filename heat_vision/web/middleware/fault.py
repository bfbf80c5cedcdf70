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

"""Turns every error into Heat's JSON error shape.

``{"code", "title", "explanation", "error": {"type", "message",
"traceback"}}``. heat-vision exceptions (raised locally or rebuilt from
the engine's reply) keep their code and message; a 503 (no engine can
answer: EngineUnavailable, or a timeout or delivery failure of
oslo.messaging) says ``Retry-After: [api] retry_after``; webob/pecan
HTTP errors (unknown route, wrong method) keep their status; anything
else is logged and answered 500 with no internal detail.
"""

from oslo_config import cfg
from oslo_log import log as logging
import oslo_messaging as messaging
from oslo_serialization import jsonutils
import webob
import webob.exc

from heat_vision.common import exception

CONF = cfg.CONF
LOG = logging.getLogger(__name__)
#: Set in the environ by a route whose errors have their own shape (the
#: relay's CloudFormation Query API answers AWS XML): left as they are.
OWN_ERROR_SHAPE = 'heat_vision.own_error_shape'


def error_response(code, message, error_type, headers=None):
    status = webob.exc.status_map.get(code, webob.exc.HTTPInternalServerError)
    body = {
        'code': code,
        'title': status.title,
        'explanation': status.explanation,
        'error': {'type': error_type, 'message': message,
                  'traceback': None},
    }
    response = webob.Response(status=code, content_type='application/json',
                              charset='UTF-8', body=jsonutils.dump_as_bytes(
                                  body))
    for name, value in (headers or {}).items():
        response.headers[name] = value
    if code == 503 and 'Retry-After' not in response.headers:
        response.headers['Retry-After'] = str(CONF.api.retry_after)
    return response


class FaultMiddleware:

    def __init__(self, application):
        self.application = application

    def __call__(self, environ, start_response):
        try:
            return self._call_and_fix_errors(environ, start_response)
        except exception.HeatVisionException as exc:
            response = error_response(exc.code, exc.message,
                                      exc.type_name())
        except (messaging.MessagingTimeout,
                messaging.MessageDeliveryFailure) as exc:
            # A call that did not go through the API's CallGuard: no
            # engine answered in time (none running, or the one handling
            # the call died), or the broker is out of reach.
            LOG.warning('No engine answered %s %s: %s',
                        environ.get('REQUEST_METHOD'),
                        environ.get('PATH_INFO'), exc)
            response = error_response(
                503, 'No heat-vision engine answered; the request may or '
                     'may not have been carried out.', 'ServiceUnavailable')
        except webob.exc.HTTPRequestEntityTooLarge:
            # oslo.middleware's size limiter, on a chunked body.
            exc = _too_large()
            response = error_response(exc.code, exc.message,
                                      exc.type_name())
        except webob.exc.HTTPException as exc:
            response = error_response(exc.code, exc.detail or
                                      exc.explanation, type(exc).__name__,
                                      _allow_header(exc.headers))
        except Exception:
            LOG.exception('Unexpected error in %s %s',
                          environ.get('REQUEST_METHOD'),
                          environ.get('PATH_INFO'))
            response = error_response(500, 'Internal Server Error',
                                      'InternalServerError')
        return response(environ, start_response)

    def _call_and_fix_errors(self, environ, start_response):
        """Pass through, but give non-JSON error pages Heat's shape."""
        request = webob.Request(environ)
        response = request.get_response(self.application)
        if (response.status_int < 400 or _is_heat_error(response) or
                environ.get(OWN_ERROR_SHAPE)):
            return response(environ, start_response)
        if response.status_int == 413:
            exc = _too_large()
            return error_response(exc.code, exc.message, exc.type_name())(
                environ, start_response)
        exc_class = webob.exc.status_map.get(
            response.status_int, webob.exc.HTTPInternalServerError)
        fixed = error_response(response.status_int, exc_class.explanation,
                               exc_class.__name__,
                               _allow_header(response.headers))
        return fixed(environ, start_response)


def _is_heat_error(response):
    if response.content_type != 'application/json':
        return False
    try:
        body = jsonutils.loads(response.body)
    except ValueError:
        return False
    return isinstance(body, dict) and 'error' in body


def _allow_header(headers):
    allow = headers.get('Allow') if headers else None
    return {'Allow': allow} if allow else None


def _too_large():
    return exception.RequestTooLarge(
        limit=CONF.oslo_middleware.max_request_body_size)
