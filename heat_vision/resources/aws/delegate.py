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

"""AWS types whose work an OS:: plugin does.

Heat's AWS::EC2 plugins (heat/engine/resources/aws/ec2/) call the same
Nova, Cinder and Neutron APIs as its OS:: ones. Here an AWS plugin keeps
its own properties (what the engine stores, compares and shows) and hands
each action to the OS:: plugin built from them (``os_properties``); both
share the physical id and ``self.data``.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.resources import base
from heat_vision.resources.openstack import base as os_base
from heat_vision.template import constraints
from heat_vision.translators.cfn import types as cfn_types

Schema = constraints.Schema


def tags(value):
    """AWS ``Tags`` (``[{Key, Value}]``) as a map (Heat's Nova metadata
    of an instance, ``Instance._get_nova_metadata``).
    """
    return {tag['Key']: tag['Value'] for tag in value or []}


def known(properties, names):
    """The values of ``names``, None for one not known yet (at
    validation, before the resources it refers to exist).
    """
    out = []
    for name in names:
        try:
            out.append(properties.get(name))
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            out.append(None)
    return out


def renamed(aws_type, properties):
    """The OS:: properties the CFN translator's table renames ``aws_type``'s
    set properties to (``translators/cfn/types.py``).
    """
    names = cfn_types.TYPES[aws_type].properties
    return {names[key]: value for key, value in properties.items()
            if key in names and value is not None}


class OnOpenStack(base.Resource):
    """An AWS resource carried out by ``os_class``."""

    #: the OS:: plugin class doing the work.
    os_class = None

    def os_properties(self, properties):
        """:returns: the OS:: plugin's properties for these AWS ones."""
        raise NotImplementedError()

    def delegate(self, properties=None):
        """The OS:: plugin for ``properties`` (these by default), its
        unset properties at their defaults, as the engine hands them.
        """
        wanted = self.os_properties(
            self.properties if properties is None else properties)
        full = {key: schema.default for key, schema in
                self.os_class.properties_schema.items()}
        full.update(wanted)
        plugin = self.os_class(self.name, full, self.stack,
                               resource_id=self.resource_id,
                               metadata=self.metadata)
        plugin.data = self.data
        return plugin

    def run(self, method, *args, properties=None):
        """``method`` of the OS:: plugin; its physical id becomes ours."""
        plugin = self.delegate(properties)
        try:
            return getattr(plugin, method)(*args)
        finally:
            self.resource_id = plugin.resource_id

    def handle_create(self):
        return self.run('handle_create')

    def check_create_complete(self, token):
        return self.run('check_create_complete', token)

    def resume_token(self, action):
        return self.run('resume_token', action)

    def handle_delete(self):
        return self.run('handle_delete')

    def check_delete_complete(self, token):
        return self.run('check_delete_complete', token)

    def handle_check(self):
        return self.run('handle_check')

    def handle_update(self, new_properties, changed):
        """The OS:: plugin's update, for what changed in its terms."""
        old = self.os_properties(self.old_properties or {})
        new = self.os_properties(new_properties)
        os_changed = {key: value for key, value in new.items()
                      if old.get(key) != value}
        os_changed.update({key: None for key in old if key not in new})
        plugin = self.delegate(new_properties)
        plugin.old_properties = old
        try:
            return plugin.handle_update(plugin.properties, os_changed)
        finally:
            self.resource_id = plugin.resource_id

    def check_update_complete(self, token):
        return self.run('check_update_complete', token)

    def os_attribute(self, name, *path):
        return self.delegate().get_attribute(name, *path)

    def get_attribute(self, name, *path):
        if name == SHOW:
            return self.os_attribute(name, *path)
        return super().get_attribute(name, *path)


def key_value_list(description, **kwargs):
    """Heat's ``[{Key, Value}]`` list of string pairs (Tags, hints)."""
    return Schema(Schema.LIST, description, schema=Schema(
        Schema.MAP, description, schema={
            'Key': Schema(Schema.STRING, _('The key.'), required=True),
            'Value': Schema(Schema.STRING, _('The value.'),
                            required=True)}), **kwargs)


def not_implemented(data_type=None, **kwargs):
    """A property Heat accepts and ignores (``implemented=False``: left
    out of the type's schema listing, as Heat's ``resource type show``
    does).
    """
    return Schema(data_type or Schema.STRING,
                  _('Not implemented (as in Heat).'), hidden=True, **kwargs)


#: Heat's ``show`` attribute of every type: the object as its service
#: shows it (None for a type with no object of its own).
SHOW = os_base.SHOW
SHOW_SCHEMA = os_base.SHOW_SCHEMA
