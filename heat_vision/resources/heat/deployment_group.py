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

"""OS::Heat::SoftwareDeploymentGroup: one deployment per server.

As Heat's heat/engine/resources/openstack/heat/software_deployment.py
(``SoftwareDeploymentGroup``): ``servers`` maps member names to server
ids; each member is an ``OS::Heat::SoftwareDeployment`` of the group's
other properties to its server, in a nested stack. The attributes
``deploy_stdouts``, ``deploy_stderrs`` and ``deploy_status_codes`` map
member names to their members' ``deploy_stdout`` ...; any other name
maps them to that attribute of each member (a config's output).

Update policies, as Heat's: ``batch_create`` creates the members
``max_batch_size`` at a time (in the order of ``servers``), and
``rolling_update`` updates them so, pausing ``pause_time`` seconds
between two batches (a member whose definition does not change, or that
goes, is not counted).
"""

import time

from heat_vision.common.i18n import _
from heat_vision.resources.heat import deployment_io
from heat_vision.resources.heat import group_batches
from heat_vision.resources.heat import resource_group
from heat_vision.resources.heat import software_deployment as sd
from heat_vision.resources import stack_resource
from heat_vision.template import attributes
from heat_vision.template import constraints

SD = sd.SoftwareDeployment
Schema = constraints.Schema


class SoftwareDeploymentGroup(stack_resource.StackResource):
    """Deploys one config to every server of ``servers``."""

    MEMBER_TYPE = 'OS::Heat::SoftwareDeployment'
    SERVERS = 'servers'
    MEMBER_PROPERTIES = (SD.CONFIG, SD.INPUT_VALUES, SD.DEPLOY_ACTIONS,
                         SD.NAME, SD.SIGNAL_TRANSPORT)
    ATTRIBUTES = (STDOUTS, STDERRS, STATUS_CODES) = (
        'deploy_stdouts', 'deploy_stderrs', 'deploy_status_codes')
    SHOW = 'show'
    _MEMBER_ATTRIBUTES = {STDOUTS: SD.STDOUT, STDERRS: SD.STDERR,
                          STATUS_CODES: SD.STATUS_CODE}

    properties_schema = dict(
        {name: SD.properties_schema[name] for name in MEMBER_PROPERTIES},
        servers=Schema(
            Schema.MAP,
            _('A map of names and server IDs to apply configuration to. '
              'The name is arbitrary and is used as the Heat resource '
              'name for the corresponding deployment.'),
            update_allowed=True, required=True))
    attributes_schema = {
        STDOUTS: attributes.Schema(
            _('A map of Nova names and captured stdouts from the '
              'configuration execution to each server.'),
            type=attributes.Schema.MAP),
        STDERRS: attributes.Schema(
            _('A map of Nova names and captured stderrs from the '
              'configuration execution to each server.'),
            type=attributes.Schema.MAP),
        STATUS_CODES: attributes.Schema(
            _('A map of Nova names and returned status code from the '
              'configuration execution.'),
            type=attributes.Schema.MAP),
        SHOW: attributes.Schema(
            _('Detailed information about the resource: none here (Heat '
              'shows its nested stack; the members\' deployments are '
              'their own show).'), type=attributes.Schema.MAP),
    }
    dynamic_attributes = True
    UPDATE_POLICIES = (ROLLING_UPDATE, BATCH_CREATE) = (
        'rolling_update', 'batch_create')
    update_policy_schemas = {
        ROLLING_UPDATE: resource_group.batch_schema('update', False),
        BATCH_CREATE: resource_group.batch_schema('create', False),
    }
    #: The token of a create an engine took over.
    RESUMED = 'resumed'

    @classmethod
    def validate_properties(cls, properties, path):
        SD.validate_properties(properties, path)

    @classmethod
    def planned_members(cls, rsrc_def):
        """The group's size when it is known before the stack runs."""
        return len(cls.known_property(rsrc_def, cls.SERVERS) or {})

    def member_properties(self, server):
        """The properties of the member deploying to ``server``."""
        props = {name: self.properties[name]
                 for name in self.MEMBER_PROPERTIES
                 if self.properties.get(name) is not None}
        props[SD.SERVER] = server
        return props

    def members(self):
        """``[(name, definition)]`` of the members, in ``servers`` order.
        """
        servers = self.properties[self.SERVERS] or {}
        self.check_member_count(len(servers))
        return [(str(name), {'type': self.MEMBER_TYPE,
                             'properties': self.member_properties(server)})
                for name, server in servers.items()]

    def child_template(self):
        return group_batches.child_template(self.members())

    # Batches ------------------------------------------------------------

    def handle_create(self):
        policy = resource_group.update_policy(self, self.BATCH_CREATE)
        if not policy:
            return super().handle_create()
        self._in_batches({}, policy)
        return self.BATCH_CREATE

    def resume_token(self, action):
        return self.RESUMED

    def check_create_complete(self, token):
        if not super().check_create_complete(token):
            return False
        policy = resource_group.update_policy(self, self.BATCH_CREATE)
        if token == self.RESUMED and policy:
            # NOTE(heat-vision): an engine taking over a batched create
            # makes the batches the dead engine did not make.
            self._in_batches(self._current(), policy)
        return True

    def handle_update(self, new_properties, changed):
        policy = resource_group.update_policy(self, self.ROLLING_UPDATE)
        if not policy:
            return super().handle_update(new_properties, changed)
        self.properties = new_properties
        self._child = None
        self._in_batches(self._current(), policy)

    def _current(self):
        """``{name: definition}`` of the child's members."""
        if self.resource_id is None:
            return {}
        child = self.child()
        return {name: child.definition.resource_definition(name).to_dict()
                for name in child.resource_names()
                if child.definition.has_resource(name)}

    def _in_batches(self, current, policy):
        """Bring the child from ``current`` to ``members()``, at most
        ``max_batch_size`` members made or changed per child operation.
        """
        wanted = self.members()
        todo = [name for name, definition in wanted
                if current.get(name) != definition]
        size = policy['max_batch_size']
        pause = policy['pause_time']
        timeout = (self.stack.timeout_mins or 0) * 60
        deadline = time.monotonic() + timeout if timeout else None
        done = set()
        for start in range(0, max(len(todo), 1), size):
            if start and pause:
                group_batches.pause(self.stack, pause, deadline)
            done.update(todo[start:start + size])
            self._apply([(name, definition) for name, definition in wanted
                         if name in done or (name in current and
                                             name not in todo)] +
                        [(name, current[name]) for name, _ in wanted
                         if name in current and name in todo and
                         name not in done])

    def _apply(self, members):
        resource_group.apply_template(
            self, group_batches.child_template(members))

    # Attributes ----------------------------------------------------------

    def get_attribute(self, name, *path):
        if name == self.SHOW:
            return None
        member_attr = self._MEMBER_ATTRIBUTES.get(name, name)
        child = self.child()
        return deployment_io.select(
            {member: child.get_attribute(member, member_attr)
             for member in child.resource_names()}, path)


def hidden_alias(substitute):
    """Heat's support status of a group's old name, hidden since 7.0.0
    after its deprecation in 2014.2: still accepted, never listed.
    """
    return {'status': 'HIDDEN', 'version': '7.0.0',
            'message': _('Please use %s instead.') % substitute,
            'previous_status': {'status': 'DEPRECATED',
                                'version': '2014.2', 'message': None,
                                'previous_status': None}}


class SoftwareDeployments(SoftwareDeploymentGroup):
    """``OS::Heat::SoftwareDeployments``: the group's old name."""

    support_status = hidden_alias('OS::Heat::SoftwareDeploymentGroup')
