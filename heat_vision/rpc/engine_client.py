"""The versioned RPC client of heat-vision-engine.

API version history:

* 1.0 - Initial version: list_stacks, count_stacks, identify_stack,
  show_stack, create_stack, delete_stack, validate_template,
  list_template_versions, list_template_functions, list_resource_types,
  list_services, list_stack_resources, describe_stack_resource,
  resource_mark_unhealthy, list_events, show_event, get_template,
  get_environment, get_files, list_outputs, show_output,
  resource_schema, generate_template, get_revision, update_stack.
  Stack actions: stack_suspend, stack_resume, stack_check,
  stack_cancel_update, cancel_running_update, abandon_stack,
  export_stack, preview_stack, preview_update_stack, stack_snapshot,
  stack_list_snapshots, show_snapshot, delete_snapshot, stack_restore.
  Software deployments: list_software_deployments,
  metadata_software_deployments, show_software_deployment,
  create_software_deployment, update_software_deployment,
  delete_software_deployment.
  ping (the API's engine health check).
  create_stack, update_stack, preview_stack, preview_update_stack and
  validate_template take an optional ``template_url``, sent only when
  given (an engine without it still serves every other request).
"""

from oslo_config import cfg
import oslo_messaging as messaging

from heat_vision.rpc import transport

CONF = cfg.CONF


class EngineClient:
    """Client side of the engine RPC API."""

    BASE_RPC_API_VERSION = '1.0'
    RPC_API_VERSION = '1.0'

    def __init__(self, topic=None, guard=None):
        """:param guard: a ``heat_vision.rpc.guard.CallGuard`` the API's
            calls go through; engines calling each other have none.
        """
        target = messaging.Target(
            topic=topic or CONF.rpc.engine_topic,
            version=self.BASE_RPC_API_VERSION)
        self._client = transport.get_rpc_client(
            target, version_cap=CONF.rpc.engine_version_cap)
        self._guard = guard

    def can_send_version(self, version):
        return self._client.can_send_version(version)

    def _call(self, ctxt, method, version='1.0', **kwargs):
        def send(**options):
            return self._client.prepare(version=version, **options).call(
                ctxt, method, **kwargs)
        return send() if self._guard is None else self._guard.call(send)

    def _cast(self, ctxt, method, version='1.0', **kwargs):
        def send(**options):
            self._client.prepare(version=version, **options).cast(
                ctxt, method, **kwargs)
        return send() if self._guard is None else self._guard.call(send)

    def ping(self, ctxt):
        """One round trip to any engine, bypassing the guard's checks
        (with its short timeout).

        :returns: the answering engine's id.
        """
        options = {} if self._guard is None else self._guard.ping_options()
        return self._client.prepare(version='1.0', **options).call(
            ctxt, 'ping')

    def list_stacks(self, ctxt, limit=None, marker=None, sort_keys=None,
                    sort_dir=None, filters=None, show_deleted=False,
                    show_nested=False, show_hidden=False,
                    global_tenant=False, tags=None, tags_any=None,
                    not_tags=None, not_tags_any=None):
        """List stacks, Heat's way.

        :param filters: ``{id|name|status|action: value or values}``.
        :param show_nested: include nested stacks.
        :param show_hidden: include stacks tagged with one of
            ``[DEFAULT] hidden_stack_tags``.
        :param global_tenant: every project's stacks, each with its
            ``project`` (the caller has checked the policy).
        :param tags: stacks with all of these tags (a list);
            ``tags_any``: with one of them; ``not_tags``: without all of
            them; ``not_tags_any``: with none of them.
        :returns: a list of stack summaries in Heat's shape.
        :raises: InvalidParameter
        """
        return self._call(ctxt, 'list_stacks', limit=limit, marker=marker,
                          sort_keys=sort_keys, sort_dir=sort_dir,
                          filters=filters, show_deleted=show_deleted,
                          show_nested=show_nested, show_hidden=show_hidden,
                          global_tenant=global_tenant, tags=tags,
                          tags_any=tags_any, not_tags=not_tags,
                          not_tags_any=not_tags_any)

    def count_stacks(self, ctxt, filters=None, show_deleted=False,
                     show_nested=False, show_hidden=False,
                     global_tenant=False, tags=None, tags_any=None,
                     not_tags=None, not_tags_any=None):
        """:returns: how many stacks list_stacks would list, unpaged.

        :raises: InvalidParameter
        """
        return self._call(ctxt, 'count_stacks', filters=filters,
                          show_deleted=show_deleted, show_nested=show_nested,
                          show_hidden=show_hidden,
                          global_tenant=global_tenant, tags=tags,
                          tags_any=tags_any, not_tags=not_tags,
                          not_tags_any=not_tags_any)

    def identify_stack(self, ctxt, stack_name):
        """:param stack_name: a stack name or id.
        :returns: the stack's identity dict.
        :raises: StackNotFound
        """
        return self._call(ctxt, 'identify_stack', stack_name=stack_name)

    def show_stack(self, ctxt, stack_identity, resolve_outputs=True):
        """:returns: a list with the stack's detail, as Heat's engine."""
        return self._call(ctxt, 'show_stack', stack_identity=stack_identity,
                          resolve_outputs=resolve_outputs)

    def create_stack(self, ctxt, stack_name, template, environment=None,
                     parameters=None, files=None, args=None,
                     environment_files=None, template_url=None):
        """Validate and store a stack, and start creating it.

        :param template: the template, as a dict or its YAML/JSON text.
        :param template_url: where the engine fetches the template from
            when ``template`` is None.
        :param environment: the environment, as a dict or its text.
        :param parameters: parameter values given beside the environment;
            they win over the environment's.
        :param files: a map of file names to contents.
        :param args: timeout_mins, disable_rollback, tags.
        :param environment_files: names in ``files`` of environments to
            merge, in order, before ``environment``.
        :returns: the new stack's identity.
        :raises: StackValidationFailed, StackExists, RequestLimitExceeded
        """
        return self._call(ctxt, 'create_stack', stack_name=stack_name,
                          template=template, environment=environment,
                          parameters=parameters, files=files,
                          args=args or {},
                          environment_files=environment_files,
                          **_url(template_url))

    def delete_stack(self, ctxt, stack_identity):
        """Start deleting the stack; returns once the delete is accepted.

        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'delete_stack',
                          stack_identity=stack_identity)

    def validate_template(self, ctxt, template, environment=None,
                          parameters=None, files=None,
                          environment_files=None, template_url=None):
        """Validate a template without creating anything.

        :param template_url: as for create_stack.
        :returns: Heat's validate body: Description, Parameters (with
            their computed schema), ParameterGroups, Environment.
        :raises: StackValidationFailed, InvalidTemplate
        """
        return self._call(ctxt, 'validate_template', template=template,
                          environment=environment, parameters=parameters,
                          files=files, environment_files=environment_files,
                          **_url(template_url))

    def list_template_versions(self, ctxt):
        """:returns: ``[{'version', 'type', 'aliases'}, ...]``."""
        return self._call(ctxt, 'list_template_versions')

    def list_template_functions(self, ctxt, template_version,
                                with_condition=False):
        """:returns: ``[{'functions', 'description'}, ...]`` (Heat's keys).

        :raises: TemplateVersionNotFound
        """
        return self._call(ctxt, 'list_template_functions',
                          template_version=template_version,
                          with_condition=with_condition)

    def list_resource_types(self, ctxt, support_status=None, type_name=None,
                            heat_version=None, with_description=False):
        """The resource types, sorted by name (hidden ones left out).

        :param support_status: only types with this status (SUPPORTED ...).
        :param type_name: only types whose name matches this regex.
        :param heat_version: only types supported since this version.
        :param with_description: give ``{resource_type, description}``
            dicts instead of names.
        :returns: a list of names, or of dicts with ``with_description``.
        :raises: Invalid for an unknown support status.
        """
        return self._call(ctxt, 'list_resource_types',
                          support_status=support_status,
                          type_name=type_name, heat_version=heat_version,
                          with_description=with_description)

    def list_services(self, ctxt):
        """:returns: every engine's service record with its status."""
        return self._call(ctxt, 'list_services')

    def list_stack_resources(self, ctxt, stack_identity, nested_depth=0,
                             with_detail=False, filters=None):
        """The resources of a stack (and of its nested stacks).

        :param nested_depth: how many levels of nested stacks to include.
        :param with_detail: add description, metadata and attributes.
        :param filters: ``{name|status|action|type|id|physical_resource_id:
            value or [values]}``.
        :returns: a list of resources in Heat's engine shape.
        :raises: StackNotFound, InvalidParameter
        """
        return self._call(ctxt, 'list_stack_resources',
                          stack_identity=stack_identity,
                          nested_depth=nested_depth, with_detail=with_detail,
                          filters=filters)

    def describe_stack_resource(self, ctxt, stack_identity, resource_name,
                                with_attr=None):
        """One resource with its detail.

        :param with_attr: attribute names to resolve besides the schema's;
            False to resolve none.
        :returns: the resource in Heat's engine shape, with description,
            metadata and attributes.
        :raises: StackNotFound, ResourceNotFound
        """
        return self._call(ctxt, 'describe_stack_resource',
                          stack_identity=stack_identity,
                          resource_name=resource_name, with_attr=with_attr)

    def resource_mark_unhealthy(self, ctxt, stack_identity, resource_name,
                                mark_unhealthy,
                                resource_status_reason=None):
        """Set a resource CHECK_FAILED, or back to CHECK_COMPLETE.

        :param mark_unhealthy: True to mark it unhealthy, False to clear
            a CHECK_FAILED.
        :param resource_status_reason: the reason to record.
        :returns: None
        :raises: StackNotFound, ResourceNotFound, ActionInProgress,
            InvalidParameter
        """
        return self._call(ctxt, 'resource_mark_unhealthy',
                          stack_identity=stack_identity,
                          resource_name=resource_name,
                          mark_unhealthy=mark_unhealthy,
                          resource_status_reason=resource_status_reason)

    def list_events(self, ctxt, stack_identity, filters=None, limit=None,
                    marker=None, sort_keys=None, sort_dir=None,
                    nested_depth=None):
        """The events of a stack, its own included.

        :param filters: ``{resource_action|resource_status|resource_name|
            resource_type: value or [values]}``.
        :param marker: the id of the last event of the previous page.
        :param sort_keys: ``event_time`` and/or ``resource_type``.
        :param sort_dir: ``asc`` (the default) or ``desc``.
        :param nested_depth: how many levels of nested stacks to include.
        :returns: a list of event summaries in Heat's engine shape.
        :raises: StackNotFound, InvalidParameter, EntityNotFound (marker)
        """
        return self._call(ctxt, 'list_events', stack_identity=stack_identity,
                          filters=filters, limit=limit, marker=marker,
                          sort_keys=sort_keys, sort_dir=sort_dir,
                          nested_depth=nested_depth)

    def show_event(self, ctxt, stack_identity, resource_name, event_id):
        """One event of a resource, with its detail.

        :returns: the event in Heat's engine shape.
        :raises: StackNotFound, NotFound
        """
        return self._call(ctxt, 'show_event', stack_identity=stack_identity,
                          resource_name=resource_name, event_id=event_id)

    def get_template(self, ctxt, stack_identity):
        """:returns: the stack's template as stored.

        :raises: StackNotFound
        """
        return self._call(ctxt, 'get_template',
                          stack_identity=stack_identity)

    def get_environment(self, ctxt, stack_identity):
        """:returns: the stack's environment (merged, as stored).

        :raises: StackNotFound
        """
        return self._call(ctxt, 'get_environment',
                          stack_identity=stack_identity)

    def get_files(self, ctxt, stack_identity):
        """:returns: the stack's files map.

        :raises: StackNotFound
        """
        return self._call(ctxt, 'get_files', stack_identity=stack_identity)

    def list_outputs(self, ctxt, stack_identity):
        """:returns: ``[{'output_key', 'description'}, ...]`` (unresolved).

        :raises: StackNotFound
        """
        return self._call(ctxt, 'list_outputs',
                          stack_identity=stack_identity)

    def show_output(self, ctxt, stack_identity, output_key):
        """:returns: the output with its ``output_value`` (and
            ``output_error`` when it could not be resolved).

        :raises: StackNotFound, NotFound
        """
        return self._call(ctxt, 'show_output', stack_identity=stack_identity,
                          output_key=output_key)

    def resource_schema(self, ctxt, type_name, with_description=False):
        """:returns: the type's schema: resource_type, properties,
            attributes, support_status (and description).

        :raises: EntityNotFound
        """
        return self._call(ctxt, 'resource_schema', type_name=type_name,
                          with_description=with_description)

    def generate_template(self, ctxt, type_name, template_type='cfn'):
        """:param template_type: ``hot`` or ``cfn``.

        :returns: a template using the type, its properties as parameters
            and its attributes as outputs.
        :raises: EntityNotFound, InvalidParameter
        """
        return self._call(ctxt, 'generate_template', type_name=type_name,
                          template_type=template_type)

    def get_revision(self, ctxt):
        """:returns: the engine's version string (``build_info``)."""
        return self._call(ctxt, 'get_revision')

    def update_stack(self, ctxt, stack_identity, template=None,
                     environment=None, parameters=None, files=None,
                     args=None, environment_files=None, existing=False,
                     clear_parameters=None, template_url=None):
        """Start updating a stack to a new template or environment.

        :param template_url: as for create_stack.
        :param existing: PATCH semantics: keep the current template,
            environment and files where the request leaves them out.
        :param clear_parameters: with ``existing``, parameters to drop
            from the current environment (back to their defaults).
        :returns: the stack's identity.
        :raises: StackNotFound, StackValidationFailed, ActionInProgress
        """
        return self._call(ctxt, 'update_stack',
                          stack_identity=stack_identity, template=template,
                          environment=environment, parameters=parameters,
                          files=files, args=args or {},
                          environment_files=environment_files,
                          existing=existing,
                          clear_parameters=clear_parameters,
                          **_url(template_url))

    def resource_signal(self, ctxt, stack_identity, resource_name,
                        details=None, sync_call=False):
        """Signal a resource (``handle_signal``), as the caller.

        :param details: the JSON the signaller sent, or None.
        :param sync_call: accepted for Heat compatibility; the engine
            always handles the signal before answering.
        :returns: None
        :raises: StackNotFound, ResourceNotFound, Invalid (the resource
            refused the signal)
        """
        return self._call(ctxt, 'resource_signal',
                          stack_identity=stack_identity,
                          resource_name=resource_name, details=details,
                          sync_call=sync_call)

    def signal_with_credential(self, ctxt, stack_id, resource_name,
                               credential, details=None):
        """Signal a resource through its own credential (no Keystone).

        :param credential: ``{'token': X-Auth-Token, 'signature': the
            URL's signature}``, checked by the engine against the secret
            the resource keeps.
        :returns: None
        :raises: Forbidden, StackNotFound, ResourceNotFound, Invalid
        """
        return self._call(ctxt, 'signal_with_credential', stack_id=stack_id,
                          resource_name=resource_name,
                          credential=credential, details=details)

    def list_software_configs(self, ctxt, limit=None, marker=None):
        """:returns: the project's software configs (no config bodies).

        :raises: EntityNotFound for an unknown marker
        """
        return self._call(ctxt, 'list_software_configs', limit=limit,
                          marker=marker)

    def create_software_config(self, ctxt, name, config, group=None,
                               inputs=None, outputs=None, options=None):
        """Store a software config.

        :returns: the config as Heat shows it (id, name, group, config,
            inputs, outputs, options, creation_time).
        """
        return self._call(ctxt, 'create_software_config', name=name,
                          config=config, group=group, inputs=inputs,
                          outputs=outputs, options=options)

    def show_software_config(self, ctxt, config_id):
        """:returns: the config. :raises: EntityNotFound"""
        return self._call(ctxt, 'show_software_config', config_id=config_id)

    def delete_software_config(self, ctxt, config_id):
        """:raises: EntityNotFound"""
        return self._call(ctxt, 'delete_software_config',
                          config_id=config_id)

    def stack_suspend(self, ctxt, stack_identity):
        """Start suspending a stack (dependents first).

        :returns: None
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'stack_suspend',
                          stack_identity=stack_identity)

    def stack_resume(self, ctxt, stack_identity):
        """Start resuming a suspended stack.

        :returns: None
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'stack_resume',
                          stack_identity=stack_identity)

    def stack_check(self, ctxt, stack_identity):
        """Start checking every resource of a stack.

        :returns: None
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'stack_check', stack_identity=stack_identity)

    def stack_cancel_update(self, ctxt, stack_identity,
                            cancel_with_rollback=True):
        """Cancel a stack's running update.

        :param cancel_with_rollback: roll back (True) or leave the stack
            UPDATE_FAILED (False).
        :returns: None
        :raises: StackNotFound, Invalid (no update running)
        """
        return self._call(ctxt, 'stack_cancel_update',
                          stack_identity=stack_identity,
                          cancel_with_rollback=cancel_with_rollback)

    def cancel_running_update(self, ctxt, stack_id, cancel_with_rollback,
                              engine_id):
        """Engine to engine: cancel the update ``engine_id`` runs.

        :param engine_id: the engine holding the stack's lock; the call
            goes to that engine only.
        :returns: True if that engine was running an update of the stack.
        """
        return self._client.prepare(version='1.0', server=engine_id).call(
            ctxt, 'cancel_running_update', stack_id=stack_id,
            cancel_with_rollback=cancel_with_rollback, engine_id=engine_id)

    def abandon_stack(self, ctxt, stack_identity):
        """Forget a stack, keeping its real resources.

        :returns: the stack's abandon data, which adopt takes.
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'abandon_stack',
                          stack_identity=stack_identity)

    def export_stack(self, ctxt, stack_identity):
        """:returns: the stack's data, as abandon gives it.

        :raises: StackNotFound
        """
        return self._call(ctxt, 'export_stack',
                          stack_identity=stack_identity)

    def preview_stack(self, ctxt, stack_name, template, environment=None,
                      parameters=None, files=None, args=None,
                      environment_files=None, template_url=None):
        """What creating a stack would make; nothing is stored.

        :param template_url: as for create_stack.
        :returns: the stack in Heat's preview shape, with ``resources``.
        :raises: StackValidationFailed, InvalidParameter
        """
        return self._call(ctxt, 'preview_stack', stack_name=stack_name,
                          template=template, environment=environment,
                          parameters=parameters, files=files,
                          args=args or {},
                          environment_files=environment_files,
                          **_url(template_url))

    def preview_update_stack(self, ctxt, stack_identity, template=None,
                             environment=None, parameters=None, files=None,
                             args=None, environment_files=None,
                             existing=False, clear_parameters=None,
                             show_nested=False, template_url=None):
        """What an update would change; nothing is stored.

        :param template_url: as for create_stack.
        :param existing: PATCH semantics, as for update_stack.
        :returns: ``{added, deleted, replaced, unchanged, updated}``.
        :raises: StackNotFound, StackValidationFailed, Invalid
        """
        return self._call(ctxt, 'preview_update_stack',
                          stack_identity=stack_identity, template=template,
                          environment=environment, parameters=parameters,
                          files=files, args=args or {},
                          environment_files=environment_files,
                          existing=existing,
                          clear_parameters=clear_parameters,
                          show_nested=show_nested, **_url(template_url))

    def stack_snapshot(self, ctxt, stack_identity, name=None):
        """Start a snapshot of a stack.

        :returns: the snapshot (id, name, status, status_reason, data,
            creation_time), IN_PROGRESS.
        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'stack_snapshot',
                          stack_identity=stack_identity, name=name)

    def stack_list_snapshots(self, ctxt, stack_identity):
        """:returns: the stack's snapshots, oldest first.

        :raises: StackNotFound
        """
        return self._call(ctxt, 'stack_list_snapshots',
                          stack_identity=stack_identity)

    def show_snapshot(self, ctxt, stack_identity, snapshot_id):
        """:returns: one snapshot of the stack, with its data.

        :raises: StackNotFound, EntityNotFound
        """
        return self._call(ctxt, 'show_snapshot',
                          stack_identity=stack_identity,
                          snapshot_id=snapshot_id)

    def delete_snapshot(self, ctxt, stack_identity, snapshot_id):
        """Delete a snapshot of the stack.

        :returns: None
        :raises: StackNotFound, EntityNotFound, Invalid (in progress)
        """
        return self._call(ctxt, 'delete_snapshot',
                          stack_identity=stack_identity,
                          snapshot_id=snapshot_id)

    def stack_restore(self, ctxt, stack_identity, snapshot_id):
        """Start restoring the stack to a snapshot.

        :returns: None
        :raises: StackNotFound, EntityNotFound, ActionInProgress, Invalid
        """
        return self._call(ctxt, 'stack_restore',
                          stack_identity=stack_identity,
                          snapshot_id=snapshot_id)

    def list_software_deployments(self, ctxt, server_id=None):
        """:param server_id: only the deployments to this server.

        :returns: the deployments the caller's project may see.
        """
        return self._call(ctxt, 'list_software_deployments',
                          server_id=server_id)

    def metadata_software_deployments(self, ctxt, server_id):
        """:returns: the configs deployed to the server, sorted by name,
            each with the deployment's input values in its inputs.
        """
        return self._call(ctxt, 'metadata_software_deployments',
                          server_id=server_id)

    def show_software_deployment(self, ctxt, deployment_id):
        """:returns: the deployment. :raises: EntityNotFound"""
        return self._call(ctxt, 'show_software_deployment',
                          deployment_id=deployment_id)

    def create_software_deployment(self, ctxt, server_id, config_id,
                                   input_values=None, action=None,
                                   status=None, status_reason=None,
                                   stack_user_project_id=None,
                                   deployment_id=None):
        """Deploy a stored software config to a server.

        :param action: the stack action it is for (INIT by default).
        :param status: its status (COMPLETE by default).
        :param deployment_id: the id to give it; a new one by default.
        :returns: the deployment.
        :raises: EntityNotFound when the config is not found
        """
        return self._call(ctxt, 'create_software_deployment',
                          server_id=server_id, config_id=config_id,
                          input_values=input_values, action=action,
                          status=status, status_reason=status_reason,
                          stack_user_project_id=stack_user_project_id,
                          deployment_id=deployment_id)

    def update_software_deployment(self, ctxt, deployment_id,
                                   config_id=None, input_values=None,
                                   output_values=None, action=None,
                                   status=None, status_reason=None):
        """Change what is given of a deployment; None keeps a value.

        :returns: the deployment.
        :raises: EntityNotFound for the deployment or the new config
        """
        return self._call(ctxt, 'update_software_deployment',
                          deployment_id=deployment_id, config_id=config_id,
                          input_values=input_values,
                          output_values=output_values, action=action,
                          status=status, status_reason=status_reason)

    def delete_software_deployment(self, ctxt, deployment_id):
        """:raises: EntityNotFound"""
        return self._call(ctxt, 'delete_software_deployment',
                          deployment_id=deployment_id)


def _url(template_url):
    """The ``template_url`` argument, when there is one to send."""
    return {'template_url': template_url} if template_url else {}
