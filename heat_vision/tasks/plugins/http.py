"""The ``http.request`` task plugin."""

import requests

from heat_vision.common import exception
from heat_vision.tasks.plugins import base

MAX_BODY = 64 * 1024


class HttpRequest(base.TaskPlugin):
    """Sends one HTTP request and checks the status of the answer."""

    description = 'Send an HTTP request and check its status.'
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['url'],
        'properties': {
            'url': {'type': 'string', 'pattern': '^https?://'},
            'method': {'enum': ['GET', 'HEAD', 'POST', 'PUT', 'PATCH',
                                'DELETE']},
            'headers': {'type': 'object',
                        'additionalProperties': {'type': 'string'}},
            'body': {'type': ['string', 'object', 'array', 'null']},
            'expected_status': {
                'type': 'array', 'minItems': 1,
                'items': {'type': 'integer', 'minimum': 100,
                          'maximum': 599}},
            'timeout': {'type': 'number', 'exclusiveMinimum': 0,
                        'maximum': 3600},
            'verify': {'type': 'boolean'},
        },
    }

    def execute(self, runtime, url, method='GET', headers=None, body=None,
                expected_status=None, timeout=30, verify=True):
        runtime.check()
        remaining = runtime.remaining()
        if remaining is not None:
            timeout = min(timeout, max(remaining, 0.1))
        kwargs = {'json': body} if isinstance(body, (dict, list)) else \
            {'data': body}
        try:
            response = requests.request(method, url, headers=headers,
                                        timeout=timeout, verify=verify,
                                        **kwargs)
        except requests.RequestException as exc:
            raise exception.TaskFailed(
                reason='%s %s failed: %s' % (method, url, exc))
        expected = expected_status or list(range(200, 300))
        if response.status_code not in expected:
            raise exception.TaskFailed(
                reason='%s %s answered %d, expected %s' % (
                    method, url, response.status_code,
                    ', '.join(str(s) for s in expected)))
        return {'status': response.status_code,
                'headers': dict(response.headers),
                'body': response.text[:MAX_BODY]}
