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

"""Heat's API view of engine payloads: identities become ``links``.

Heat's engine gives identities and a resource's action and status apart;
its API turns them into ``links`` and ``ACTION_STATUS``. These functions
do the same, and nothing else.
"""

import re
from urllib import parse

from heat_vision.rpc import api as rpc_api
from heat_vision.web import util


# What quote() leaves as it is: names and ids almost always.
_UNRESERVED = re.compile(r'[A-Za-z0-9_.~-]*\Z')


def _quoted(part):
    return part if _UNRESERVED.match(part) else parse.quote(part, safe='')


def url(identity, base=None):
    """The URL of a stack, resource or event identity.

    :param base: ``util.host_url()``, if the caller has it already (a
        list makes a link for each of its items).
    """
    path = '%s/%s' % (_quoted(identity[rpc_api.IDENTITY_STACK_NAME]),
                      _quoted(identity[rpc_api.IDENTITY_STACK_ID]))
    suffix = identity.get(rpc_api.IDENTITY_PATH) or ''
    if suffix:
        suffix = '/'.join(_quoted(p) for p in suffix.split('/'))
    return '%s/v1/%s/stacks/%s%s' % (base or util.host_url(),
                                     identity[rpc_api.IDENTITY_TENANT],
                                     path, suffix)


def link(identity, rel='self', base=None):
    return {'href': url(identity, base), 'rel': rel}


def _state(info, action_key, status_key):
    if action_key in info:
        return '%s_%s' % (info[action_key], info[status_key])
    return info[status_key]


def stack(info, include_project=False, base=None):
    """A stack as Heat's API shows it: its identity becomes ``links``.

    :param include_project: add ``project``, as Heat's stack list does
        for an administrator.
    :param base: as ``url``'s.
    """
    out = dict(info)
    identity = out.pop(rpc_api.STACK_IDENTITY)
    out['links'] = [link(identity, base=base)]
    if include_project:
        out[rpc_api.STACK_PROJECT] = identity[rpc_api.IDENTITY_TENANT]
    return out


def resource(info):
    """A resource as Heat's API shows it."""
    out = {k: v for k, v in info.items() if k not in (
        rpc_api.RES_ID, rpc_api.RES_STACK_ID, rpc_api.RES_STACK_NAME,
        rpc_api.RES_ACTION, rpc_api.RES_NESTED_STACK_ID,
        rpc_api.RES_METADATA)}
    out[rpc_api.RES_STATUS] = _state(info, rpc_api.RES_ACTION,
                                     rpc_api.RES_STATUS)
    out['logical_resource_id'] = info[rpc_api.RES_NAME]
    links = [link(info[rpc_api.RES_ID]),
             link(info[rpc_api.RES_STACK_ID], 'stack')]
    if info.get(rpc_api.RES_NESTED_STACK_ID):
        links.append(link(info[rpc_api.RES_NESTED_STACK_ID], 'nested'))
    out['links'] = links
    return out


def event(info):
    """An event as Heat's API shows it."""
    out = {k: v for k, v in info.items() if k not in (
        rpc_api.EVENT_ID, rpc_api.EVENT_STACK_ID, rpc_api.EVENT_STACK_NAME,
        rpc_api.EVENT_RES_ACTION, rpc_api.EVENT_ROOT_STACK_ID)}
    out[rpc_api.EVENT_RES_STATUS] = _state(
        info, rpc_api.EVENT_RES_ACTION, rpc_api.EVENT_RES_STATUS)
    out['logical_resource_id'] = info[rpc_api.EVENT_RES_NAME]
    identity = info[rpc_api.EVENT_ID]
    out['id'] = identity[rpc_api.IDENTITY_PATH].rsplit('/', 1)[-1]
    resource_path = identity[rpc_api.IDENTITY_PATH].rsplit('/events/', 1)[0]
    stack = dict(identity, path='')
    links = [link(identity), link(dict(identity, path=resource_path),
                                  'resource'), link(stack, 'stack')]
    if info.get(rpc_api.EVENT_ROOT_STACK_ID):
        links.append(link(info[rpc_api.EVENT_ROOT_STACK_ID], 'root_stack'))
    out['links'] = links
    return out
