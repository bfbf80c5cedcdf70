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

"""The model processor's front door: request -> validated definition.

It turns what a client sent (template and environment, as text or dicts,
files, environment files) into a ``StackDefinition`` from the template
language, validated against the resource plugins, ready for the
scheduler. Nothing here touches the database.
"""

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.engine import externals
from heat_vision.engine import implicit_deps
from heat_vision.resources import registry
from heat_vision.resources import template_resource
from heat_vision import template

CONF = cfg.CONF


def parse_request(tmpl, environment=None, parameters=None, files=None,
                  environment_files=None, base_environment=None):
    """:returns: (template dict, environment dict) as they will be stored.

    :param base_environment: an environment the others are merged onto
        (the stack's current one, for PATCH).
    :raises: InvalidTemplate, StackValidationFailed
    """
    files = files or {}
    tmpl_dict = template.load(tmpl, max_size=CONF.max_template_size)
    env_docs = [base_environment] if base_environment else []
    for name in environment_files or []:
        if name not in files:
            raise exception.StackValidationFailed(
                _('environment file "%s" is not in files') % name,
                path=['environment_files'])
        env_docs.append(template.load_environment(files[name]))
    env_docs.append(template.load_environment(environment or {}))
    if parameters:
        env_docs.append({'parameters': parameters})
    env = template.Environment.merged(env_docs, files=files)
    return tmpl_dict, env.user_env_as_dict()


def build_definition(tmpl_dict, env_dict, files, stack_name, stack_id,
                     project_id):
    """:returns: the ``StackDefinition`` of a stored stack."""
    tmpl = template.Template.create(tmpl_dict, files=files)
    env = template.Environment(env_dict, files=files)
    return template.StackDefinition(tmpl, env, stack_name=stack_name,
                                    stack_id=stack_id,
                                    project_id=project_id,
                                    implicit_dependencies=_implicit)


def _implicit(definition, graph):
    return implicit_deps.find(definition, graph, class_for_type)


def resource_class(stack_definition, rsrc_def):
    """The plugin class of a resource, the environment's registry applied.

    :raises: ResourceTypeNotFound
    """
    return class_for_type(stack_definition, rsrc_def.resource_type,
                          rsrc_def.name)


def class_for_type(stack_definition, type_name, resource_name):
    """The plugin class for ``type_name`` (a provider template's, too).

    Remembered by the definition's registry (which never changes once
    built): a create asks it several times per resource, and a thousand
    nested stacks each ask it of their own definition.
    """
    registry_ = stack_definition.env.registry
    # Without per-resource entries, the resource's name changes nothing.
    key = (type_name, resource_name if registry_.resources else None)
    known = registry_.classes
    found = known.get(key)
    if found is None:
        found = known[key] = _class_for_type(registry_, type_name,
                                             resource_name)
    return found


def _class_for_type(registry_, type_name, resource_name):
    info = registry_.get_resource_info(type_name, resource_name)
    if info.kind == 'template':
        return template_resource.for_template(info.value)
    return registry.get_class(info.value,
                              path=['resources', resource_name])


def validate(definition, strict=True, context=None):
    """Validate everything a create needs, before anything is stored.

    :param strict: also require valid parameter values (False for
        POST /validate, which reports them instead).
    :param context: the caller's context, for the custom constraints
        that look values up in a service (a wrong flavor name is then a
        400 naming it) and the resources adopted with ``external_id``
        (one that does not exist is a 400 naming it).
    :raises: StackValidationFailed, CircularDependencyException,
        RequestLimitExceeded
    """
    definition.validate(registry.get_class, strict=strict, context=context)
    definition.dependencies()
    if strict and context is not None:
        # Heat's ``Stack.validate`` shows each external resource
        # (``validate_external``); a template validate does not.
        externals.validate(context, definition)
    limit = CONF.max_resources_per_stack
    if limit < 0:
        return
    count = planned_resource_count(definition, limit)
    if count > limit:
        raise exception.RequestLimitExceeded(
            message=_('the template has %(count)d resources (counting the '
                      'members of groups); at most %(limit)d are allowed '
                      '(max_resources_per_stack).') %
            {'count': count, 'limit': limit})


def planned_resource_count(definition, limit):
    """The resources a definition will make, counting group members.

    A plugin class that makes members tells how many through a
    ``planned_members(rsrc_def)`` class method (0 when its count is not
    known before the stack runs). Counting stops once past ``limit``.
    """
    total = 0
    for rsrc_def in definition.resource_definitions().values():
        total += 1
        try:
            cls = resource_class(definition, rsrc_def)
        except exception.HeatVisionException:
            continue
        planned = getattr(cls, 'planned_members', None)
        if planned is not None:
            total += planned(rsrc_def)
        if total > limit:
            break
    return total


def check_create_args(args):
    """:returns: ``args`` of a create (or update, preview) with
    ``timeout_mins`` and ``disable_rollback`` checked and typed.

    :raises: InvalidParameter
    """
    checked = dict(args)
    timeout = args.get('timeout_mins')
    if timeout is not None:
        try:
            checked['timeout_mins'] = int(timeout)
        except (TypeError, ValueError):
            checked['timeout_mins'] = -1
        if not 0 < checked['timeout_mins'] <= CONF.max_timeout_mins:
            raise exception.InvalidParameter(
                reason=_('timeout_mins must be an integer from 1 to '
                         '%(max)d, not "%(value)s"') %
                {'max': CONF.max_timeout_mins, 'value': str(timeout)[:64]})
    rollback = args.get('disable_rollback')
    if rollback is None:
        # Given as null: the default, as when it is left out.
        checked.pop('disable_rollback', None)
    elif isinstance(rollback, str):
        lowered = rollback.lower()
        if lowered not in ('true', 'false'):
            raise exception.InvalidParameter(
                reason=_('disable_rollback must be true or false, not '
                         '"%s"') % rollback)
        checked['disable_rollback'] = lowered == 'true'
    elif not isinstance(rollback, bool):
        raise exception.InvalidParameter(
            reason=_('disable_rollback must be true or false, not '
                     '"%s"') % str(rollback)[:64])
    return checked
