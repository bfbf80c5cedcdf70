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

"""Building resource definitions and validating a whole stack
definition, with the path of every error."""

import collections.abc

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import definitions
from heat_vision.template import function
from heat_vision.template import properties as props


def _fail(message, path):
    return exception.StackValidationFailed(message, path=path)


def build_resource(sd, name):
    """Build the :class:`ResourceDefinition` of one resource.

    :param sd: the :class:`StackDefinition`.
    :param name: the resource name.
    :raises: exception.StackValidationFailed with the path.
    """
    tmpl = sd.template
    snippet = sd.snippets()[name]
    base = [tmpl.RESOURCES_SECTION, name]
    if not isinstance(snippet, collections.abc.Mapping):
        raise _fail(_('A resource must be a map.'), base)
    rtype = snippet.get('type')
    if not isinstance(rtype, str) or not rtype:
        raise _fail(_('Resource %(name)s is missing "%(key)s"')
                    % {'name': name,
                       'key': tmpl.RESOURCE_FIELD_KEYS['type']}, base)
    depends = snippet.get('depends_on') or []
    if isinstance(depends, str):
        depends = [depends]
    dpath = sd._field_path(name, 'depends_on')
    for dep in depends:
        if not isinstance(dep, str) or not sd.has_resource(dep):
            raise _fail(_('The specified reference "%(dep)s" (in '
                          '%(name)s) is incorrect.')
                        % {'dep': dep, 'name': name}, dpath)
    external_id = _external_id(sd, name)
    if external_id is not None and depends:
        # Heat's InvalidExternalResourceDependency
        # (``heat/engine/rsrc_defn.py``, ``dependencies``).
        raise _fail(_('Invalid dependency with external %(type)s '
                      'resource: %(id)s') % {'type': rtype,
                                             'id': external_id}, dpath)
    return definitions.ResourceDefinition(
        name, rtype,
        properties=sd.parse_field(name, 'properties'),
        metadata=sd.parse_field(name, 'metadata'),
        depends_on=[d for d in depends if sd.is_active(d)],
        deletion_policy=_deletion_policy(sd, name),
        update_policy=sd.parse_field(name, 'update_policy'),
        external_id=external_id,
        condition=snippet.get('condition'),
        description=snippet.get('description'))


def _resolved_field(sd, name, field):
    parsed = sd.parse_field(name, field)
    if parsed is None:
        return None
    function.validate(parsed)
    return function.resolve(parsed)


def _external_id(sd, name):
    external_id = _resolved_field(sd, name, 'external_id')
    if external_id is not None and not isinstance(external_id, str):
        raise _fail(_('"%s" must be a string')
                    % sd.template.RESOURCE_FIELD_KEYS['external_id'],
                    sd._field_path(name, 'external_id'))
    return external_id


def _deletion_policy(sd, name):
    policy = _resolved_field(sd, name, 'deletion_policy')
    if policy is None:
        return 'Delete'
    policies = sd.template.deletion_policies
    if not isinstance(policy, str) or policy not in policies:
        raise _fail(_('Invalid deletion policy "%s"') % (policy,),
                    sd._field_path(name, 'deletion_policy'))
    return policies[policy]


def validate_parameter_groups(sd):
    """Check the parameter_groups section against the parameters.

    :raises: exception.StackValidationFailed with the path.
    """
    known = sd.parameters.params
    seen = set()
    for index, group in enumerate(sd.template.parameter_groups()):
        path = ['parameter_groups', index]
        if not isinstance(group, collections.abc.Mapping):
            raise _fail(_('A parameter group must be a map.'), path)
        bad = set(group) - {'label', 'description', 'parameters'}
        if bad:
            raise _fail(_('Invalid keys in a parameter group: %s')
                        % ', '.join(sorted(map(str, bad))), path)
        names = group.get('parameters')
        if not isinstance(names, list) or not names:
            raise _fail(_('Parameters must be provided for each Parameter '
                          'Group.'), path)
        for pname in names:
            if not isinstance(pname, str) or pname not in known:
                raise _fail(_('The grouped parameter %s does not reference '
                              'a valid parameter.') % (pname,), path)
            if pname in seen:
                raise _fail(_('The %s parameter must be assigned to one '
                              'parameter group only.') % pname, path)
            seen.add(pname)


def _iter_functions(snippet):
    stack = [snippet]
    while stack:
        item = stack.pop()
        if isinstance(item, function.Function):
            yield item
            stack.append(item.args)
        elif isinstance(item, dict):
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)


def _check_attributes(sd, classes, snippet):
    for fn in _iter_functions(snippet):
        attr_name = getattr(fn, 'attribute_name', None)
        if attr_name is None:
            continue
        attr = attr_name()
        target = fn.args[0] if isinstance(fn.args, list) else None
        cls = classes.get(target) if isinstance(target, str) else None
        schema = getattr(cls, 'attributes_schema', None)
        if (attr is None or not schema or attr in schema or attr == 'show'
                or '.' in attr or getattr(cls, 'dynamic_attributes', False)):
            continue
        raise _fail(_('The Referenced Attribute (%(res)s %(attr)s) is '
                      'incorrect.') % {'res': target, 'attr': attr},
                    fn.path)


def _check_deletion_policy(cls, defn, path):
    """Snapshot only for a type that can keep a copy, as Heat's
    ``validate_deletion_policy`` (``heat/engine/resource.py``).
    """
    if defn.deletion_policy == 'Snapshot' and not callable(
            getattr(cls, 'handle_snapshot_delete', None)):
        raise _fail(_('"Snapshot" deletion policy not supported'),
                    path + ['deletion_policy'])


def _resource_class(sd, name, defn, lookup):
    """The plugin class of a resource (None for a provider template).

    :raises: ResourceTypeNotFound, or StackValidationFailed for a
        provider template not in the files map.
    """
    info = sd.env.registry.get_resource_info(defn.resource_type, name)
    path = [sd.template.RESOURCES_SECTION, name]
    if info.kind == 'template':
        # NOTE(heat-vision): the engine never reads a provider template
        # from a URL or the host: only from the request's files.
        if info.value not in sd.files:
            raise _fail(_('Could not fetch remote template "%s": it is not '
                          'in the files map') % info.value, path)
        return None
    try:
        return lookup(info.value)
    except exception.ResourceTypeNotFound as exc:
        raise exception.ResourceTypeNotFound(exc.type_name, path=path)


def _check_type(sd, name, defn, lookup, context=None):
    cls = _resource_class(sd, name, defn, lookup)
    if cls is None:
        return None
    path = [sd.template.RESOURCES_SECTION, name]
    _check_deletion_policy(cls, defn, path)
    schema = getattr(cls, 'properties_schema', None)
    if schema is not None:
        props_path = path + [sd.template.RESOURCE_FIELD_KEYS['properties']]
        checked = props.Properties(schema, defn.properties, None,
                                   props_path, context=context)
        checked.validate()
        check = getattr(cls, 'validate_properties', None)
        if check is not None:
            check(checked, props_path)
        check = getattr(cls, 'validate_in_stack', None)
        if check is not None:
            check(checked, props_path, StackView(sd, lookup, context))
    _check_update_policy(cls, defn, path, context)
    return cls


def _check_update_policy(cls, defn, path, context):
    """The parts of the update policy the type declares, against their
    schemas (Heat validates its ``update_policy_schema`` so).
    """
    schemas = getattr(cls, 'update_policy_schemas', None) or {}
    policy = defn.update_policy
    if not schemas or not isinstance(policy, dict):
        return
    for key, schema in schemas.items():
        if isinstance(policy.get(key), dict):
            props.Properties(schema, policy[key], None,
                             path + ['update_policy', key],
                             context=context).validate()


class StackView:
    """What ``validate_in_stack`` sees of the other resources."""

    def __init__(self, sd, lookup, context):
        self._sd = sd
        self._lookup = lookup
        self._context = context

    @property
    def resource_names(self):
        """The names of the template's resources."""
        return set(self._sd.snippets())

    def referenced(self, name, key):
        """The resource a property of ``name`` names with
        ``get_resource`` (or ``Ref``), or None.
        """
        value = self._sd.resource_definition(name).properties.get(key)
        if (getattr(value, 'fn_name', None) in ('get_resource', 'Ref') and
                isinstance(value.args, str) and
                self._sd.has_resource(value.args)):
            return value.args
        return None

    def properties(self, name):
        """The checked properties of resource ``name`` (a mapping), or
        None for a type without a schema or not registered.
        """
        defn = self._sd.resource_definition(name)
        info = self._sd.env.registry.get_resource_info(defn.resource_type,
                                                       name)
        if info.kind == 'template':
            return None
        try:
            schema = getattr(self._lookup(info.value), 'properties_schema',
                             None)
        except exception.ResourceTypeNotFound:
            return None
        if schema is None:
            return None
        return props.Properties(schema, defn.properties, None,
                                ['resources', name, 'properties'],
                                context=self._context)


def validate(sd, lookup=None, strict=True, context=None):
    """Validate a :class:`StackDefinition` (see its ``validate``)."""
    tmpl = sd.template
    # Its sections may be checked already (the definition's snippets
    # ask): a second pass over every resource's fields finds nothing new.
    tmpl.check_once()
    parameters = sd.parameters
    parameters.validate(validate_value=strict)
    validate_parameter_groups(sd)
    evaluable = strict or all(p.has_value()
                              for p in parameters.params.values())
    if evaluable:
        sd.conditions
    classes = {}
    parsed = []
    for name in sd.snippets():
        defn = sd.resource_definition(name)
        for part in (defn.properties, defn.metadata, defn.update_policy):
            function.validate(part)
            parsed.append(part)
        if lookup is None:
            continue
        if evaluable and sd.is_active(name) and defn.external_id is not None:
            # An existing resource: its type must be known, but neither
            # its properties nor its policies are checked, as Heat's
            # ``Stack.validate`` (``heat/engine/stack.py``) calls only
            # ``validate_external`` for it, not ``validate``. Whether it
            # exists is asked of its service by the engine
            # (``engine.externals``).
            classes[name] = _resource_class(sd, name, defn, lookup)
        elif evaluable and sd.is_active(name):
            classes[name] = _check_type(sd, name, defn, lookup, context)
        elif sd.snippets()[name].get('condition') is None:
            # Without the parameters' values (a template validate) the
            # type of an unconditional resource is still checked, as in
            # Heat: its validate_template builds every resource of a
            # non-strict Stack (heat/engine/service.py), and a resource
            # of an unknown type fails to build (Resource.__new__).
            _resource_class(sd, name, defn, lookup)
    for output in sd.output_definitions().values():
        function.validate(output.value)
        if evaluable:
            output.condition_met
        parsed.append(output.value)
    for part in parsed:
        _check_attributes(sd, classes, part)
    if evaluable:
        sd.dependencies()
