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

"""``/v1/{tenant}/relay/camp``: the OASIS CAMP 1.1 platform.

``/camp`` is the platform_endpoints resource, ``/camp/v1_1/platform``
the platform; ``plans`` are registered from a plan file or a PDP zip
(kept as native software configs, see ``camp_plans``) and
``assemblies`` are plans instantiated as native stacks (tagged
``relay:camp``), the assembly id being the stack id.
"""

from oslo_config import cfg
import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay import camp_plans
from heat_vision.relay.controllers import camp_catalog as catalog
from heat_vision.relay.controllers import camp_patch
from heat_vision.relay.controllers import camp_select
from heat_vision.relay.controllers import camp_shapes as shapes
from heat_vision.relay.controllers import documents
from heat_vision.relay import formats
from heat_vision.relay import original
from heat_vision.web.middleware import json_body
from heat_vision.web import util

CONF = cfg.CONF
FORMAT = 'camp'
#: What a plan is registered as (CAMP 1.1: a plan file by value, or a
#: PDP); any other declared type is 415, as CAMP says.
PLAN_MEDIA_TYPES = ('application/x-yaml', 'application/yaml', 'text/yaml',
                    'text/x-yaml', 'application/zip',
                    'application/x-zip-compressed', 'multipart/form-data')


def _native():
    return pecan.request.native, pecan.request.ctx


def _check_media_type(accepted):
    """A body's declared Content-Type is one of ``accepted`` (or
    ``json_body.is_json`` for JSON), else 415; none declared passes.
    """
    content_type = pecan.request.content_type
    if not content_type or not pecan.request.body:
        return
    if accepted is None:
        if json_body.is_json(content_type):
            return
        accepted = (json_body.JSON_TYPE,)
    elif content_type.lower() in accepted:
        return
    raise exception.UnsupportedMediaType(content_type=content_type[:100],
                                         accepted=', '.join(accepted))


def _show_plan(tenant_id, plan_id):
    native, ctx = _native()
    config = native.show_software_config(ctx, tenant_id, plan_id)
    return config, camp_plans.from_config(config)


def _refuse_with_assemblies(tenant_id, config, doing):
    """409 while assemblies made from the plan (tagged with it) live:
    they name it (plan_uri).
    """
    native, ctx = _native()
    live = native.list_stacks(ctx, tenant_id,
                              {'tags': shapes.PLAN_TAG + config['id']})
    if live:
        raise exception.Conflict(reason=_(
            'The plan has %(count)d assemblies (%(names)s): delete them '
            'before you %(doing)s it.') % {
                'count': len(live), 'doing': doing, 'names': ', '.join(
                    sorted(s['stack_name'] for s in live)[:10])})


class PlanController:

    def __init__(self, tenant_id, plan_id):
        self.tenant_id = tenant_id
        self.plan_id = plan_id

    index = util.generic_route('GET', 'DELETE', 'PATCH')
    #: What a JSON Patch may change: what the plan file says. Not the
    #: platform's own attributes (uri, type, camp_version,
    #: representation_skew, the PDP's files).
    MUTABLE = ('name', 'description', 'tags') + shapes.PLAN_ATTRIBUTES

    @index.when(method='GET', template='json')
    @camp_select.selectable
    def index_get(self):
        util.authorize('relay:camp:plans:show', self.tenant_id)
        config, plan = _show_plan(self.tenant_id, self.plan_id)
        return shapes.plan(config, plan)

    @index.when(method='DELETE', template='json')
    def index_delete(self):
        util.authorize('relay:camp:plans:delete', self.tenant_id)
        config, _plan = _show_plan(self.tenant_id, self.plan_id)
        _refuse_with_assemblies(self.tenant_id, config, _('delete'))
        native, ctx = _native()
        native.delete_software_config(ctx, self.tenant_id, self.plan_id)
        pecan.response.status = 204

    @index.when(method='PATCH', template='json')
    def index_patch(self):
        """A JSON Patch of the plan (as of an assembly): what its plan
        file says. The native store keeps a plan as a software config,
        which is never changed in place (as in Heat), so the patched
        plan is registered anew and the old one removed: 200 with the
        new representation, its URI in ``Content-Location``. Solum's
        CAMP 1.1 plans took a JSON Patch of the plan's content too
        (solum/api/controllers/camp/v1_1/plans.py ``patch``).
        """
        util.authorize('relay:camp:plans:update', self.tenant_id)
        _check_media_type((camp_patch.MEDIA_TYPE,))
        config, plan = _show_plan(self.tenant_id, self.plan_id)
        changes = camp_patch.apply(shapes.plan(config, plan),
                                   json_body.parse(pecan.request.body),
                                   self.MUTABLE)
        if not changes:
            return camp_select.select(shapes.plan(config, plan))
        _check_plan_attributes(changes)
        new_plan = camp_plans.patched(plan, changes)
        formats.translate(FORMAT, new_plan.text, files=new_plan.files,
                          filename=camp_plans.PDP_PLAN)
        _refuse_with_assemblies(self.tenant_id, config, _('change'))
        native, ctx = _native()
        new_config = native.create_software_config(
            ctx, self.tenant_id, camp_plans.as_config(new_plan))
        try:
            native.delete_software_config(ctx, self.tenant_id,
                                          self.plan_id)
        except Exception:
            native.delete_software_config(ctx, self.tenant_id,
                                          new_config['id'])
            raise
        pecan.response.status = 200
        pecan.response.headers['Content-Location'] = shapes.plan_uri(
            new_config['id'])
        return camp_select.select(shapes.plan(new_config, new_plan))


def _check_plan_attributes(changes):
    """The consumer's attributes of a plan keep their types."""
    if 'name' in changes:
        shapes.text(changes['name'], 'name', limit=255)
    if changes.get('description') is not None:
        shapes.text(changes['description'], 'description')
    if changes.get('tags') is not None:
        shapes.stack_tags({}, changes['tags'])


class PlansController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET', 'POST')

    @index.when(method='GET', template='json')
    @camp_select.selectable
    def index_get(self):
        util.authorize('relay:camp:plans:index', self.tenant_id)
        return shapes.plans(self._configs())

    @index.when(method='POST', template='json')
    def index_post(self):
        """Register a plan file (YAML) or a PDP (zip): 201, Location."""
        util.authorize('relay:camp:plans:create', self.tenant_id)
        _check_media_type(PLAN_MEDIA_TYPES)
        plan = camp_plans.from_document(documents.read('plan').content)
        if len(self._configs()) >= CONF.relay.max_plans:
            raise exception.RequestLimitExceeded(
                message=_('a tenant may register at most %d CAMP plans')
                % CONF.relay.max_plans)
        formats.translate(FORMAT, plan.text, files=plan.files,
                          filename=camp_plans.PDP_PLAN)
        native, ctx = _native()
        config = native.create_software_config(
            ctx, self.tenant_id, camp_plans.as_config(plan))
        pecan.response.status = 201
        pecan.response.headers['Location'] = shapes.plan_uri(config['id'])
        return shapes.plan(config, plan)

    def _configs(self):
        native, ctx = _native()
        listed = native.list_software_configs(ctx, self.tenant_id)
        return [c for c in listed if c.get('group') == camp_plans.GROUP]

    @pecan.expose()
    def _lookup(self, plan_id, *remainder):
        if plan_id == catalog.PARAMETERS_PATH:
            return catalog.ParameterDefinitionsController(
                self.tenant_id, 'plans'), remainder
        return PlanController(self.tenant_id, plan_id), remainder


class AssemblyController:

    def __init__(self, tenant_id, assembly_id):
        self.tenant_id = tenant_id
        self.assembly_id = assembly_id

    index = util.generic_route('GET', 'DELETE', 'PATCH')
    #: What a JSON Patch may change: the stack's name cannot (Heat does
    #: not rename stacks).
    MUTABLE = ('description', 'tags')

    def _stack(self):
        native, ctx = _native()
        stack = native.show_stack(ctx, self.tenant_id, self.assembly_id)
        if original.TAG_PREFIX + FORMAT not in (stack.get('tags') or []):
            raise exception.NotFound(reason=_('No such assembly.'))
        return stack

    @index.when(method='GET', template='json')
    @camp_select.selectable
    def index_get(self):
        util.authorize('relay:camp:assemblies:show', self.tenant_id)
        stack = self._stack()
        native, ctx = _native()
        resources = native.stack_part(
            ctx, self.tenant_id, '%s/%s' % (stack['stack_name'],
                                            stack['id']),
            'resources')['resources']
        return shapes.assembly(stack, resources)

    @index.when(method='PATCH', template='json')
    def index_patch(self):
        """A JSON Patch of the assembly (CAMP 1.1 updating resources):
        its description (its template's) and its tags (its stack's).
        """
        util.authorize('relay:camp:assemblies:update', self.tenant_id)
        _check_media_type((camp_patch.MEDIA_TYPE,))
        stack = self._stack()
        native, ctx = _native()
        ident = '%s/%s' % (stack['stack_name'], stack['id'])
        resources = native.stack_part(ctx, self.tenant_id, ident,
                                      'resources')['resources']
        changes = camp_patch.apply(
            shapes.assembly(stack, resources),
            json_body.parse(pecan.request.body), self.MUTABLE)
        body = {}
        if 'tags' in changes:
            body['tags'] = shapes.stack_tags(stack, changes['tags'])
        if 'description' in changes:
            template = native.stack_part(ctx, self.tenant_id, ident,
                                         'template')
            template['description'] = shapes.text(
                changes['description'], 'description')
            body['template'] = template
        if body:
            native.patch_stack(ctx, self.tenant_id, ident, body)
        stack = self._stack()
        pecan.response.status = 200
        return camp_select.select(shapes.assembly(stack, resources))

    @pecan.expose()
    def _lookup(self, part, name=None, *remainder):
        if part != 'components' or name is None or remainder:
            raise exception.NotFound(reason=_('No such resource.'))
        return ComponentController(self, name), ()

    @index.when(method='DELETE', template='json')
    def index_delete(self):
        util.authorize('relay:camp:assemblies:delete', self.tenant_id)
        stack = self._stack()
        native, ctx = _native()
        native.delete_stack(ctx, self.tenant_id, '%s/%s' % (
            stack['stack_name'], stack['id']))
        pecan.response.status = 204


class ComponentController:
    """A component of an assembly: one resource of its stack."""

    def __init__(self, assembly, name):
        self.assembly = assembly
        self.name = name

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    @camp_select.selectable
    def index_get(self):
        util.authorize('relay:camp:assemblies:show',
                       self.assembly.tenant_id)
        stack = self.assembly._stack()
        native, ctx = _native()
        found = native.stack_part(
            ctx, self.assembly.tenant_id, '%s/%s' % (stack['stack_name'],
                                                     stack['id']),
            'resources', self.name)['resource']
        return shapes.component(stack, found)


class AssembliesController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET', 'POST')

    @index.when(method='GET', template='json')
    @camp_select.selectable
    def index_get(self):
        util.authorize('relay:camp:assemblies:index', self.tenant_id)
        native, ctx = _native()
        stacks = native.list_stacks(ctx, self.tenant_id,
                                    {'tags': original.TAG_PREFIX + FORMAT})
        return shapes.assemblies(stacks)

    @index.when(method='POST', template='json')
    def index_post(self):
        """Instantiate a registered plan: ``{"plan_uri": ...}``; or deploy
        by value: the plan file or PDP itself as the body (CAMP 1.1,
        deploying an application from a plan or PDP), no plan kept.

        ``environment`` and ``files`` (heat-vision's own keys, in the JSON
        body or the query of a plan by value) are laid over the
        translation's, as ``formats.as_native`` says.
        """
        util.authorize('relay:camp:assemblies:create', self.tenant_id)
        content_type = (pecan.request.content_type or '').lower()
        if content_type in PLAN_MEDIA_TYPES:
            document = documents.read('plan')
            plan = camp_plans.from_document(document.content)
            return self._deploy(plan, document.field('name'), [],
                                document.field('environment'),
                                document.json_object('files'))
        _check_media_type(None)
        body = json_body.parse(pecan.request.body)
        plan_uri = body.get('plan_uri') if isinstance(body, dict) else None
        if not isinstance(plan_uri, str) or not plan_uri:
            raise exception.InvalidParameter(
                reason=_('plan_uri: the URI of a registered plan is '
                         'required (or send the plan itself as '
                         'application/x-yaml or a PDP zip)'))
        config, plan = _show_plan(self.tenant_id,
                                  plan_uri.rstrip('/').rsplit('/', 1)[-1])
        return self._deploy(plan, body.get('name'),
                            [shapes.PLAN_TAG + config['id']],
                            body.get('environment'), body.get('files'))

    def _deploy(self, plan, name, tags, environment, files):
        translation = formats.translate(FORMAT, plan.text, files=plan.files,
                                        filename=camp_plans.PDP_PLAN)
        request = formats.as_native(translation, environment=environment,
                                    files=files)
        request['stack_name'] = shapes.stack_name(name, plan.name)
        request['tags'] = list(tags)
        original.attach(request, FORMAT, plan.text, camp_plans.PDP_PLAN)
        native, ctx = _native()
        created = native.create_stack(ctx, self.tenant_id, request)
        stack_id = created['stack']['id']
        pecan.response.status = 201
        pecan.response.headers['Location'] = shapes.assembly_uri(stack_id)
        return shapes.assembly({'id': stack_id,
                                'stack_name': request['stack_name'],
                                'description': plan.description,
                                'stack_status': 'IN_PROGRESS',
                                'stack_action': 'CREATE',
                                'tags': request['tags']}, [])

    @pecan.expose()
    def _lookup(self, assembly_id, *remainder):
        if assembly_id == catalog.PARAMETERS_PATH:
            return catalog.ParameterDefinitionsController(
                self.tenant_id, 'assemblies'), remainder
        return AssemblyController(self.tenant_id, assembly_id), remainder


class PlatformController:

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    @camp_select.selectable
    def index_get(self):
        util.authorize('relay:camp:platform', self.tenant_id)
        return shapes.platform()


class VersionController:
    def __init__(self, tenant_id):
        self.platform = PlatformController(tenant_id)
        self.plans = PlansController(tenant_id)
        self.assemblies = AssembliesController(tenant_id)
        for segment, controller in catalog.controllers(tenant_id).items():
            setattr(self, segment, controller)


class CampController:
    """``/camp``: the platform_endpoints resource."""

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id
        self.v1_1 = VersionController(tenant_id)
        self.v1_1_endpoint = catalog.Read(tenant_id,
                                          catalog.platform_endpoint)

    index = util.generic_route('GET')

    @index.when(method='GET', template='json')
    @camp_select.selectable
    def index_get(self):
        util.authorize('relay:camp:platform', self.tenant_id)
        return shapes.platform_endpoints()
