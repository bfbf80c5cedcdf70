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

"""Resource and output definitions: what the engine builds stacks from."""

from heat_vision.common import exception
from heat_vision.template import function


class ResourceDefinition:
    """One resource of a stack, as the template declares it.

    Properties and metadata stay unresolved (function trees) until the
    engine resolves them with its resolver.

    :param name: the resource name.
    :param resource_type: the type as written in the template.
    :param properties: parsed properties (a map, maybe with functions).
    :param metadata: parsed metadata.
    :param depends_on: explicit dependencies (resource names).
    :param deletion_policy: 'Delete', 'Retain' or 'Snapshot'.
    :param update_policy: parsed update policy map.
    :param external_id: the id of an existing resource to adopt: its
        deletion policy is then ``Retain`` and it requires no other
        resource, as Heat's ``ResourceDefinition.__init__`` and
        ``dependencies`` (``heat/engine/rsrc_defn.py``) make it.
    :param condition: the condition as written (name, bool or map).
    :param description: the resource description.
    :param implicit_deps: callable giving the names functions refer to.
    """

    def __init__(self, name, resource_type, properties=None, metadata=None,
                 depends_on=(), deletion_policy='Delete',
                 update_policy=None, external_id=None, condition=None,
                 description=None, implicit_deps=None):
        self.name = name
        self.resource_type = resource_type
        self.properties = properties if properties is not None else {}
        self.metadata = metadata if metadata is not None else {}
        self.depends_on = list(depends_on or ())
        self.deletion_policy = deletion_policy or 'Delete'
        self.update_policy = update_policy if update_policy else {}
        self.external_id = external_id
        if external_id is not None:
            # Heat never deletes what it did not make.
            self.deletion_policy = 'Retain'
        self.condition = condition
        self.description = description
        self._implicit_deps = implicit_deps

    def implicit_dependencies(self):
        """Resource names the functions in this definition refer to.

        :returns: a set.
        """
        if self._implicit_deps is not None:
            return set(self._implicit_deps())
        found = set()
        for part in (self.properties, self.metadata, self.update_policy):
            found |= function.dependencies(part)
        return found

    def required_resources(self):
        """Explicit and implicit dependencies.

        An external resource requires none: its properties are not used
        (and ``depends_on`` is refused, ``validation.build_resource``).

        :returns: a set of resource names.
        """
        if self.external_id is not None:
            return set()
        return set(self.depends_on) | self.implicit_dependencies()

    def resolved_properties(self, resolver=None):
        """The properties with every function computed.

        :param resolver: gives resource values (see the package doc).
        :returns: a plain dict.
        :raises: exception.FunctionError when a function fails.
        """
        return function.resolve(self.properties, resolver) or {}

    def resolved_metadata(self, resolver=None):
        """The metadata with every function computed.

        :param resolver: gives resource values.
        :returns: a plain dict.
        """
        return function.resolve(self.metadata, resolver) or {}

    def resolved_update_policy(self, resolver=None):
        """The update policy with every function computed."""
        return function.resolve(self.update_policy, resolver) or {}

    def to_dict(self):
        """A JSON-able form for persistence and update comparisons.

        :returns: a dict in HOT resource syntax (functions unresolved).
        """
        out = {'type': self.resource_type}
        for key, value in (('properties', self.properties),
                           ('metadata', self.metadata),
                           ('update_policy', self.update_policy)):
            if value:
                out[key] = function.freeze(value)
        if self.depends_on:
            out['depends_on'] = list(self.depends_on)
        if self.deletion_policy != 'Delete' and self.external_id is None:
            out['deletion_policy'] = self.deletion_policy
        for key in ('external_id', 'condition', 'description'):
            value = getattr(self, key)
            if value is not None:
                out[key] = function.freeze(value)
        return out

    freeze = to_dict

    def __eq__(self, other):
        if not isinstance(other, ResourceDefinition):
            return NotImplemented
        return (self.name, self.to_dict()) == (other.name, other.to_dict())

    def __hash__(self):
        return hash((self.name, self.resource_type))

    def __repr__(self):
        return '<ResourceDefinition %s %s>' % (self.name, self.resource_type)


class OutputDefinition:
    """One output of a stack.

    :param name: the output name.
    :param value: the parsed value.
    :param description: the output description.
    :param condition_met: callable telling whether the output's condition
        holds (outputs with a false condition resolve to None).
    :param path: where the value is in the template.
    """

    def __init__(self, name, value, description=None, condition_met=None,
                 path=None):
        self.name = name
        self.value = value
        self.description = description
        self._condition_met = condition_met
        self.path = list(path or ['outputs', name, 'value'])

    @property
    def condition_met(self):
        return True if self._condition_met is None else bool(
            self._condition_met())

    def required_resources(self):
        """Resource names the value refers to.

        :returns: a set.
        """
        if not self.condition_met:
            return set()
        return function.dependencies(self.value)

    def resolve(self, resolver=None):
        """Compute the output value.

        :param resolver: gives resource values.
        :returns: the value (None when the condition is false).
        :raises: exception.FunctionError with ``reason`` the bare message
            Heat shows as ``output_error``.
        """
        if not self.condition_met:
            return None
        try:
            value = function.resolve(self.value, resolver)
        except exception.FunctionError:
            raise
        except exception.HeatVisionException as exc:
            raise exception.FunctionError(str(exc))
        return None if value is function.ELIDED else value

    def to_dict(self):
        out = {'value': function.freeze(self.value)}
        if self.description is not None:
            out['description'] = self.description
        return out

    def __eq__(self, other):
        if not isinstance(other, OutputDefinition):
            return NotImplemented
        return (self.name, self.to_dict()) == (other.name, other.to_dict())

    __hash__ = None
