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

"""The actions an ``OS::HeatVision::CEP`` grants, and their signed URLs.

A CEP may signal the scaling policies it is granted (through each
policy's own ``alarm_url``), start the task-system jobs it is granted
(named job documents) and create or update the stacks it is granted
(templates by name). Each action is a signal to the CEP resource on a
URL signed for that one action (``policy:<name>``, ``job:<name>``,
``stack:<name>``) and for an expiry (``[cep] action_url_ttl`` after the
dispatch); the URL of an action that is not idempotent (a job, a policy
other than ``exact_capacity``) also carries a nonce, the dispatch's id,
and acts once. The signature covers all three, so a URL cannot be turned
into another; the grant is checked when the URL is used, so that an
action no longer granted is refused (``engine.signals.signed_actions``).
"""

import time


from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signing
from heat_vision.tasks import document as job_document

CONF = cfg.CONF

KINDS = (POLICY, JOB, STACK) = ('policy', 'job', 'stack')
#: The kinds of action that are idempotent, and the policy adjustment.
IDEMPOTENT = (STACK,)
IDEMPOTENT_ADJUSTMENT = 'exact_capacity'


def action_name(kind, name):
    """:returns: the action a signed URL names (``job:nightly``)."""
    return '%s:%s' % (kind, name)


def parse_action(action):
    """:returns: ``(kind, name)`` of an action, or None if malformed."""
    kind, sep, name = str(action).partition(':')
    if not sep or kind not in KINDS or not name:
        return None
    return kind, name


def check_count(values, path):
    """:raises: StackValidationFailed past ``[cep] max_grants`` entries."""
    if values and len(values) > CONF.cep.max_grants:
        raise exception.StackValidationFailed(
            _('at most %(max)d entries are allowed ([cep] max_grants), '
              'not %(count)d') % {'max': CONF.cep.max_grants,
                                  'count': len(values)}, path=path)


def check_unique(names, path):
    seen = set()
    for index, name in enumerate(names):
        if name in seen:
            raise exception.StackValidationFailed(
                _('duplicate name "%s"') % name, path=path + [index])
        seen.add(name)


def normalise_jobs(documents, path):
    """Validate the granted job documents as the task system would.

    :returns: ``{job name: document as given}``.
    :raises: StackValidationFailed naming the document's wrong value.
    """
    check_count(documents, path)
    jobs = {}
    for index, doc in enumerate(documents or []):
        try:
            normal = job_document.normalise(doc)
        except exception.InvalidTaskDocument as exc:
            where = path + [index]
            if exc.path:
                where = where + [exc.path]
            raise exception.StackValidationFailed(exc.reason, path=where)
        if normal['name'] in jobs:
            raise exception.StackValidationFailed(
                _('duplicate job name "%s"') % normal['name'],
                path=path + [index, 'name'])
        jobs[normal['name']] = doc
    return jobs


def stack_grants(grants, path):
    """:returns: ``{stack name: grant}`` of the granted stacks."""
    grants = grants or []
    check_count(grants, path)
    check_unique([g['name'] for g in grants], path)
    for index, grant in enumerate(grants):
        if len(grant['template']) > CONF.max_template_size:
            raise exception.StackValidationFailed(
                _('the template is longer than max_template_size (%d)')
                % CONF.max_template_size, path=path + [index, 'template'])
    return {g['name']: g for g in grants}


def once(kind, adjustment_type=None):
    """:returns: True if an action of ``kind`` acts once per URL."""
    if kind == POLICY:
        return adjustment_type != IDEMPOTENT_ADJUSTMENT
    return kind not in IDEMPOTENT


def action_url(stack_id, resource_name, secret, kind, name, nonce,
               adjustment_type=None, now=None):
    """:returns: the URL of one granted action, signed for it, expiring
    ``[cep] action_url_ttl`` seconds from ``now``, with ``nonce`` if the
    action is not idempotent.
    """
    now = time.time() if now is None else now
    return signing.signal_url(
        stack_id, resource_name, secret, action=action_name(kind, name),
        expires=int(now) + CONF.cep.action_url_ttl,
        nonce=nonce if once(kind, adjustment_type) else None)


def action_urls(stack_id, resource_name, secret, jobs, stacks, nonce):
    """:returns: ``{'jobs': {name: {'url': ...}}, 'stacks': {...}}``, one
    signed URL per granted action (see ``action_url``).
    """
    def url(kind, name):
        return {'url': action_url(stack_id, resource_name, secret, kind,
                                  name, nonce)}

    return {'jobs': {name: url(JOB, name) for name in jobs},
            'stacks': {name: url(STACK, name) for name in stacks}}


def stack_job(cep_name, grant, parameters):
    """The job document that creates or updates a granted stack.

    :param parameters: the CEP's parameters, over the grant's own.
    """
    merged = dict(grant.get('parameters') or {})
    merged.update(parameters or {})
    return {'name': 'cep-%s-stack-%s' % (cep_name, grant['name']),
            'description': 'Create or update stack %s for CEP %s'
                           % (grant['name'], cep_name),
            'tasks': [{'name': 'apply', 'action': 'stack.apply',
                       'input': {'stack_name': grant['name'],
                                 'template': grant['template'],
                                 'parameters': merged}}]}
