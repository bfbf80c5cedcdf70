"""CAMP 1.1 resource shapes (JSON): platform, plans, assemblies.

Every resource carries CAMP's common attributes (``uri``, ``name``,
``type``, ``description``, ``tags``, ``representation_skew``); links
are ``{"href", "target_name"}``.
"""

import re

from oslo_utils import uuidutils
import pecan

from heat_vision.api import util
from heat_vision.relay import camp_plans
from heat_vision import version

SKEW_NONE = 'NONE'
_NAME_CHARS = re.compile(r'[^a-zA-Z0-9_.\-]')


def _tenant_base():
    """``{host}/v1/{tenant}``, from the request's own path."""
    path = pecan.request.path
    return util.host_url() + path[:path.index('/relay/camp')]


def _base():
    return _tenant_base() + '/relay/camp'


def _status(stack):
    status, action = stack.get('stack_status', ''), stack.get('stack_action')
    if action and not status.startswith(action + '_'):
        return '%s_%s' % (action, status)
    return status


def _uri(*parts):
    return '/'.join([_base(), 'v1_1'] + list(parts))


def plan_uri(plan_id):
    return _uri('plans', plan_id)


def assembly_uri(stack_id):
    return _uri('assemblies', stack_id)


def _resource(kind, uri, name, description='', tags=()):
    return {'uri': uri, 'name': name, 'type': kind,
            'description': description, 'tags': list(tags),
            'representation_skew': SKEW_NONE}


def _link(href, name):
    return {'href': href, 'target_name': name}


def platform_endpoints():
    shape = _resource('platform_endpoints', _base(), 'heat-vision',
                      'The CAMP platforms of this heat-vision.')
    shape['platform_endpoint_links'] = [
        _link(_uri('platform'), camp_plans.SPEC_VERSION)]
    return shape


def platform():
    shape = _resource('platform', _uri('platform'), 'heat-vision',
                      'CAMP 1.1 platform of heat-vision: plans are '
                      'translated to HOT and run as stacks.')
    shape.update({
        'specification_version': camp_plans.SPEC_VERSION,
        'implementation_version': version.version_string(),
        'plans_uri': _uri('plans'),
        'assemblies_uri': _uri('assemblies'),
        'supported_formats': [
            {'name': 'JSON', 'mime_type': 'application/json'}],
        'supported_plan_formats': [
            {'name': 'plan file', 'mime_type': 'application/x-yaml'},
            {'name': 'PDP', 'mime_type': 'application/zip'}],
    })
    return shape


def plan(config, parsed):
    shape = _resource('plan', plan_uri(config['id']), parsed.name,
                      parsed.description)
    shape.update({'camp_version': camp_plans.SPEC_VERSION,
                  'plan': parsed.text,
                  'files': sorted(parsed.files)})
    return shape


def plans(configs):
    shape = _resource('plans', _uri('plans'), 'plans')
    shape['plan_links'] = [_link(plan_uri(c['id']), c.get('name'))
                           for c in configs]
    return shape


def _plan_of(stack):
    for tag in stack.get('tags') or []:
        if tag.startswith('camp-plan='):
            return plan_uri(tag[len('camp-plan='):])
    return None


def assembly(stack, resources):
    shape = _resource('assembly', assembly_uri(stack['id']),
                      stack['stack_name'], stack.get('description') or '')
    shape.update({
        'plan_uri': _plan_of(stack),
        'status': _status(stack),
        'status_reason': stack.get('stack_status_reason'),
        'stack_uri': '%s/stacks/%s/%s' % (_tenant_base(),
                                          stack['stack_name'], stack['id']),
        'components': [{'type': 'component',
                        'name': r.get('resource_name'),
                        'component_type': r.get('resource_type'),
                        'status': r.get('resource_status')}
                       for r in resources],
    })
    return shape


def assemblies(stacks):
    shape = _resource('assemblies', _uri('assemblies'), 'assemblies')
    shape['assembly_links'] = [_link(assembly_uri(s['id']),
                                     s['stack_name']) for s in stacks]
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
