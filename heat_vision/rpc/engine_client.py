"""The versioned RPC client of heat-vision-engine.

API version history:

* 1.0 - Initial version: list_stacks, count_stacks, identify_stack,
  show_stack, create_stack, delete_stack, validate_template,
  list_template_versions, list_template_functions, list_resource_types,
  list_services.
"""

from oslo_config import cfg
import oslo_messaging as messaging

from heat_vision.rpc import transport

CONF = cfg.CONF


class EngineClient:
    """Client side of the engine RPC API."""

    BASE_RPC_API_VERSION = '1.0'
    RPC_API_VERSION = '1.0'

    def __init__(self, topic=None):
        target = messaging.Target(
            topic=topic or CONF.rpc.engine_topic,
            version=self.BASE_RPC_API_VERSION)
        self._client = transport.get_rpc_client(
            target, version_cap=CONF.rpc.engine_version_cap)

    def can_send_version(self, version):
        return self._client.can_send_version(version)

    def _call(self, ctxt, method, version='1.0', **kwargs):
        return self._client.prepare(version=version).call(
            ctxt, method, **kwargs)

    def _cast(self, ctxt, method, version='1.0', **kwargs):
        self._client.prepare(version=version).cast(ctxt, method, **kwargs)

    def list_stacks(self, ctxt, limit=None, marker=None, sort_keys=None,
                    sort_dir=None, filters=None, show_deleted=False):
        """:returns: a list of stack summaries in Heat's shape."""
        return self._call(ctxt, 'list_stacks', limit=limit, marker=marker,
                          sort_keys=sort_keys, sort_dir=sort_dir,
                          filters=filters, show_deleted=show_deleted)

    def count_stacks(self, ctxt, filters=None, show_deleted=False):
        """:returns: how many stacks match the filters."""
        return self._call(ctxt, 'count_stacks', filters=filters,
                          show_deleted=show_deleted)

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
                     environment_files=None):
        """Validate and store a stack, and start creating it.

        :param template: the template, as a dict or its YAML/JSON text.
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
                          environment_files=environment_files)

    def delete_stack(self, ctxt, stack_identity):
        """Start deleting the stack; returns once the delete is accepted.

        :raises: StackNotFound, ActionInProgress
        """
        return self._call(ctxt, 'delete_stack',
                          stack_identity=stack_identity)

    def validate_template(self, ctxt, template, environment=None,
                          parameters=None, files=None,
                          environment_files=None):
        """Validate a template without creating anything.

        :returns: Heat's validate body: Description, Parameters (with
            their computed schema), ParameterGroups, Environment.
        :raises: StackValidationFailed, InvalidTemplate
        """
        return self._call(ctxt, 'validate_template', template=template,
                          environment=environment, parameters=parameters,
                          files=files, environment_files=environment_files)

    def list_template_versions(self, ctxt):
        """:returns: ``[{'version', 'type', 'aliases'}, ...]``."""
        return self._call(ctxt, 'list_template_versions')

    def list_template_functions(self, ctxt, template_version,
                                with_condition=False):
        """:returns: ``[{'functionname', 'description'}, ...]``.

        :raises: TemplateVersionNotFound
        """
        return self._call(ctxt, 'list_template_functions',
                          template_version=template_version,
                          with_condition=with_condition)

    def list_resource_types(self, ctxt):
        """:returns: the sorted names of every resource type."""
        return self._call(ctxt, 'list_resource_types')

    def list_services(self, ctxt):
        """:returns: every engine's service record with its status."""
        return self._call(ctxt, 'list_services')
