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

"""``/v1/{tenant}/relay/tosca``: TOSCA service templates and CSARs.

``stacks`` (create), ``validate``, ``preview`` and ``translate`` each
take a document as ``documents.read`` describes, translate it with the
``tosca`` translator and, but for ``translate``, make one native call.
``stacks/{name}[/{id}]`` deletes a stack made from a TOSCA document.
"""

import pecan

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.relay.controllers import documents
from heat_vision.relay import formats
from heat_vision.relay import original
from heat_vision import translators
from heat_vision.web import util

FORMAT = 'tosca'
CREATE_FIELDS = ('timeout_mins', 'disable_rollback', 'tags')


def translate(document):
    filename = document.filename
    if document.is_archive and not filename:
        filename = 'service.csar'
    # A YAML document's imports and artifacts come in ``files``; a
    # CSAR holds its own.
    files = None if document.is_archive else document.json_object('files')
    # The create's parameters are the inputs: a flavor or an image
    # chosen from an input is chosen from its value.
    return formats.translate(FORMAT, document.content, files=files,
                             filename=filename,
                             inputs=document.json_object('parameters'))


def native_body(document, translation):
    body = formats.as_native(translation,
                             environment=document.field('environment'),
                             files=document.json_object('files'))
    given = document.json_object('parameters')
    body['parameters'] = given
    if not formats.takes_inputs(translators.load(FORMAT)):
        return body
    # The translator took them as inputs: their parameters' defaults hold
    # them as HOT wants them (a size input as a number of GiB).
    defaults = translation.template.get('parameters') or {}
    body['parameters'] = {
        name: (defaults[name]['default'] if 'default' in defaults.get(
            name, {}) else value) for name, value in given.items()}
    return body


class _Route:
    """POST only: read and translate the document, then ``act``."""

    rule = None

    def __init__(self, tenant_id):
        self.tenant_id = tenant_id

    @pecan.expose(template='json')
    def index(self):
        if pecan.request.method != 'POST':
            util.not_allowed('POST')
        util.authorize(self.rule, self.tenant_id)
        document = documents.read('TOSCA document')
        return self.act(document, translate(document))

    def act(self, document, translation):
        raise NotImplementedError()


class StacksController(_Route):
    """Translate, then create the stack through the native API."""

    rule = 'relay:tosca:create'

    def act(self, document, translation):
        body = native_body(document, translation)
        body['stack_name'] = document.field('stack_name', required=True)
        body.update((key, document.field(key)) for key in CREATE_FIELDS
                    if document.field(key) is not None)
        original.attach(body, FORMAT, document.content, document.filename)
        answer = pecan.request.native.create_stack(
            pecan.request.ctx, self.tenant_id, body)
        pecan.response.status = 201
        links = answer['stack'].get('links') or []
        if links:
            pecan.response.headers['Location'] = links[0]['href']
        return answer

    @pecan.expose()
    def _lookup(self, stack_name, stack_id=None, *remainder):
        if remainder:
            raise exception.NotFound(
                reason=_('TOSCA stack routes are '
                         '/relay/tosca/stacks/{stack_name}[/{stack_id}].'))
        stack = stack_name if stack_id is None else \
            '%s/%s' % (stack_name, stack_id)
        return ToscaStackController(self.tenant_id, stack), ()


class ToscaStackController:
    """One stack made from a TOSCA document: DELETE it."""

    def __init__(self, tenant_id, stack):
        self.tenant_id = tenant_id
        self.stack = stack

    index = util.generic_route('DELETE')

    @index.when(method='DELETE', template='json')
    def index_delete(self):
        util.authorize('relay:tosca:delete', self.tenant_id)
        native, ctx = pecan.request.native, pecan.request.ctx
        stack = native.show_stack(ctx, self.tenant_id, self.stack)
        # Another format's stack answers as a missing one.
        if original.TAG_PREFIX + FORMAT not in (stack.get('tags') or []):
            raise exception.NotFound(
                reason=_('No stack made from a TOSCA document is named '
                         '%s.') % self.stack)
        native.delete_stack(ctx, self.tenant_id, '%s/%s' % (
            stack['stack_name'], stack['id']))
        pecan.response.status = 204


class ValidateController(_Route):
    rule = 'relay:tosca:validate'

    def act(self, document, translation):
        return pecan.request.native.validate(
            pecan.request.ctx, self.tenant_id,
            native_body(document, translation))


class PreviewController(_Route):
    rule = 'relay:tosca:preview'

    def act(self, document, translation):
        body = native_body(document, translation)
        body['stack_name'] = document.field('stack_name', required=True)
        return pecan.request.native.preview_stack(
            pecan.request.ctx, self.tenant_id, body)


class TranslateController(_Route):
    """The translation only, nothing created."""

    rule = 'relay:tosca:translate'

    def act(self, document, translation):
        return {'template': translation.template,
                'environment': translation.environment or {},
                'files': translation.files or {},
                'inputs': list(translation.inputs or []),
                'source_map': translation.source_map or {}}


class ToscaController:

    def __init__(self, tenant_id):
        self.stacks = StacksController(tenant_id)
        self.validate = ValidateController(tenant_id)
        self.preview = PreviewController(tenant_id)
        self.translate = TranslateController(tenant_id)
