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

"""OS::Heat::SoftwareDeployment: a software config applied to a server.

As Heat's heat/engine/resources/openstack/heat/software_deployment.py:
whenever the resource goes IN_PROGRESS for one of its ``actions``, it
stores a derived config (the config with the input values and the
``deploy_*`` inputs, ``deployment_io``) and points its deployment (whose
id is the physical id) at it. The server's agent finds the derived
config in the server's metadata (``deployments``), applies it and
signals the outputs back; the resource stays IN_PROGRESS until then,
unless ``signal_transport`` is NO_SIGNAL. The outputs are its
attributes (``deploy_stdout``, ``deploy_stderr``, ``deploy_status_code``
and the config's own outputs).

Signal transports: CFN_SIGNAL (a POST to a signed URL, no Keystone
user needed), HEAT_SIGNAL (the resource signal API), TEMP_URL_SIGNAL (a
PUT to a Swift temporary URL, read back by the checks:
``deployment_swift``), ZAQAR_SIGNAL (a message on a Zaqar queue of the
deployment's stack-domain user, ``deployment_signal_user``) and
NO_SIGNAL. HEAT_SIGNAL and ZAQAR_SIGNAL give the server the
deployment's own user when a stack-user domain is configured;
ZAQAR_SIGNAL is refused at validation without one.
"""

from oslo_config import cfg
from oslo_utils import uuidutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signing
from heat_vision.common import stack_users
from heat_vision.resources import base
from heat_vision.resources.heat import deployment_io as io
from heat_vision.resources.heat import deployment_signal_user as signal_user
from heat_vision.resources.heat import deployment_swift
from heat_vision.template import attributes
from heat_vision.template import constraints

CONF = cfg.CONF
Schema = constraints.Schema
ACTIONS = (CREATE, UPDATE, DELETE, SUSPEND, RESUME) = (
    'CREATE', 'UPDATE', 'DELETE', 'SUSPEND', 'RESUME')
TRANSPORTS = (CFN_SIGNAL, TEMP_URL_SIGNAL, HEAT_SIGNAL, NO_SIGNAL,
              ZAQAR_SIGNAL) = (
    'CFN_SIGNAL', 'TEMP_URL_SIGNAL', 'HEAT_SIGNAL', 'NO_SIGNAL',
    'ZAQAR_SIGNAL')
#: The transports heat-vision cannot offer, and the service each needs.
UNAVAILABLE = {ZAQAR_SIGNAL: 'Zaqar (messaging)'}


class ConfigNotFound(exception.Invalid):
    """The deployment's config is not (or no longer) there."""


class DeploymentFailed(exception.HeatVisionException):
    msg_fmt = _('Deployment to server failed: %(reason)s')


class SoftwareDeployment(base.Resource):
    """Deploys ``config`` to ``server`` and waits for the server's signal.
    """

    PROPERTIES = (CONFIG, SERVER, INPUT_VALUES, DEPLOY_ACTIONS, NAME,
                  SIGNAL_TRANSPORT) = (
        'config', 'server', 'input_values', 'actions', 'name',
        'signal_transport')
    ATTRIBUTES = (STDOUT, STDERR, STATUS_CODE) = io.OUTPUTS
    SHOW = 'show'

    properties_schema = {
        CONFIG: Schema(
            Schema.STRING,
            _('ID of software configuration resource to execute when '
              'applying to the server.'), update_allowed=True,
            constraints=[constraints.Length(max=36),
                         constraints.CustomConstraint(
                             'heat.software_config')]),
        SERVER: Schema(
            Schema.STRING,
            _('ID of resource to apply configuration to. Normally this '
              'should be a Nova server ID.'), required=True,
            constraints=[constraints.Length(min=1, max=255)]),
        INPUT_VALUES: Schema(
            Schema.MAP,
            _('Input values to apply to the software configuration on '
              'this server.'), update_allowed=True),
        DEPLOY_ACTIONS: Schema(
            Schema.LIST,
            _('Which lifecycle actions of the deployment resource will '
              'result in this deployment being triggered.'),
            update_allowed=True, default=[CREATE, UPDATE],
            constraints=[constraints.AllowedValues(ACTIONS)]),
        NAME: Schema(
            Schema.STRING,
            _('Name of the derived config associated with this '
              'deployment. This is used to apply a sort order to the list '
              'of configurations currently deployed to a server.'),
            update_allowed=True, constraints=[constraints.Length(max=255)]),
        SIGNAL_TRANSPORT: Schema(
            Schema.STRING,
            _('How the server should signal to heat with the deployment '
              'output values. CFN_SIGNAL: an HTTP POST to a signed URL '
              '(deploy_signal_id). HEAT_SIGNAL: the resource signal API, '
              'with the deployment\'s stack-domain user (when a stack-user '
              'domain is configured). NO_SIGNAL: the '
              'resource goes COMPLETE without waiting for any signal. '
              'TEMP_URL_SIGNAL: an HTTP PUT to a Swift TempURL '
              '(deploy_signal_id). ZAQAR_SIGNAL: a message on the Zaqar '
              'queue deploy_queue_id of the deployment\'s stack-domain '
              'user (needs a stack-user domain).'),
            default=CFN_SIGNAL,
            constraints=[constraints.AllowedValues(TRANSPORTS)]),
    }
    attributes_schema = {
        STDOUT: attributes.Schema(
            _('Captured stdout from the configuration execution.'),
            type=attributes.Schema.STRING),
        STDERR: attributes.Schema(
            _('Captured stderr from the configuration execution.'),
            type=attributes.Schema.STRING),
        STATUS_CODE: attributes.Schema(
            _('Returned status code from the configuration execution.'),
            type=attributes.Schema.STRING),
        SHOW: attributes.Schema(
            _('Detailed information about the resource: its software '
              'deployment, as the software_deployments API shows it.'),
            type=attributes.Schema.MAP),
    }
    # Any output the config declares is an attribute too.
    dynamic_attributes = True
    # The server signals during every action it is deployed for,
    # suspend and delete included (Heat's no_signal_actions = ()).
    no_signal_actions = ()
    #: The token of a create whose deployment is yet to be made.
    DEPLOY = 'deploy'

    @classmethod
    def validate_properties(cls, properties, path):
        if stack_users.configured():
            return
        io.refuse_unavailable(properties, path, cls.SIGNAL_TRANSPORT,
                              UNAVAILABLE, (CFN_SIGNAL, HEAT_SIGNAL,
                                            TEMP_URL_SIGNAL, NO_SIGNAL))

    @classmethod
    def validate_in_stack(cls, properties, path, stack):
        """A server of the stack given by ``get_resource`` must take
        software configs (Heat's ``validate``: its ``user_data_format``,
        when it has one, must be SOFTWARE_CONFIG).
        """
        server = stack.referenced(path[1], cls.SERVER)
        if server is None:
            return
        server_properties = stack.properties(server)
        try:
            user_data_format = (server_properties or {}).get(
                'user_data_format')
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        if user_data_format and user_data_format != 'SOFTWARE_CONFIG':
            raise exception.StackValidationFailed(
                _("Resource %s's property user_data_format should be set "
                  "to SOFTWARE_CONFIG since there are software deployments "
                  "on it.") % server, path=list(path) + [cls.SERVER])

    # Create ------------------------------------------------------------

    def handle_create(self):
        """Take the physical id (and the signal secret) first: they are
        stored before the deployment exists, so the server may signal
        as soon as it can read it.
        """
        self.resource_id = uuidutils.generate_uuid()
        if self._transport() == CFN_SIGNAL:
            self.data[signing.SECRET_KEY] = signing.new_secret()
        elif (self._transport() in (HEAT_SIGNAL, ZAQAR_SIGNAL) and
                stack_users.configured()):
            signal_user.create(self, self._transport() == ZAQAR_SIGNAL)
        return {self.DEPLOY: True}

    def resume_token(self, action):
        """A create taken over: deploy unless the dead engine had."""
        if self.stack.software_deployment(self.resource_id) is None:
            return {self.DEPLOY: True}
        return {}

    def check_create_complete(self, token):
        # The first check deploys (once: the token forgets it); nothing to
        # wait for when not deployed for CREATE, or with NO_SIGNAL.
        if token.pop(self.DEPLOY, False) and self._deploy(CREATE) is None:
            return True
        return self._check_complete()

    # Update, suspend, resume -------------------------------------------

    def handle_update(self, new_properties, changed):
        old = self._deployment()
        old_inputs = []
        if old is not None:
            config = self.stack.software_config(old['config_id']) or {}
            old_inputs = config.get('inputs') or []
        self.properties = new_properties
        source = self._load_config()
        replaced = io.replaced_by(old_inputs,
                                  self._derived_inputs(UPDATE, source))
        if replaced:
            raise exception.UpdateReplace(name=self.name)
        return self._deploy(UPDATE, source)

    def check_update_complete(self, token):
        return not token or self._check_complete()

    def handle_suspend(self):
        return self._deploy(SUSPEND)

    def check_suspend_complete(self, token):
        return not token or self._check_complete()

    def handle_resume(self):
        return self._deploy(RESUME)

    def check_resume_complete(self, token):
        return not token or self._check_complete()

    # Delete ------------------------------------------------------------

    def handle_delete(self):
        if self.resource_id is None or self._deployment() is None:
            return None
        try:
            return self._deploy(DELETE)
        except ConfigNotFound:
            # Its config went first: nothing to deploy, as Heat (which
            # ignores the NotFound) deletes it at once.
            return None

    def check_delete_complete(self, token):
        if token and not self._check_complete():
            return False
        if self.resource_id is not None:
            deployment = self._deployment()
            if deployment is not None:
                self.stack.delete_software_deployment(self.resource_id)
                self.stack.delete_software_config(deployment['config_id'],
                                                  at_once=True)
        if not deployment_swift.delete(self.stack, self.data):
            return False
        signal_user.delete(self)
        return True

    # Signals -----------------------------------------------------------

    def handle_signal(self, details=None):
        """Take the outputs the server sends (Heat's
        ``signal_software_deployment``); they are stored once the
        signal is (``after_signal``).

        :returns: the event's reason.
        """
        deployment = self._deployment()
        if deployment is None:
            raise exception.Invalid(
                reason=_('The deployment of %s is not there to signal')
                % self.name)
        if deployment['status'] != io.IN_PROGRESS:
            self._outcome = None
            return ('deployment %s is %s: signal ignored' %
                    (self.resource_id, deployment['status']))
        config = self.stack.software_config(deployment['config_id']) or {}
        self._outcome, reason = io.outcome(
            self.resource_id, config.get('outputs'), details,
            deployment['output_values'])
        return reason

    def after_signal(self):
        outcome = getattr(self, '_outcome', None)
        if outcome is None:
            return None
        done = self.stack.update_software_deployment(
            self.resource_id, outcome, only_if_status=io.IN_PROGRESS)
        if done is None:
            return 'ignored: the deployment was no longer in progress'
        return None

    # Attributes --------------------------------------------------------

    def get_attribute(self, name, *path):
        """The deployment's output values (None until signalled)."""
        deployment = self._deployment() if self.resource_id else None
        if name == self.SHOW:
            return io.select(deployment, path)
        return io.select(
            ((deployment or {}).get('output_values') or {}).get(name), path)

    # Helpers -------------------------------------------------------------

    def _transport(self):
        return self.properties[self.SIGNAL_TRANSPORT]

    def _deployment(self):
        return self.stack.software_deployment(self.resource_id)

    def _check_complete(self):
        deployment = self._deployment()
        if deployment is None:
            raise DeploymentFailed(reason=_('the deployment is gone'))
        if deployment['status'] == io.IN_PROGRESS:
            if self._transport() == TEMP_URL_SIGNAL:
                deployment = self._swift_signal(deployment) or deployment
            elif self._transport() == ZAQAR_SIGNAL:
                deployment = self._zaqar_signal(deployment) or deployment
        if deployment['status'] == io.COMPLETE:
            return True
        if deployment['status'] == io.FAILED:
            raise DeploymentFailed(reason=deployment['status_reason'])
        return False

    def _swift_signal(self, deployment):
        """The deployment once the signal PUT to its Swift object (if
        any) is taken, as Heat's ``_refresh_swift_software_deployment``
        takes it; a body that is no signal fails the deployment.
        """
        try:
            signal = deployment_swift.read(self.stack, self.data)
        except deployment_swift.SignalUnreadable as error:
            values = {'status': io.FAILED, 'status_reason': str(error)}
        else:
            if signal is None:
                return None
            values = self._signal_values(deployment, signal)
        return self.stack.update_software_deployment(
            self.resource_id, values, only_if_status=io.IN_PROGRESS)

    def _zaqar_signal(self, deployment):
        """The deployment once the first message of its queue (if any)
        is taken, as Heat's ``_refresh_zaqar_software_deployment``.
        """
        signal = signal_user.pop_signal(self)
        if signal is None:
            return None
        if not isinstance(signal, dict):
            values = {'status': io.FAILED, 'status_reason': _(
                'the signal on the Zaqar queue is not a JSON object')}
        else:
            values = self._signal_values(deployment, signal)
        return self.stack.update_software_deployment(
            self.resource_id, values, only_if_status=io.IN_PROGRESS)

    def _signal_values(self, deployment, signal):
        config = self.stack.software_config(deployment['config_id']) or {}
        values, _reason = io.outcome(
            self.resource_id, config.get('outputs'), signal,
            deployment['output_values'])
        return values

    def _load_config(self):
        config_id = self.properties.get(self.CONFIG)
        if not config_id:
            return {}
        config = self.stack.software_config(config_id)
        if config is None:
            raise ConfigNotFound(
                reason=_('resources.%(name)s.properties.config: software '
                         'config %(id)s not found') % {
                             'name': self.name, 'id': config_id})
        return config

    def _runs_on(self, action, source):
        if source.get('group') == 'component':
            return any(action in (item.get('actions') or ()) for item in
                       (source.get('config') or {}).get('configs') or ())
        return action in self.properties[self.DEPLOY_ACTIONS]

    def _deploy(self, action, source=None):
        """Point the deployment at a new derived config for ``action``.

        :returns: the deployment when the server is to signal it, else
            None (not deployed for this action, or NO_SIGNAL).
        """
        if source is None:
            source = self._load_config()
        if not self._runs_on(action, source):
            return None
        derived = self.stack.create_software_config(
            at_once=True, **self._derived_config(action, source))
        values = {'config_id': derived['id'], 'action': action,
                  'input_values': self.properties[self.INPUT_VALUES] or {}}
        if self._transport() == NO_SIGNAL:
            values.update(status=io.COMPLETE,
                          status_reason=_('Not waiting for outputs signal'))
        else:
            values.update(status=io.IN_PROGRESS,
                          status_reason=_('Deploy data available'))
        previous = self._deployment()
        if self._transport() == TEMP_URL_SIGNAL and previous is not None:
            deployment_swift.reset(self.stack, self.data)
        if previous is None:
            deployment = self.stack.create_software_deployment(
                self.resource_id, self.properties[self.SERVER], **values)
        else:
            deployment = self.stack.update_software_deployment(
                self.resource_id, values)
            self.stack.delete_software_config(previous['config_id'],
                                              at_once=True)
        return None if self._transport() == NO_SIGNAL else deployment

    def _derived_config(self, action, source):
        inputs = self._derived_inputs(action, source)
        return {
            'name': (self.properties.get(self.NAME) or source.get('name') or
                     self.physical_resource_name()),
            'config': self.derived_config_text(action, source, inputs),
            'group': source.get('group') or 'Heat::Ungrouped',
            'inputs': inputs,
            'outputs': source.get('outputs') or [],
            'options': source.get('options') or {}}

    def derived_config_text(self, action, source, inputs):
        """:returns: the ``config`` of the derived config."""
        config = source.get('config')
        return config if config is not None else ''

    def _derived_inputs(self, action, source):
        inputs = io.value_inputs(source.get('inputs'),
                                 self.properties[self.INPUT_VALUES])
        add = io.derived_input
        inputs += [
            add('deploy_server_id', self.properties[self.SERVER],
                _('ID of the server being deployed to')),
            add('deploy_action', action,
                _('Name of the current action being deployed')),
            add('deploy_stack_id', '%s/%s' % (self.stack.name,
                                              self.stack.id),
                _('ID of the stack this deployment belongs to')),
            add('deploy_resource_name', self.name,
                _('Name of this deployment resource in the stack')),
            add('deploy_signal_transport', self._transport(),
                _('How the server should signal to heat with the '
                  'deployment output values.'))]
        if self._transport() == CFN_SIGNAL:
            inputs += [
                add('deploy_signal_id', signing.signal_url(
                    self.stack.id, self.name,
                    self.data.get(signing.SECRET_KEY)),
                    _('ID of signal to use for signaling output values')),
                add('deploy_signal_verb', 'POST',
                    _('HTTP verb to use for signaling output values'))]
        elif self._transport() == TEMP_URL_SIGNAL:
            inputs += [
                add('deploy_signal_id', deployment_swift.signal_url(
                    self.stack, self.data, self.physical_resource_name()),
                    _('ID of signal to use for signaling output values')),
                add('deploy_signal_verb', 'PUT',
                    _('HTTP verb to use for signaling output values'))]
        elif self.data.get('user_id'):
            inputs += signal_user.inputs(self, add)
        elif self._transport() == HEAT_SIGNAL:
            # NOTE(heat-vision): without a stack-user domain there is no
            # user to give: the agent signals with credentials of its own.
            inputs += [
                add('deploy_auth_url', CONF.clients.auth_url,
                    _('URL for API authentication')),
                add('deploy_project_id', self.context.project_id,
                    _('ID of project for API authentication'))]
        return inputs
