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

"""What an update does to each resource: the diff of two definitions.

Pure functions: given the resources as stored and the new definition,
classify every resource. The update action carries the plan out.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.template import translation

ADD, KEEP, UPDATE, REPLACE, REMOVE = (
    'add', 'keep', 'update', 'replace', 'remove')


class Change:
    """One resource's part in an update.

    :param kind: ADD, KEEP, UPDATE, REPLACE or REMOVE.
    :param changed: ``{property: new value}`` of what differs (UPDATE).
    """

    def __init__(self, kind, changed=None):
        self.kind = kind
        self.changed = changed or {}

    def __repr__(self):
        return 'Change(%s, %s)' % (self.kind, sorted(self.changed))


def classify(row, new_type, new_properties, new_metadata, schema,
             replace_failed=True, replace_always=False,
             schemaless_in_place=False):
    """Decide how a stored resource becomes its new definition.

    :param row: the stored resource (type, state, properties_data,
        metadata).
    :param schema: the plugin's properties_schema (None: any property,
        none updatable in place).
    :param replace_failed: the plugin's ``replace_failed``.
    :param replace_always: the plugin's ``replace_on_update``: replaced
        by every update of its stack, changed or not.
    :param schemaless_in_place: the plugin's
        ``schemaless_update_in_place``: with no schema, every property
        may change in place.
    :returns: a Change.
    :raises: ImmutablePropertyChanged
    """
    if (row.type != new_type or replace_always or
            must_replace(row, replace_failed)):
        return Change(REPLACE)
    old = translation.translated(schema, row.properties_data or {})
    changed = {key: value for key, value in new_properties.items()
               if old.get(key) != value}
    changed.update((key, None) for key in old if key not in new_properties)
    if not changed:
        # A failed resource kept is updated all the same (its child stack
        # then mends its own failed resources).
        if row.status == 'FAILED' or (
                (row.rsrc_metadata or None) != (new_metadata or None)):
            return Change(UPDATE)
        return Change(KEEP)
    if schema is None:
        if schemaless_in_place:
            return Change(UPDATE, changed)
        return Change(REPLACE)
    for key in changed:
        prop = schema.get(key)
        if prop is not None and prop.immutable:
            raise exception.Invalid(
                reason=_('The property (%s) cannot be updated: it is '
                         'immutable.') % key)
    if all(schema.get(key) is not None and schema[key].update_allowed
           for key in changed):
        return Change(UPDATE, changed)
    return Change(REPLACE)


def must_replace(row, replace_failed=True):
    """Whether the stored resource is replaced whatever its definition.

    As Heat's ``Resource._needs_update``: one never created (INIT), one
    deleted, and one in a ``*_FAILED`` state. ``CHECK_FAILED`` (what
    ``mark unhealthy`` sets) always is; another failure is unless the
    plugin says otherwise (``replace_failed``, Heat's
    ``needs_replace_failed``) and the resource exists.
    """
    if row.action == 'INIT' or (row.action, row.status) == (
            'DELETE', 'COMPLETE'):
        return True
    if row.status != 'FAILED':
        return False
    return (row.action == 'CHECK' or replace_failed or
            not row.physical_resource_id)


def removed(rows, new_names):
    """Names of stored resources the new definition no longer has."""
    return [name for name in rows if name not in new_names]
