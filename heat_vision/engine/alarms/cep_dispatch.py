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

"""The ``cep.dispatch`` task: POST an alarm transition to a user's CEP.

A job of one such task is started by ``OS::HeatVision::CEP`` for each
alarm transition it receives. Each attempt reads the CEP resource afresh
(its URL, secret and grants as they are now), builds the body, signs it
(``heat_vision.cep.signature``) and sends it through the URL guard with
``[cep] allowed_networks`` allowed. A failed attempt is retried after a
delay that doubles each time (``[cep] retries``, ``retry_delay``,
``max_retry_delay``), waiting through the task runtime so that a cancel
stops it; an answer that retrying cannot change (a redirect, which is
not followed, a 4xx other than 408, 425 and 429, a refused URL, a body
too large) ends the retries at once.
When the dispatch is given up, a ``DISPATCH_FAILED`` event of the CEP
resource (the dead letter) says which alarm was lost and why, and the
task fails.
The dispatches to one CEP resource share a lane of the task system
(``heat_vision.tasks.lanes``): an engine runs at most ``[cep]
max_concurrent_dispatches`` of them at once, and the others wait their
turn without holding a thread, so that a CEP that hangs delays only its
own dispatches.
"""

from oslo_config import cfg
from oslo_log import log as logging
from oslo_serialization import jsonutils
from oslo_utils import timeutils

from heat_vision.cep import signature
from heat_vision.common import exception
from heat_vision.common import url_guard
from heat_vision.db import events as db_events
from heat_vision.engine.signals import events as signal_events
from heat_vision.engine import stack as stack_mod
from heat_vision.engine import states
from heat_vision.tasks.plugins import base

CONF = cfg.CONF
LOG = logging.getLogger(__name__)

DISPATCH = 'DISPATCH'
DISPATCH_HEADER = 'X-HeatVision-Dispatch'
_RETRIED_4XX = (408, 425, 429)


class Permanent(Exception):
    """A failure that another attempt would not change."""


class Transient(Exception):
    """A failure worth another attempt."""


def retry_delay(attempt):
    """Seconds to wait after failed attempt number ``attempt`` (1, 2 ...).
    """
    delay = CONF.cep.retry_delay * (2 ** (attempt - 1))
    return min(delay, CONF.cep.max_retry_delay)


class CepDispatch(base.TaskPlugin):
    """Sends an alarm transition to the service of a CEP resource."""

    description = ('POST an alarm transition, HMAC-signed, to the service '
                   'of an OS::HeatVision::CEP resource (retried, then '
                   'dead-lettered as an event of the resource).')
    input_schema = {
        'type': 'object', 'additionalProperties': False,
        'required': ['stack_id', 'resource', 'transition'],
        'properties': {
            'stack_id': {'type': 'string', 'minLength': 1,
                         'maxLength': 64},
            'resource': {'type': 'string', 'minLength': 1,
                         'maxLength': 255},
            'transition': {'type': 'object'},
        },
    }

    @classmethod
    def lane(cls, inputs):
        """One lane per CEP resource, ``[cep] max_concurrent_dispatches``
        wide.
        """
        return ('cep:%s/%s' % (inputs.get('stack_id'),
                               inputs.get('resource')),
                CONF.cep.max_concurrent_dispatches)

    def execute(self, runtime, stack_id, resource, transition):
        attempts = CONF.cep.retries + 1
        error = None
        for attempt in range(1, attempts + 1):
            runtime.check()
            try:
                return self._attempt(runtime, stack_id, resource,
                                     transition, attempt)
            except Transient as exc:
                error = str(exc)
            except Permanent as exc:
                error = str(exc)
                break
            LOG.info('CEP %s of stack %s: attempt %d failed: %s',
                     resource, stack_id, attempt, error)
            if attempt < attempts:
                runtime.wait(retry_delay(attempt))
        dead_letter(runtime.context, stack_id, resource, transition,
                    attempt, error)
        raise exception.TaskFailed(
            reason='CEP %s: dispatch given up after %d attempt(s): %s'
            % (resource, attempt, error))

    def _attempt(self, runtime, stack_id, resource, transition, attempt):
        cep = _cep_plugin(runtime.context, stack_id, resource)
        body = encode(dispatch_body(runtime, cep, transition, attempt))
        headers = dict(signature.sign(cep.shared_secret(), body))
        headers['Content-Type'] = 'application/json'
        headers[DISPATCH_HEADER] = '%s/%d' % (runtime.job_id, attempt)
        timeout = CONF.cep.timeout
        remaining = runtime.remaining()
        if remaining is not None:
            timeout = min(timeout, max(remaining, 0.1))
        url = cep.dispatch_url()
        try:
            response = url_guard.fetch(
                url, 'POST', headers=headers, data=body, timeout=timeout,
                max_size=CONF.cep.max_response_size, truncate=True,
                follow_redirects=False,
                also_allowed=CONF.cep.allowed_networks)
        except exception.URLRefused as exc:
            raise Permanent('%s refused: %s' % (url, exc.reason))
        except exception.URLFetchFailed as exc:
            raise Transient('%s failed: %s' % (url, exc.reason))
        status = response.status
        if 200 <= status < 300:
            return {'status': status, 'attempts': attempt,
                    'answer': response.text[:1024]}
        reason = '%s answered %d' % (url, status)
        if status < 500 and status not in _RETRIED_4XX:
            # A redirect (not followed) or a refusal: the same again.
            raise Permanent(reason)
        raise Transient(reason)


def _cep_plugin(context, stack_id, resource):
    try:
        stack = stack_mod.Stack.load(context, stack_id)
        cep = stack.plugin(resource)
    except exception.NotFound:
        raise Permanent('the CEP resource %s of stack %s is gone'
                        % (resource, stack_id))
    if not callable(getattr(cep, 'dispatch_body', None)):
        raise Permanent('%s is not a CEP resource' % resource)
    return cep


def dispatch_body(runtime, cep, transition, attempt):
    """The body of one attempt: the CEP's description and this dispatch.
    """
    body = cep.dispatch_body(transition, runtime.job_id)
    body['dispatch'] = {'id': runtime.job_id, 'attempt': attempt,
                        'sent_at': timeutils.utcnow(
                            with_timezone=True).isoformat()}
    body['scaling_history'] = scaling_history(
        runtime.context, cep.stack.id, cep.granted_policies())
    return body


def scaling_history(context, stack_id, policies):
    """The latest signal events of the granted policies, oldest first."""
    if not policies or not CONF.cep.max_history:
        return []
    rows = db_events.event_get_page(
        context, [stack_id],
        filters={'resource_name': list(policies),
                 'resource_action': 'SIGNAL'},
        limit=CONF.cep.max_history, sort_dir='desc')
    return [{'at': row.created_at.isoformat() + 'Z',
             'policy': row.resource_name,
             'reason': row.resource_status_reason}
            for row in reversed(rows)]


def encode(body):
    """:returns: the body as JSON bytes within ``[cep] max_body_size``.

    The oldest history goes first until it fits.
    :raises: Permanent if it never fits.
    """
    limit = CONF.cep.max_body_size
    while True:
        data = jsonutils.dump_as_bytes(body)
        if len(data) <= limit:
            return data
        for key in ('scaling_history', 'history'):
            if body.get(key):
                body[key] = body[key][1:]
                break
        else:
            raise Permanent('the dispatch body is %d bytes, more than '
                            '[cep] max_body_size (%d)' % (len(data), limit))


def dead_letter(context, stack_id, resource, transition, attempts, error):
    """Record the lost dispatch as a DISPATCH_FAILED event of the CEP."""
    try:
        stack = stack_mod.Stack.load(context, stack_id)
    except exception.NotFound:
        LOG.warning('CEP %s of deleted stack %s: dispatch lost: %s',
                    resource, stack_id, error)
        return
    row = stack.rows.get(resource)
    if row is None:
        return
    reason = ('dead letter: alarm %s (%s -> %s) not delivered after %d '
              'attempt(s): %s' % (
                  transition.get('alarm_name') or '-',
                  transition.get('previous') or '-',
                  transition.get('current'), attempts, error))
    signal_events.record(context, stack_id, row, reason[:1024],
                         status=states.FAILED, action=DISPATCH)
