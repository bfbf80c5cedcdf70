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


"""Resources a template adopts with ``external_id``, as Heat does.

An existing resource is named by its physical id; Heat only looks it up,
never changes or deletes it, and does not use its properties
(``heat/engine/resource.py`` and ``heat/engine/rsrc_defn.py``):

* validate: ``Stack.validate`` (``heat/engine/stack.py``) calls
  ``Resource.validate_external`` instead of ``validate``: the resource is
  shown by its id (``_show_resource``) and a "not found" is the
  ``StackValidationFailed`` "Invalid external resource: Resource <id>
  (<type>) can not be found." - a 400 for the create or the update that
  names it (``validate``);
* create: ``Resource.create`` adopts it (``_do_action(ADOPT,
  resource_data={'resource_id': external_id})``, whose ``handle_adopt``
  calls ``resource_id_set``), then checks it (``check``): ADOPT then
  CHECK, no ``handle_create`` (``adopt_steps``);
* update: ``Resource.update`` refuses a changed ``external_id``
  (``NotSupported``: "Update to property external_id of <name> (<type>)
  ...") and skips an unchanged one (``_persist_update_no_change``)
  (``update_change``);
* delete: ``ResourceDefinition.__init__`` makes its deletion policy
  ``Retain`` (``template.definitions``): the stack's delete leaves it.
"""

import types

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.engine import states


def not_found(name, rsrc_def):
    """Heat's "Invalid external resource" (``validate_external``)."""
    return exception.StackValidationFailed(
        _('Invalid external resource: Resource %(id)s (%(type)s) can not '
          'be found.') % {'id': rsrc_def.external_id,
                          'type': rsrc_def.resource_type},
        path=['resources', name, 'external_id'])


def check_exists(plugin, rsrc_def):
    """Ask the resource's service whether the external one exists.

    :raises: StackValidationFailed naming it when the service answers
        404; another error of the service as it is.
    """
    plugin.resource_id = rsrc_def.external_id
    try:
        plugin.check_exists()
    except exception.ServiceObjectNotFound:
        raise not_found(plugin.name, rsrc_def)


def validate(context, definition):
    """Check that every active external resource of ``definition``
    exists (``Resource.validate_external``), before anything is stored.

    :raises: StackValidationFailed naming the first that does not.
    """
    external = [(name, rsrc_def) for name, rsrc_def in
                definition.resource_definitions().items()
                if rsrc_def.external_id is not None]
    if not external:
        return
    # NOTE(heat-vision): imported here: the stack module imports the
    # model, whose ``validate`` calls this.
    from heat_vision.engine import stack as stack_mod
    row = types.SimpleNamespace(
        id=definition.stack_id, name=definition.stack_name,
        project_id=context.project_id, owner_id=None)
    stack = stack_mod.Stack(context, row, definition, [])
    for name, rsrc_def in external:
        stored = types.SimpleNamespace(
            physical_resource_id=rsrc_def.external_id, attr_data=None,
            rsrc_metadata=None)
        check_exists(stack.build_plugin(rsrc_def, stored), rsrc_def)


def adopt_steps(stack, recorder, row, rsrc_def):
    """Take the external resource into the stack: ADOPT (its physical id
    is the ``external_id``, found in its service), then CHECK, as Heat's
    ``Resource.create``. Nothing is made.

    :raises: StackValidationFailed when it is gone, or what its check
        raises; the resource is then ADOPT_FAILED or CHECK_FAILED.
    """
    plugin = _step(recorder, row, states.ADOPT, lambda: _found(
        stack.plugin(row.name), rsrc_def))
    stack.forget(row.name)
    _step(recorder, row, states.CHECK, plugin.handle_check)


def _found(plugin, rsrc_def):
    check_exists(plugin, rsrc_def)
    return plugin


def _step(recorder, row, action, work):
    """Record ``action`` under way, do ``work()``, record how it ended;
    an ADOPT stores what the plugin holds.

    :returns: what ``work`` returned.
    """
    recorder.resource_state(row, action, states.IN_PROGRESS,
                            'state changed')
    try:
        done = work()
    except Exception as exc:
        recorder.resource_state(row, action, states.FAILED,
                                '%s: %s' % (type(exc).__name__, exc))
        raise
    fields = {}
    if action == states.ADOPT:
        fields = dict(physical_resource_id=done.resource_id,
                      properties_data=done.properties,
                      attr_data=done.data or None,
                      rsrc_metadata=done.metadata)
    recorder.resource_state(row, action, states.COMPLETE, 'state changed',
                            **fields)
    return done


def update_refused(name, rsrc_def):
    """Heat's refusal of a changed ``external_id`` (``Resource.update``)."""
    return exception.ActionNotSupported(
        feature=_('Update to property external_id of %(name)s (%(type)s)')
        % {'name': name, 'type': rsrc_def.resource_type})


def update_change(old_external_id, rsrc_def):
    """What an update does with a resource whose stored definition had
    ``old_external_id`` (None: it was made by the stack).

    :returns: True to keep it untouched (external both times), False to
        update it as any other.
    :raises: ActionNotSupported when ``external_id`` changed (added,
        removed or another id).
    """
    if old_external_id != rsrc_def.external_id:
        raise update_refused(rsrc_def.name, rsrc_def)
    return old_external_id is not None
