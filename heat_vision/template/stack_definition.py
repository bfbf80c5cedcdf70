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

"""A template bound to an environment and a stack identity.

:class:`StackDefinition` is the context intrinsic functions are bound
to: it gives them parameters, conditions, files, mappings and the set of
resources, and it builds the resource and output definitions.
"""

import collections

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import conditions as conds
from heat_vision.template import definitions
from heat_vision.template import dependencies as deps
from heat_vision.template import environment
from heat_vision.template import function
from heat_vision.template import parameters as params
from heat_vision.template import validation

DEFAULT_FACADE = {'metadata': {}, 'deletion_policy': 'Delete',
                  'update_policy': {}}


class StackDefinition:
    """The model of a stack before any resource exists.

    :param tmpl: a :class:`heat_vision.template.Template`.
    :param env: a :class:`heat_vision.template.Environment` or None.
    :param stack_name: the stack name (OS::stack_name, AWS::StackName).
    :param stack_id: the stack id.
    :param project_id: the project (tenant) id.
    :param region: what AWS::Region gives (Heat's own default if None).
    :param parent_facade: for nested stacks, the parent resource's
        ``metadata``, ``deletion_policy`` and ``update_policy``
        (resource_facade).
    :param implicit_dependencies: ``f(definition, graph)`` giving the
        dependencies no function names (Heat's ``add_dependencies``):
        ``{name: set of names}``; the engine's knows the plugins.
    """

    def __init__(self, tmpl, env=None, stack_name='', stack_id=None,
                 project_id=None, region=None, parent_facade=None,
                 implicit_dependencies=None):
        self.template = tmpl
        self.env = env if env is not None else environment.Environment()
        self.stack_name = stack_name
        self.stack_id = stack_id
        self.project_id = project_id
        self.region = region
        self.files = dict(self.env.files, **tmpl.files)
        self.parent_facade = dict(DEFAULT_FACADE, **(parent_facade or {}))
        self._parameters = None
        self._snippets = None
        self._resources = {}
        self._dependencies = None
        self._implicit = implicit_dependencies
        self._conditions = conds.Conditions(self)

    # -- the context protocol used by functions ------------------------

    @property
    def version_name(self):
        return self.template.version_name

    @property
    def mappings(self):
        return self.template.mappings()

    @property
    def parameters(self):
        """The :class:`parameters.Parameters` (values on access)."""
        if self._parameters is None:
            pseudo = self.template.pseudo_params(
                self.stack_name, self.stack_id, self.project_id, self.region)
            self._parameters = params.Parameters(
                self.template.param_schemata(), self.env.params,
                self.env.param_defaults, pseudo)
        return self._parameters

    def check_param(self, name, path):
        if name not in self.parameters:
            raise exception.StackValidationFailed(
                _('The Parameter (%s) was not defined in template.') % name,
                path=path)

    def get_param(self, name, path):
        self.check_param(name, path)
        return self.parameters[name]

    def snippets(self):
        if self._snippets is None:
            self.template.check_once()
            self._snippets = self.template.resource_snippets()
        return self._snippets

    def has_resource(self, name):
        return isinstance(name, str) and name in self.snippets()

    def is_active(self, name):
        return self.resource_condition(name)

    def evaluate_condition(self, item, path, resolver=None):
        return self._conditions.evaluate(item, path)

    def check_condition(self, item, path):
        self._conditions.check(item, path)

    def facade(self, key):
        return self.parent_facade[key]

    # -- conditions ------------------------------------------------------

    @property
    def conditions(self):
        """``{name: bool}`` for every condition of the template."""
        return self._conditions.values()

    def resource_condition(self, name):
        """Whether a resource's condition holds (True without one)."""
        return self._conditions.for_resource(name)

    # -- definitions -----------------------------------------------------

    def _field_path(self, name, field):
        tmpl = self.template
        return [tmpl.RESOURCES_SECTION, name, tmpl.RESOURCE_FIELD_KEYS[field]]

    def parse_field(self, name, field, conditional=False):
        value = self.snippets()[name].get(field)
        if value is None:
            return None
        return self.template.parse(self, value,
                                   self._field_path(name, field),
                                   conditional)

    def resource_definition(self, name):
        """The definition of one resource, active or not.

        :param name: the resource name.
        :returns: a :class:`definitions.ResourceDefinition`.
        :raises: exception.StackValidationFailed for bad fields.
        """
        if name not in self._resources:
            self._resources[name] = validation.build_resource(self, name)
        return self._resources[name]

    def resource_definitions(self):
        """Definitions of the resources whose condition holds.

        :returns: an ordered dict name -> ResourceDefinition.
        """
        return collections.OrderedDict(
            (name, self.resource_definition(name))
            for name in self.snippets() if self.is_active(name))

    def output_definitions(self):
        """Definitions of every output (a false condition gives None).

        :returns: an ordered dict name -> OutputDefinition.
        """
        tmpl = self.template
        tmpl.check_once()
        out = collections.OrderedDict()
        for name, snippet in tmpl.output_snippets().items():
            path = [tmpl.OUTPUTS_SECTION, name]
            value = tmpl.parse(self, snippet.get('value'),
                               path + [tmpl.OUTPUT_FIELD_KEYS['value']])
            out[name] = definitions.OutputDefinition(
                name, value, snippet.get('description'),
                self._conditions.output_checker(name, snippet, path),
                path + [tmpl.OUTPUT_FIELD_KEYS['value']])
        return out

    def dependencies(self):
        """The dependency graph of the active resources.

        :returns: a :class:`dependencies.Dependencies`.
        :raises: exception.CircularDependencyException.
        """
        if self._dependencies is None:
            graph = collections.OrderedDict()
            for name, defn in self.resource_definitions().items():
                graph[name] = {r for r in defn.required_resources()
                               if self.has_resource(r) and self.is_active(r)}
            found = (self._implicit(self, graph) if self._implicit
                     else None)
            self._dependencies = deps.Dependencies(graph, found)
        return self._dependencies

    def validate(self, resource_lookup=None, strict=True, context=None):
        """Validate the whole definition.

        :param resource_lookup: ``lookup(type_name)`` returning a class
            with ``properties_schema``/``attributes_schema`` or raising
            exception.ResourceTypeNotFound; None skips type checks.
        :param strict: also require valid parameter values (False for
            POST /validate, which reports the parameters instead).
        :param context: the request context: custom constraints that ask
            a service (``nova.flavor`` ...) are checked with it; None
            skips them.
        :raises: exception.StackValidationFailed (with the path),
            exception.CircularDependencyException,
            exception.InvalidTemplate.
        """
        validation.validate(self, resource_lookup, strict, context)

    def resolve(self, snippet, resolver=None, path=()):
        """Parse and resolve raw data in this context.

        A helper for the engine and the tests.

        :param snippet: raw template data.
        :param resolver: gives resource values.
        :returns: the value.
        """
        return function.resolve(self.template.parse(self, snippet, path),
                                resolver)
