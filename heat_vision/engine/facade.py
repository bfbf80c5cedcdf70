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

"""What a resource plugin sees of the engine: its stack's facade.

A plugin gets a :class:`StackFacade` as ``self.stack``; it is the plugin's
only way into the engine. ``heat_vision.resources`` imports neither
``heat_vision.engine`` nor ``heat_vision.db`` (the pep8 job checks it,
HV106): nested stacks, stored resource data and software configs are
reached through here, and so are the OpenStack service clients. Keep
it small: a method is added when a plugin needs it, with what it means
to the plugin, not how the engine does it.
"""

import types

from heat_vision import clients
from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.db import alarms as db_alarms
from heat_vision.db import resource_data
from heat_vision.db import software_configs as db_configs
from heat_vision.db import software_deployments as db_deployments
from heat_vision.engine.actions import cancel
from heat_vision.engine import deployment_push
from heat_vision.engine import jobs
from heat_vision.engine import software_configs
from heat_vision.engine import software_deployments
from heat_vision.engine.tree import budget as tree_budget
from heat_vision.engine.tree import nested
from heat_vision.monitoring import alarms


class StackFacade:
    """One stack as its resource plugins see it.

    It is also a resolver of the template language (``get_resource``,
    ``get_attr`` ... against this stack's resources).
    """

    def __init__(self, stack):
        self._stack = stack
        self._clients = None
        # {child id: ChildStatus} of children created or deleted inline,
        # until read.
        self._children_done = {}

    # The stack -----------------------------------------------------------

    @property
    def id(self):
        return self._stack.id

    @property
    def name(self):
        return self._stack.name

    @property
    def context(self):
        """The request context of the operation under way."""
        return self._stack.context

    @property
    def files(self):
        """The files the stack's request carried (``get_file`` ...)."""
        return self._stack.files

    @property
    def definition(self):
        """The stack's ``template.StackDefinition``."""
        return self._stack.definition

    @property
    def timeout_mins(self):
        """The stack operation's timeout in minutes, or None."""
        return self._stack.row.timeout

    def pause(self, seconds):
        """Wait ``seconds`` in a step of this stack's running operation,
        less if it is cancelled (``cancel.Cancelled`` is raised then).
        """
        cancel.pause(self.id, seconds)

    def short_id(self, resource_name):
        """12 characters unique to the resource (for physical names)."""
        return self._stack.short_id(resource_name)

    def save_resource_id(self, resource_name, resource_id):
        """Store a physical id at once (before a long create goes on)."""
        self._stack.save_resource_id(resource_name, resource_id)

    def resource_state(self, resource_name):
        """:returns: ``(action, status)`` of a resource, as last read."""
        row = self._stack.rows[resource_name]
        return row.action, row.status

    def tree_being_created(self):
        """:returns: whether the top-level stack of this stack's tree is
            still being created. Its create bounds the tree's resources
            without counting them again, so nothing may add to the tree
            meanwhile but the create itself (a group does not scale).
        """
        return tree_budget.creating(self._stack.context, self._stack.row)

    def save_metadata(self, resource_name, metadata):
        """Store another resource's metadata now.

        (A group's cooldown, which its scaling policy's signal changes.)
        """
        self._stack.save_metadata(resource_name, metadata)

    def resource_names(self):
        """The names of the stack's current resources."""
        return list(self._stack.rows)

    def plugin(self, resource_name):
        """The plugin of another resource of the stack."""
        return self._stack.plugin(resource_name)

    def stored_metadata(self, resource_name):
        """The metadata last stored for a resource (None if it has none).

        Read from the database: it sees what another engine or a signal
        wrote since this operation started.
        """
        row = resource_data.resource_get_by_name(self.context, self.id,
                                                 resource_name)
        return row.rsrc_metadata if row is not None else None

    def outputs(self):
        """``{name: value}`` of the stack's outputs."""
        return {name: output.resolve(self)
                for name, output in
                self.definition.output_definitions().items()}

    # The resolver protocol of the template language ----------------------

    def get_reference_id(self, resource_name):
        return self._stack.get_reference_id(resource_name)

    def get_attribute(self, resource_name, attr_name, *path):
        return self._stack.get_attribute(resource_name, attr_name, *path)

    def get_all_attributes(self, resource_name):
        return self._stack.get_all_attributes(resource_name)

    # OpenStack services ------------------------------------------------

    def client(self, name):
        """The client of an OpenStack service, acting for this context.

        :param name: the service (``'aodh'``).
        :returns: its ``heat_vision.clients`` client, whose errors are
            ``exception.Service*``.
        """
        if self._clients is None:
            self._clients = clients.Clients(self.context)
        return self._clients.client(name)

    def stack_domain(self):
        """The stack-user domain, managed by its admin user.

        :returns: a ``heat_vision.clients.stack_domain.StackDomain``.
        :raises: exception.ServiceNotConfigured when the operator has
            not configured one.
        """
        # Here, not at the top: keystoneauth is loaded on first use.
        from heat_vision.clients import stack_domain
        return stack_domain.StackDomain()

    # Task-system jobs ----------------------------------------------------

    def start_job(self, document):
        """Start a task-system job owned by the stack's project.

        :param document: a job document (``heat_vision.tasks.document``).
        :returns: the job's view (``id``, ``status`` ...).
        """
        return jobs.start(self.context, document)

    # Nested stacks ---------------------------------------------------------

    def create_child(self, resource_name, template, parameters=None,
                     files=None, timeout_mins=None, registry=None,
                     on_stored=None):
        """Create the child stack of resource ``resource_name``.

        It runs inline and is done (complete or failed) on return.

        :param registry: the child's resource_registry.
        :param on_stored: called with the child's id in the transaction
            that stores the child, before it runs (so the resource keeps
            it for a take-over: ``save_resource_id`` there is written
            with the child).
        :returns: the child stack's id.
        """
        child_id, row = nested.create_child(
            self._stack, resource_name, template, parameters, files=files,
            timeout_mins=timeout_mins, registry=registry,
            on_stored=on_stored)
        # The plugin asks for it next (check_create_complete).
        self._children_done[child_id] = ChildStatus(row)
        return child_id

    def update_child(self, child_id, template, parameters=None, files=None,
                     registry=None):
        """Update a child stack to ``template``; :returns: its status."""
        self._stack.child_stored(child_id)
        return ChildStatus(nested.update_child(
            self._stack, child_id, template, parameters, files=files,
            registry=registry))

    def delete_child(self, child_id, resource_name=None):
        """Delete a child stack (one already gone is fine).

        :param resource_name: the resource whose child it is, when it is
            one of this stack's: the delete may then join the walk's
            batches.
        """
        self._stack.child_stored(child_id)
        row = nested.delete_child(
            self.context, child_id,
            parent=self._stack if resource_name else None,
            resource_name=resource_name)
        if row is not None:
            # The plugin asks for it next (check_delete_complete): a
            # read of the row was most of a 1000-child delete, and the
            # row of a child whose delete the parent's batches write is
            # not written yet.
            self._children_done[child_id] = ChildStatus(row)

    def child_status(self, child_id):
        """:returns: the child's :class:`ChildStatus`."""
        done = self._children_done.pop(child_id, None)
        if done is not None:
            return done
        self._stack.child_stored(child_id)
        return ChildStatus(nested.child_row(self.context, child_id))

    def resume_child(self, child_id):
        """Carry on a child's operation that a dead engine left under way.
        """
        self._stack.child_stored(child_id)
        nested.resume_child(self.context, child_id)

    def child(self, child_id):
        """:returns: the child stack's facade."""
        self._stack.child_stored(child_id)
        return StackFacade(nested.load_child(self.context, child_id))

    # Software configs ----------------------------------------------------

    def create_software_config(self, name, config, group=None, inputs=None,
                               outputs=None, options=None, at_once=False):
        """Store a software config; :returns: it, as the API shows it.

        In a stack operation the config is stored with the resources'
        next batch of states: a resource that makes its id the physical
        id (``creates_external``) is complete only after that batch.

        :param at_once: store it now (a config a server must read while
            the operation goes on: a deployment's).
        """
        values = software_configs.new_config(self.context, name, config,
                                             group, inputs, outputs, options)
        recorder = self._stack.recorder
        if recorder is None or at_once:
            db_configs.software_config_create(self.context, values)
        else:
            recorder.queue_batch(db_configs.software_config_insert_many,
                                 values)
        return software_configs.format_software_config(
            types.SimpleNamespace(**values))

    def software_config_text(self, config_id):
        """The ``config`` text of a stored config, or None if unknown."""
        try:
            row = db_configs.software_config_get(self.context, config_id)
        except exception.NotFound:
            return None
        return (row.config or {}).get('config') or ''

    def software_config(self, config_id):
        """:returns: a stored config as the API shows it, or None if
        unknown (or another project's).
        """
        try:
            row = db_configs.software_config_get(self.context, config_id)
        except exception.NotFound:
            return None
        return software_configs.format_software_config(row)

    def delete_software_config(self, config_id, at_once=False):
        """Delete a stored config (one already gone is fine).

        In a stack operation it is deleted with the resources' next batch
        of states, no later than the resource's own DELETE_COMPLETE.

        :param at_once: delete it now (a deployment's previous config,
            which its deployment no longer names).
        """
        recorder = self._stack.recorder
        if recorder is not None and not at_once:
            recorder.queue_batch(db_configs.software_config_delete_many,
                                 config_id)
            return
        try:
            db_configs.software_config_delete(self.context, config_id)
        except exception.NotFound:
            pass

    # Software deployments ----------------------------------------------
    # Written at once: the server's agent reads and signals them while
    # the operation that made them waits.

    def create_software_deployment(self, deployment_id, server_id,
                                   config_id, input_values, action, status,
                                   status_reason):
        """Deploy a stored config to a server (in the stack's project).

        :returns: the deployment, as the API shows it.
        """
        made = software_deployments.create(
            self.context, deployment_id, server_id, config_id,
            input_values, action, status, status_reason)
        deployment_push.push(self.context, self.context.project_id,
                             server_id)
        return made

    def software_deployment(self, deployment_id):
        """:returns: the deployment as the API shows it, or None."""
        return software_deployments.show(self.context, deployment_id)

    def update_software_deployment(self, deployment_id, values,
                                   only_if_status=None):
        """Change a deployment (``config_id``, ``status`` ...).

        :param only_if_status: change it only while its status is this.
        :returns: the deployment, or None if it is gone or its status
            was not ``only_if_status``.
        """
        changed = software_deployments.update(self.context, deployment_id,
                                              values, only_if_status)
        # As Heat: only a new config is pushed to the server again.
        if changed is not None and values.get('config_id'):
            deployment_push.push(self.context, self.context.project_id,
                                 changed['server_id'])
        return changed

    def delete_software_deployment(self, deployment_id):
        """Delete a deployment (one already gone is fine)."""
        gone = software_deployments.show(self.context, deployment_id)
        try:
            db_deployments.software_deployment_delete(self.context,
                                                      deployment_id)
        except exception.NotFound:
            return
        deployment_push.push(self.context, self.context.project_id,
                             gone and gone['server_id'])

    def server_metadata(self, server_id, metadata):
        """``metadata`` of the server ``server_id`` with the configs
        deployed to it (``deployments``), as its agent reads it.
        """
        return software_deployments.server_metadata(
            self.context, self.context.project_id, server_id, metadata)

    # Alarms (monitoring) ---------------------------------------------------

    def bind_alarm(self, resource_name, alarm_id):
        """Have every transition of alarm ``alarm_id`` (Aodh's or a
        built-in one) signal resource ``resource_name`` of this stack,
        whatever the alarm's actions say. Binding again changes nothing.
        """
        db_alarms.binding_add(self.context, alarm_id, self.id,
                              resource_name)

    def check_alarm_visible(self, alarm_id):
        """For an alarm id a user names: another project's alarm would
        be read, and its actions silenced, through a binding.

        :raises: Invalid unless the alarm is a built-in alarm or an Aodh
            alarm of this stack's project.
        """
        try:
            db_alarms.alarm_get(self.context, alarm_id)
            return
        except exception.EntityNotFound:
            pass
        try:
            # Aodh answers only for the caller's project.
            self.client('aodh').get_alarm(alarm_id)
        except (exception.ServiceObjectNotFound,
                exception.ServiceNotConfigured):
            raise exception.Invalid(
                reason=_('Alarm %s is not an alarm of this project.')
                % alarm_id)

    def unbind_alarm(self, resource_name, alarm_id=None):
        """Undo ``bind_alarm`` (every binding of the resource if
        ``alarm_id`` is None); :returns: how many bindings went.
        """
        return db_alarms.binding_remove(self.context, self.id,
                                        resource_name, alarm_id)

    def create_alarm(self, resource_name, definition):
        """Create a built-in threshold alarm; the engines' evaluators
        evaluate it from their next round on.

        In a stack operation it is written with the resources' next batch
        of states.

        :param definition: the rule (``OS::HeatVision::Alarm``'s
            properties).
        :returns: the alarm as the API shows it (``id``, ``state`` ...).
        """
        return alarms.create(self.context, self.id, resource_name,
                             definition, self._stack.recorder)

    def update_alarm(self, alarm_id, definition):
        """Change a built-in alarm's rule; :returns: the alarm.

        In a stack operation the change is written with the resources'
        next batch of states.
        """
        return alarms.update(self.context, alarm_id, definition,
                             self._stack.recorder)

    def delete_alarm(self, alarm_id):
        """Stop and forget a built-in alarm (a gone one is fine).

        In a stack operation it is deleted with the resources' next batch
        of states, no later than the resource's own DELETE_COMPLETE.
        """
        recorder = self._stack.recorder
        if recorder is not None:
            recorder.queue_batch(alarms.delete_many, alarm_id)
            return
        alarms.delete(self.context, alarm_id)

    def alarm(self, alarm_id):
        """:returns: a built-in alarm of the stack's project, or None."""
        if self._stack.recorder is not None:
            # An alarm made in this operation may wait in its batches.
            self._stack.recorder.flush()
        try:
            return alarms.format_alarm(db_alarms.alarm_get(self.context,
                                                           alarm_id))
        except exception.NotFound:
            return None


class ChildStatus:
    """Where a child stack's last operation stands."""

    def __init__(self, row):
        self.action = row.action
        self.status = row.status
        self.status_reason = row.status_reason
