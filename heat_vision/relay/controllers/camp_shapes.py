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

"""CAMP 1.1 resource shapes (JSON): platform, plans, assemblies.

Every resource carries CAMP's common attributes (``uri``, ``name``,
``type``, ``description``, ``tags``, ``representation_skew``); links
are ``{"href", "target_name"}``. An assembly's ``components`` are links
to component resources, one per resource of its stack.
"""

import re

from oslo_utils import uuidutils
import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay import camp_plans
from heat_vision.relay import original
from heat_vision import version
from heat_vision.web import util

#: CAMP's representation_skew: how far a resource's representation is
#: from what it stands for, here by its stack's (or resource's) status.
SKEW_NONE, SKEW_CREATING = 'NONE', 'CREATING'
SKEW_DESTROYING, SKEW_UNKNOWN = 'DESTROYING', 'UNKNOWN'
_NAME_CHARS = re.compile(r'[^a-zA-Z0-9_.\-]')
PLAN_ATTRIBUTES = ('origin', 'artifacts', 'services')
#: The tag naming the plan an assembly's stack was made from.
PLAN_TAG = 'camp-plan='
MAX_TAGS = 32


def _tenant_base():
    """``{host}/v1/{tenant}``, from the request's own path.

    ``path_info``, not ``path``: behind a web server's prefix
    (``/heat-vision-api``) ``host_url()`` is ``[api] public_endpoint``,
    which holds the prefix already, as every other link of the API does.
    """
    path = pecan.request.path_info
    return util.host_url() + path[:path.index('/relay/camp')]


def _base():
    return _tenant_base() + '/relay/camp'


def _status(stack):
    status, action = stack.get('stack_status', ''), stack.get('stack_action')
    if action and not status.startswith(action + '_'):
        return '%s_%s' % (action, status)
    return status


def _skew(stack):
    status = _status(stack)
    if status == 'CREATE_IN_PROGRESS':
        return SKEW_CREATING
    if status == 'DELETE_IN_PROGRESS':
        return SKEW_DESTROYING
    if status.endswith(('_IN_PROGRESS', '_FAILED')):
        return SKEW_UNKNOWN
    return SKEW_NONE


def uri(*parts):
    return '/'.join([_base(), 'v1_1'] + list(parts))


def endpoint_uri():
    return _base() + '/v1_1_endpoint'


def plan_uri(plan_id):
    return uri('plans', plan_id)


def assembly_uri(stack_id):
    return uri('assemblies', stack_id)


def component_uri(stack_id, name):
    return uri('assemblies', stack_id, 'components', name)


def resource(kind, where, name, description='', tags=(), skew=SKEW_NONE):
    return {'uri': where, 'name': name, 'type': kind,
            'description': description, 'tags': list(tags),
            'representation_skew': skew}


def link(href, name):
    return {'href': href, 'target_name': name}


def platform_endpoints():
    shape = resource('platform_endpoints', _base(), 'heat-vision',
                     'The CAMP platform endpoints of this heat-vision.')
    shape['platform_endpoint_links'] = [
        link(endpoint_uri(), camp_plans.SPEC_VERSION)]
    return shape


def platform():
    shape = resource('platform', uri('platform'), 'heat-vision',
                     'CAMP 1.1 platform of heat-vision: plans are '
                     'translated to HOT and run as stacks.')
    shape.update({
        'specification_version': camp_plans.SPEC_VERSION,
        'implementation_version': version.version_string(),
        'platform_endpoints_uri': _base(),
        'plans_uri': uri('plans'),
        'assemblies_uri': uri('assemblies'),
        'services_uri': uri('services'),
        'extensions_uri': uri('extensions'),
        'type_definitions_uri': uri('type_definitions'),
        'supported_formats_uri': uri('formats'),
    })
    return shape


def plan(config, parsed):
    body = parsed.body
    shape = resource('plan', plan_uri(config['id']), parsed.name,
                     parsed.description, tags=_tags(body))
    shape['camp_version'] = camp_plans.SPEC_VERSION
    shape.update((key, body[key]) for key in PLAN_ATTRIBUTES
                 if body.get(key) is not None)
    # heat-vision's own: the other files of the PDP.
    shape['files'] = sorted(parsed.files)
    return shape


def _tags(body):
    tags = body.get('tags')
    return [str(t) for t in tags] if isinstance(tags, list) else []


def plans(configs):
    shape = resource('plans', uri('plans'), 'plans')
    shape['plan_links'] = [link(plan_uri(c['id']), c.get('name'))
                           for c in configs]
    shape['parameter_definitions_uri'] = uri('plans',
                                             'parameter_definitions')
    return shape


def _plan_of(stack):
    for tag in stack.get('tags') or []:
        if tag.startswith(PLAN_TAG):
            return plan_uri(tag[len(PLAN_TAG):])
    return None


def _own_tag(tag):
    """A tag the relay puts on an assembly's stack (format, plan)."""
    return tag.startswith(PLAN_TAG) or tag.startswith(original.TAG_PREFIX)


def assembly(stack, resources):
    tags = [t for t in stack.get('tags') or [] if not _own_tag(t)]
    shape = resource('assembly', assembly_uri(stack['id']),
                     stack['stack_name'], stack.get('description') or '',
                     tags=tags, skew=_skew(stack))
    shape.update({
        'plan_uri': _plan_of(stack),
        'components': [link(component_uri(stack['id'],
                                          r.get('resource_name')),
                            r.get('resource_name')) for r in resources],
        # heat-vision's own: the stack behind the assembly.
        'status': _status(stack),
        'status_reason': stack.get('stack_status_reason'),
        'stack_uri': _stack_uri(stack),
    })
    return shape


def stack_tags(stack, tags):
    """The stack tags of an assembly whose own tags become ``tags``."""
    if not isinstance(tags, list) or not all(
            isinstance(t, str) and t and ',' not in t and len(t) <= 80
            for t in tags) or len(tags) > MAX_TAGS:
        raise exception.InvalidParameter(reason=_(
            'tags: a list of at most %d strings of 1 to 80 characters, '
            'no commas') % MAX_TAGS)
    if any(_own_tag(t) for t in tags):
        raise exception.InvalidParameter(reason=_(
            'tags: "%(plan)s..." and "%(relay)s..." are the relay\'s own')
            % {'plan': PLAN_TAG, 'relay': original.TAG_PREFIX})
    return [t for t in stack.get('tags') or [] if _own_tag(t)] + tags


def text(value, name, limit=4096):
    """A consumer's text attribute, bounded."""
    if not isinstance(value, str) or len(value) > limit:
        raise exception.InvalidParameter(reason=_(
            '%(name)s: a string of at most %(limit)d characters')
            % {'name': name, 'limit': limit})
    return value


def _stack_uri(stack):
    return '%s/stacks/%s/%s' % (_tenant_base(), stack['stack_name'],
                                stack['id'])


def component(stack, found):
    """A component: one resource of an assembly's stack."""
    name = found.get('resource_name')
    status = found.get('resource_status') or ''
    shape = resource('component', component_uri(stack['id'], name), name,
                     found.get('resource_status_reason') or '',
                     skew=_skew({'stack_status': status}))
    shape.update({
        'assemblies': [link(assembly_uri(stack['id']),
                            stack['stack_name'])],
        'status': status,
        'external_management_resource': '%s/resources/%s' % (
            _stack_uri(stack), name),
        # heat-vision's own: the resource type it was made as.
        'component_type': found.get('resource_type'),
    })
    return shape


def assemblies(stacks):
    shape = resource('assemblies', uri('assemblies'), 'assemblies')
    shape['assembly_links'] = [link(assembly_uri(s['id']),
                                    s['stack_name']) for s in stacks]
    shape['parameter_definitions_uri'] = uri('assemblies',
                                             'parameter_definitions')
    return shape


def stack_name(requested, plan_name):
    """A valid stack name: the one asked for, or the plan's plus a
    short unique suffix.
    """
    if isinstance(requested, str) and requested:
        return requested[:255]
    base = _NAME_CHARS.sub('-', plan_name)[:200].strip('-') or 'plan'
    if not base[0].isalpha():
        base = 'camp-' + base
    return '%s-%s' % (base, uuidutils.generate_uuid()[:8])
