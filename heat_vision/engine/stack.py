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

"""The engine's runtime view of one stored stack.

It joins the stack row, its definition (from the model processor) and its
resource rows, and resolves functions against the resources: it is the
resolver the template language calls for ``get_resource``/``get_attr``.
"""

import collections
import hashlib
import threading

from oslo_config import cfg

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import trusts
from heat_vision.db import api as db_api
from heat_vision.db import resources as db_resources
from heat_vision.db import stacks as db_stacks
from heat_vision.engine import model
from heat_vision.engine import states
from heat_vision.template import budget
from heat_vision.template import properties

CONF = cfg.CONF
_SHORT_ID_ALPHABET = 'abcdefghijklmnopqrstuvwxyz234567'


class Stack:

    def __init__(self, context, row, definition, resource_rows):
        if context.project_id == row.project_id:
            # Work the stack starts (task jobs) borrows its trust (a
            # preview's row has none).
            trusts.acting_with(context, getattr(row, 'sealed_trust', None))
        self.context = context
        self.row = row
        self.definition = definition
        current = {r.id for r in resource_rows if r.replaced_by is None}
        # A replacement an update had not swapped in yet (its engine died):
        # the update that carries on finishes it instead of the current one.
        self.unfinished = {r.name: r for r in resource_rows
                           if r.id in current and r.replaces in current}
        unfinished_ids = {r.id for r in self.unfinished.values()}
        self.rows = {r.name: r for r in resource_rows
                     if r.id in current and r.id not in unfinished_ids}
        # Replaced during an update whose engine died before deleting them.
        self.superseded = [r for r in resource_rows
                           if r.replaced_by is not None]
        self._plugins = {}
        self._facade = None
        # The Recorder of the walk under way (``common.run_resources``):
        # plugins' rows that go with their states are queued there.
        self.recorder = None
        # The tree's ``tree_budget.TreeBudget`` while a fresh create of
        # the top-level stack makes it, else None.
        self.tree_budget = None
        self._properties_sizes = {}
        self._properties_total = 0
        self._sizes_lock = threading.Lock()
        self.files = {}
        # Raw template ids of the children this process stored, by
        # content hash (``nested.create_child``).
        self.child_templates = {}
        # Held by a child's update while it stores its template
        # (``nested.update_child``): siblings of one content store it once.
        self.child_templates_lock = threading.Lock()
        # Content hashes of the children whose definition validated
        # (``nested.create_child``).
        self.child_validated = set()
        # What the children of one content share, by content hash
        # (``nested.create_child``, ``tree.batched.Shape``).
        self.child_shapes = {}
        # Resources whose child stack waits in the walk's batches
        # (``tree.batched``): complete only once a flush stored it.
        self._awaiting_flush = set()
        self._children_in_batches = set()
        # The children read at once for this stack's delete
        # (``tree.prefetch``).
        self.child_loader = None

    @classmethod
    def load(cls, context, stack_id, show_deleted=False,
             with_resources=True, row=None):
        """:param with_resources: False skips the resource rows.
        :param row: the stack's row, when the caller has read it.
        """
        # One read transaction for the three reads (one snapshot, and
        # one transaction's set-up instead of three: a parent deleting
        # a thousand children loads each of them).
        with db_api.reader(context):
            if row is None:
                row = db_stacks.stack_get(context, stack_id,
                                          show_deleted=show_deleted)
            raw = db_stacks.raw_template_get(context, row.raw_template_id)
            rows = (db_resources.resource_get_all_by_stack(context, row.id)
                    if with_resources else [])
        return cls.from_rows(context, row, raw, rows)

    @classmethod
    def from_rows(cls, context, row, raw, rows):
        """The ``Stack`` of a stack row, its raw template row and its
        resource rows, as read.
        """
        definition = model.build_definition(
            raw.template, raw.environment, raw.files, row.name, row.id,
            row.project_id)
        stack = cls(context, row, definition, rows)
        stack.files = raw.files or {}
        return stack

    @property
    def id(self):
        return self.row.id

    @property
    def name(self):
        return self.row.name

    def short_id(self, resource_name):
        """12 lowercase characters, like Heat's short ids.

        Stable for one resource, different for its replacement: it comes
        from the resource row's uuid.
        """
        row = self.rows.get(resource_name)
        if row is not None:
            seed = row.uuid
        else:
            seed = '%s/%s' % (self.id, resource_name)
        digest = hashlib.sha256(seed.encode()).digest()
        return ''.join(_SHORT_ID_ALPHABET[b % 32] for b in digest[:12])

    def plugin(self, name):
        """The plugin instance of resource ``name`` (properties resolved).

        :raises: ResourceNotFound
        """
        cached = self._plugins.get(name)
        if cached is not None:
            plugin, row, provisional = cached
            if not provisional or row.action == states.INIT:
                return plugin
        row = self.rows.get(name)
        if row is None or not self.definition.has_resource(name) or \
                not self.definition.is_active(name):
            raise exception.ResourceNotFound(name, self.name)
        plugin = self.build_plugin(self.definition.resource_definition(name),
                                   row)
        # Built before its resource's create began (another plugin looked
        # it up): the resources its properties refer to may not be made
        # yet, their get_resource giving their names. Its create builds
        # it again, with what they are by then.
        self._plugins[name] = (plugin, row, row.action == states.INIT)
        return plugin

    def build_plugin(self, rsrc_def, row):
        """A plugin for ``row`` with the properties of ``rsrc_def``."""
        cls = model.resource_class(self.definition, rsrc_def)
        plugin = cls(rsrc_def.name, self._properties(cls, rsrc_def),
                     self.facade, resource_id=row.physical_resource_id,
                     data=row.attr_data, metadata=row.rsrc_metadata)
        plugin.external = rsrc_def.external_id is not None
        return plugin

    def stored_plugin(self, row):
        """A plugin built from what ``row`` stored (for deleting it).

        A resource an update removes was made under the previous
        environment, which may have mapped its type (a provider template
        the new one dropped): its class is looked up there.
        """
        previous = None
        if not self.definition.has_resource(row.name):
            # Gone from the new template: the environment it was made
            # under is the previous one (a mapping the new one dropped
            # may have shadowed a registered type of the same name).
            previous = self.previous_definition()
        try:
            cls = model.class_for_type(previous or self.definition,
                                       row.type, row.name)
        except exception.ResourceTypeNotFound:
            previous = previous or self.previous_definition()
            if previous is None:
                raise
            cls = model.class_for_type(previous, row.type, row.name)
        plugin = cls(row.name, row.properties_data or {}, self.facade,
                     resource_id=row.physical_resource_id,
                     data=row.attr_data, metadata=row.rsrc_metadata)
        if self.definition.has_resource(row.name):
            try:
                plugin.external = self.definition.resource_definition(
                    row.name).external_id is not None
            except exception.StackValidationFailed:
                pass
        return plugin

    def previous_definition(self):
        """The definition before the update in progress, if there is one."""
        template_id = getattr(self.row, 'prev_raw_template_id', None)
        if template_id is None:
            return None
        raw = db_stacks.raw_template_get(self.context, template_id)
        return model.build_definition(
            raw.template, raw.environment, raw.files, self.row.name,
            self.row.id, self.row.project_id)

    @property
    def facade(self):
        """What this stack's resource plugins see of the engine."""
        if self._facade is None:
            # NOTE(heat-vision): imported here, not at the top: the
            # facade's nested-stack operations run the stack actions,
            # which import this module.
            from heat_vision.engine import facade
            self._facade = facade.StackFacade(self)
        return self._facade

    def save_resource_id(self, name, resource_id):
        """Store a resource's physical id now (write-through)."""
        row = self.rows[name]
        row.physical_resource_id = resource_id
        db_resources.resource_update_many(
            self.context, [{'id': row.id,
                            'physical_resource_id': resource_id}])

    def save_metadata(self, name, metadata):
        """Store a resource's metadata now (write-through)."""
        row = self.rows[name]
        row.rsrc_metadata = metadata
        db_resources.resource_update_many(
            self.context, [{'id': row.id, 'rsrc_metadata': metadata}])

    def store_with_next_flush(self, name, child_id=None):
        """Resource ``name``'s child (new: ``child_id``) is in the walk's
        batches.
        """
        self._awaiting_flush.add(name)
        if child_id is not None:
            self._children_in_batches.add(child_id)

    def child_stored(self, child_id):
        """Make sure a child this walk created is in the database (its
        resource may work on it before its create step ends: a group
        growing by batches).
        """
        if child_id in self._children_in_batches:
            recorder = self.recorder
            if recorder is not None:
                recorder.flush()
            self._children_in_batches.discard(child_id)

    def stored_by_next_flush(self, name):
        """:returns: whether resource ``name`` waits for the walk's next
            flush to store its child (asked once, after its create).
        """
        if name in self._awaiting_flush:
            self._awaiting_flush.discard(name)
            return True
        return False

    def forget(self, name):
        """Drop the cached plugin of ``name`` (its row changed)."""
        self._plugins.pop(name, None)

    def _properties(self, cls, rsrc_def):
        """Resolved properties, typed and defaulted by the schema.

        :raises: StackValidationFailed when they are larger than a
            resource, or than all of the stack's resources, may store.
        """
        path = ['resources', rsrc_def.name, 'properties']
        if rsrc_def.external_id is not None:
            # An existing resource's properties are not used, nor checked
            # (Heat's ``Resource.validate_external`` replaces its
            # ``validate``, ``heat/engine/resource.py``): the plugin gets
            # the schema's defaults only.
            return {key: schema.default for key, schema in
                    (cls.properties_schema or {}).items()
                    if schema.default is not None}
        if cls.properties_schema is None:
            resolved = rsrc_def.resolved_properties(self)
        else:
            checked = properties.Properties(
                cls.properties_schema, rsrc_def.properties, resolver=self,
                path=path)
            resolved = {key: checked[key] for key in checked}
        self._check_stored_size(rsrc_def.name, resolved, path)
        return resolved

    def _check_stored_size(self, name, resolved, path):
        size = budget.check_stored(resolved,
                                   CONF.max_resource_properties_size,
                                   'max_resource_properties_size', path)
        # A running total (plugins are built on several threads): summing
        # every resource's size for each one made a stack's build
        # quadratic.
        with self._sizes_lock:
            self._properties_total += (
                size - self._properties_sizes.get(name, 0))
            self._properties_sizes[name] = size
            total = self._properties_total
        if total > CONF.max_stack_properties_size:
            raise exception.StackValidationFailed(
                _("The properties of the stack's resources are too large "
                  'to store (over %d, the limit set by '
                  'max_stack_properties_size).')
                % CONF.max_stack_properties_size, path=path)

    # The resolver protocol of the template language.

    def get_reference_id(self, resource_name):
        return self.plugin(resource_name).get_reference_id()

    def get_attribute(self, resource_name, attr_name, *path):
        return self.plugin(resource_name).get_attribute(attr_name, *path)

    def get_all_attributes(self, resource_name):
        plugin = self.plugin(resource_name)
        return {name: plugin.get_attribute(name)
                for name in plugin.attributes_schema}

    def parameter_values(self):
        """Parameters as stack show lists them: strings, hidden masked."""
        params = self.definition.parameters
        shown = {name: str(param) for name, param in params.params.items()}
        shown.update((name, str(value))
                     for name, value in params.pseudo.items())
        return shown


# Stack show's parameters by (raw template id, stack id): a raw template
# row never changes (an update stores a new one), so neither do they.
_SHOWN_PARAMETERS = collections.OrderedDict()
_SHOWN_PARAMETERS_MAX = 512
_SHOWN_LOCK = threading.Lock()


def shown_parameters(context, row):
    """``Stack.parameter_values`` of the stack ``row``.

    Its template is parsed only the first time they are asked for.
    """
    key = (row.raw_template_id, row.id)
    with _SHOWN_LOCK:
        found = _SHOWN_PARAMETERS.get(key)
        if found is not None:
            _SHOWN_PARAMETERS.move_to_end(key)
            return dict(found)
    values = Stack.load(context, row.id, with_resources=False,
                        row=row).parameter_values()
    with _SHOWN_LOCK:
        _SHOWN_PARAMETERS[key] = values
        while len(_SHOWN_PARAMETERS) > _SHOWN_PARAMETERS_MAX:
            _SHOWN_PARAMETERS.popitem(last=False)
    return dict(values)
