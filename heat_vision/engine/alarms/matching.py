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

"""Which resources an alarm transition signals.

* a resource whose **signed** signal URL (a ScalingPolicy's
  ``alarm_url``, a handle's URL ...) is among the alarm's actions, once
  the signature is checked exactly as ``POST /v1/signal/...`` checks it
  (``[monitoring] act_on_action_urls``). Unsigned URLs (``signal_url``,
  which needs the caller's Keystone token) are not acted on: the queue
  does not say who owns the alarm;
* every resource bound to the alarm's id (``StackFacade.bind_alarm``).

An alarm bound to a CEP (``OS::HeatVision::CEP``'s ``alarms``) goes to
its bound resources only: the CEP decides what the policies its action
URLs name should do, so they are not signalled straight.
"""

import urllib.parse

from oslo_config import cfg
from oslo_log import log as logging

from heat_vision.common import context
from heat_vision.common import exception
from heat_vision.common import signing
from heat_vision.db import alarms as db_alarms
from heat_vision.engine.signals import delivery
from heat_vision.monitoring import constants as c

CONF = cfg.CONF
LOG = logging.getLogger(__name__)


def parse_signal_url(url):
    """:returns: ``(stack_id, resource_name, signature)`` of a signal URL,
    or None if ``url`` is not one.
    """
    if not isinstance(url, str):
        return None
    try:
        parts = urllib.parse.urlsplit(url)
    except ValueError:
        return None
    head, found, rest = parts.path.partition(signing.SIGNAL_PATH)
    names = rest.split('/')
    if not found or len(names) != 2 or not all(names):
        return None
    signature = urllib.parse.parse_qs(parts.query).get(
        signing.SIGNATURE_PARAM, [None])[0]
    return (urllib.parse.unquote(names[0]), urllib.parse.unquote(names[1]),
            signature)


def _url_targets(actions, alarm_id, stack_rows):
    found = []
    if not isinstance(actions, list):
        return found
    for url in actions[:c.MAX_ACTIONS]:
        parsed = parse_signal_url(url)
        if parsed is None:
            continue
        stack_id, resource_name, signature = parsed
        try:
            stack_rows[stack_id] = delivery.credential_owner(
                stack_id, resource_name, {'signature': signature},
                origin='an action of alarm %s' % alarm_id)
        except exception.Forbidden:
            LOG.debug('Alarm action %s: not a valid signed URL; ignored',
                      url)
            continue
        found.append((stack_id, resource_name))
    return found


def targets(payload, stack_rows=None):
    """:param payload: an ``alarm.update`` payload.
    :param stack_rows: a dict given the stack rows read to check the
        action URLs (by stack id), so that routing need not read them
        again.
    :returns: ``[(stack_id, resource_name)]`` to signal, without repeats.
    """
    stack_rows = {} if stack_rows is None else stack_rows
    found = []
    alarm_id = payload.get('alarm_id')
    if not (isinstance(alarm_id, str) and 0 < len(alarm_id) <= 255):
        alarm_id = None
    bound = (db_alarms.bound_with_types(context.get_admin_context(),
                                        alarm_id) if alarm_id else [])
    ceps = sorted({(stack_id, name) for stack_id, name, type_name in bound
                   if type_name == c.CEP_TYPE})
    if ceps:
        LOG.debug('Alarm %s is bound to CEP(s) %s: its action URLs are '
                  'not signalled', alarm_id, ceps)
    elif CONF.monitoring.act_on_action_urls:
        found.extend(_url_targets(payload.get('actions'), alarm_id,
                                  stack_rows))
    found.extend((stack_id, name) for stack_id, name, _type in bound)
    return list(dict.fromkeys(found))
