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

"""``/v1/{tenant_id}/stacks``: each handler authorises and makes one call."""

import pecan

from heat_vision.api.controllers.v1 import links
from heat_vision.api.controllers.v1 import previews
from heat_vision.api.controllers.v1 import stack_actions
from heat_vision.api.controllers.v1 import stack_files
from heat_vision.api.schemas import stacks as schemas
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.web import util

# Sub-paths of a stack that a name-only URL redirects to, like Heat.
STACK_SUBPATHS = ('resources', 'events', 'template', 'environment', 'files',
                  'outputs', 'snapshots', 'actions', 'abandon', 'export')
LIST_FILTERS = ('id', 'name', 'status', 'action')
TAG_FILTERS = ('tags', 'tags_any', 'not_tags', 'not_tags_any')
LIST_FLAGS = ('show_deleted', 'show_nested', 'show_hidden', 'global_tenant')


class StackController:
    """``/stacks/{stack_name}/{stack_id}``."""

    def __init__(self, tenant_id, stack_name, stack_id):
        self.identity = {'tenant': tenant_id, 'stack_name': stack_name,
                         'stack_id': stack_id, 'path': ''}

    index = util.generic_route('GET', 'PUT', 'PATCH', 'DELETE')

    @index.when(method='GET', template='json')
    def index_get(self, resolve_outputs=None):
        util.authorize('stacks:show', self.identity['tenant'])
        resolve = util.bool_param('resolve_outputs', resolve_outputs)
        stacks = pecan.request.engine.show_stack(
            pecan.request.ctx, self.identity,
            resolve_outputs=resolve is not False)
        return {'stack': links.stack(stacks[0])}

    @index.when(method='PUT', template='json')
    def index_put(self):
        """Update: the new template replaces the old one (202, no body)."""
        self._update('stacks:update', existing=False)

    @index.when(method='PATCH', template='json')
    def index_patch(self):
        """Update keeping what the body leaves out (202, no body)."""
        self._update('stacks:update_patch', existing=True)

    def _update(self, rule, existing):
        util.authorize(rule, self.identity['tenant'])
        body = util.json_body(schemas.update, schemas.ABSENT_IF_NULL)
        args = {key: body[key] for key in
                ('timeout_mins', 'disable_rollback', 'tags') if key in body}
        pecan.request.engine.update_stack(
            pecan.request.ctx, self.identity, body.get('template'),
            environment=body.get('environment'),
            parameters=body.get('parameters'), files=body.get('files'),
            args=args, environment_files=body.get('environment_files'),
            existing=existing,
            clear_parameters=body.get('clear_parameters'),
            template_url=body.get('template_url'))
        pecan.response.status = 202

    @index.when(method='DELETE', template='json')
    def index_delete(self):
        util.authorize('stacks:delete', self.identity['tenant'])
        pecan.request.engine.delete_stack(pecan.request.ctx,
                                          self.identity)
        pecan.response.status = 204

    @pecan.expose()
    def _lookup(self, part, *remainder):
        if part in stack_actions.SUBPATHS:
            return stack_actions.SUBPATHS[part](self.identity), remainder
        return stack_files.lookup(self.identity, part), remainder


class StacksController:
    """``/stacks``, and the lookup of a stack by name or id."""

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id
        self.preview = previews.StackPreviewController(tenant_id)

    index = util.generic_route('GET', 'POST')

    @index.when(method='GET', template='json')
    def index_get(self, **params):
        util.authorize('stacks:index', self.tenant_id)
        args = {key: bool(util.bool_param(key, _one(params, key)))
                for key in LIST_FLAGS}
        if args['global_tenant']:
            util.authorize('stacks:global_index', self.tenant_id)
        args.update((key, _tag_list(params, key))
                    for key in TAG_FILTERS if key in params)
        args['filters'] = {key: params[key] for key in LIST_FILTERS
                           if key in params}
        ctx, engine = pecan.request.ctx, pecan.request.engine
        sort_keys = _one(params, 'sort_keys')
        stacks = engine.list_stacks(
            ctx, limit=util.limit_param(_one(params, 'limit')),
            marker=_one(params, 'marker'),
            sort_keys=sort_keys.split(',') if sort_keys else None,
            sort_dir=_one(params, 'sort_dir'), **args)
        base = util.host_url()
        result = {'stacks': [links.stack(stack, include_project=ctx.is_admin,
                                         base=base) for stack in stacks]}
        if util.bool_param('with_count', _one(params, 'with_count')):
            result['count'] = engine.count_stacks(ctx, **args)
        return result

    detail = util.generic_route('GET')

    @detail.when(method='GET', template='json')
    def detail_get(self, **params):
        """Heat's ``/stacks/detail``: the list, its parameters ignored."""
        util.authorize('stacks:detail', self.tenant_id)
        stacks = pecan.request.engine.list_stacks(pecan.request.ctx)
        return {'stacks': [links.stack(stack) for stack in stacks]}

    @index.when(method='POST', template='json')
    def index_post(self):
        util.authorize('stacks:create', self.tenant_id)
        body = util.json_body(schemas.create, schemas.ABSENT_IF_NULL)
        if not ({'template', 'template_url', 'adopt_stack_data'} & set(body)):
            raise exception.InvalidParameter(reason=schemas.NO_TEMPLATE)
        args = {key: body[key] for key in
                ('timeout_mins', 'disable_rollback', 'tags',
                 'adopt_stack_data') if key in body}
        identity = pecan.request.engine.create_stack(
            pecan.request.ctx, body['stack_name'], body.get('template'),
            environment=body.get('environment'),
            parameters=body.get('parameters'), files=body.get('files'),
            args=args, environment_files=body.get('environment_files'),
            template_url=body.get('template_url'))
        pecan.response.status = 201
        pecan.response.headers['Location'] = util.stack_url(identity)
        return {'stack': {'id': identity['stack_id'],
                          'links': util.stack_links(identity)}}

    @pecan.expose()
    def _lookup(self, stack_name, *remainder):
        if remainder and remainder[0] not in STACK_SUBPATHS:
            return (StackController(self.tenant_id, stack_name,
                                    remainder[0]), remainder[1:])
        return self._redirect(stack_name, remainder)

    def _redirect(self, stack_name, remainder):
        """Heat's lookup: 302 to the canonical ``{name}/{id}`` URL.

        As Heat's, the Location keeps the query string: heatclient puts
        the filters and paging of its lists there. heatclient also sends
        its ``params`` again with the redirected request; the repeated
        pairs count once (``hooks.RepeatedQueryHook``).
        """
        util.authorize('stacks:lookup', self.tenant_id)
        identity = pecan.request.engine.identify_stack(
            pecan.request.ctx, stack_name)
        location = util.stack_url(identity, *remainder)
        if pecan.request.query_string:
            location += '?' + pecan.request.query_string
        pecan.redirect(location, code=302)


def _one(params, key):
    """A query parameter given once; :raises: InvalidParameter if more."""
    return util.single_param(key, params.get(key))


def _tag_list(params, key):
    """Heat's comma-separated tags; the parameter may be repeated."""
    values = params[key] if isinstance(params[key], list) else [params[key]]
    tags = [tag.strip() for value in values for tag in value.split(',')]
    if not all(tags):
        raise exception.InvalidParameter(
            reason=_('"%(key)s" is a comma-separated list of tags, not '
                     '"%(value)s"') % {'key': key,
                                       'value': ','.join(values)})
    return tags
