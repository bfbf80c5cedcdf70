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

"""The ``http.request`` task plugin.

The request goes through ``heat_vision.common.url_guard``: a job may not
reach the service's own network neighbourhood (loopback, metadata,
private networks) unless ``[url_fetch]`` allows it. A URL whose host is
an IP literal is judged when the job is submitted; a host name when the
task runs, after it is resolved.
"""

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common import url_guard
from heat_vision.tasks.plugins import base

CONF = cfg.CONF

#: The most body text kept in a task's result.
MAX_BODY = 64 * 1024


def _token(runtime):
    """The job's own token: its user's, through the job's trust."""
    if not runtime.context.auth_token:
        raise exception.TaskFailed(
            reason='send_token: the job keeps no credential (it needs '
                   '[api] auth_strategy = keystone and '
                   'deferred_auth_method = trusts)')
    return runtime.context.auth_token


class HttpRequest(base.TaskPlugin):
    """Sends one HTTP request and checks the status of the answer.

    ``send_token`` adds the job's token (``X-Auth-Token``, a token of
    the trust its user gave when submitting it) to call an OpenStack API
    as that user.
    """

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
            'follow_redirects': {'type': 'boolean'},
            'send_token': {'type': 'boolean'},
        },
    }

    @classmethod
    def validate(cls, inputs, path='input'):
        """Check the schema, then what the guard can judge up front."""
        super().validate(inputs, path=path)
        try:
            url_guard.check(inputs['url'])
        except exception.URLRefused as exc:
            raise exception.InvalidTaskDocument(exc.reason,
                                                path=path + '.url')
        if inputs.get('verify') is False and \
                not CONF.url_fetch.allow_insecure:
            raise exception.InvalidTaskDocument(url_guard.INSECURE,
                                                path=path + '.verify')
        if inputs.get('timeout', 0) > CONF.url_fetch.max_timeout:
            raise exception.InvalidTaskDocument(
                'at most %s seconds ([url_fetch] max_timeout)'
                % CONF.url_fetch.max_timeout, path=path + '.timeout')

    def execute(self, runtime, url, method='GET', headers=None, body=None,
                expected_status=None, timeout=None, verify=True,
                follow_redirects=True, send_token=False):
        runtime.check()
        if send_token:
            headers = dict(headers or {}, **{'X-Auth-Token': _token(runtime)})
        timeout = min(timeout or CONF.url_fetch.timeout,
                      CONF.url_fetch.max_timeout)
        remaining = runtime.remaining()
        if remaining is not None:
            timeout = min(timeout, max(remaining, 0.1))
        kwargs = {'json': body} if isinstance(body, (dict, list)) else \
            {'data': body}
        try:
            response = url_guard.fetch(
                url, method, headers=headers, timeout=timeout,
                verify=verify, follow_redirects=follow_redirects,
                max_size=min(MAX_BODY, CONF.url_fetch.max_response_size),
                truncate=True, **kwargs)
        except exception.URLRefused as exc:
            raise exception.TaskFailed(
                reason='%s %s refused: %s' % (method, url, exc.reason))
        except exception.URLFetchFailed as exc:
            raise exception.TaskFailed(
                reason='%s %s failed: %s' % (method, url, exc.reason))
        expected = expected_status or list(range(200, 300))
        if response.status not in expected:
            raise exception.TaskFailed(
                reason='%s %s answered %d, expected %s' % (
                    method, url, response.status,
                    ', '.join(str(s) for s in expected)))
        return {'status': response.status, 'headers': response.headers,
                'body': response.text, 'truncated': response.truncated}
