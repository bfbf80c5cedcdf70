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

"""OS::HeatVision::CEP: alarms go to the user's complex event processor.

An alarm whose action is the CEP's ``alarm_url`` (Aodh's HTTP action, or
heat-vision's monitoring listener relaying a transition as a signal), or
that the CEP's ``alarms`` property binds by id (an Aodh alarm's, a
built-in alarm's), reaches ``handle_signal`` with the alarm transition;
the listener then signals the CEP instead of the policies the alarm's
actions name. The CEP resource
does not act on it: it starts a task-system job (``cep.dispatch``) that
POSTs an HMAC-signed description of the alarm, the stack, the granted
groups and the recent history, with a pre-signed URL for each granted
action, to the user's service. The service decides and calls those URLs
back; that is where rate control and planning live.
"""

import re

from oslo_config import cfg
from oslo_utils import timeutils

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import signing
from heat_vision.common import url_guard
from heat_vision.resources import base
from heat_vision.resources import signal_urls
from heat_vision.resources.vision import cep_grants
from heat_vision.template import attributes
from heat_vision.template import constraints

CONF = cfg.CONF
Schema = constraints.Schema

#: Where the shared secret of the HMAC signatures is kept (never shown
#: in events or logs).
SHARED_SECRET_KEY = 'cep_shared_secret'
HISTORY_KEY = 'cep_history'
#: The keys of an alarm transition kept (Aodh's notifier payload, plus
#: heat-vision's ``source`` and ``timestamp``).
TRANSITION_KEYS = ('alarm_id', 'alarm_name', 'severity', 'previous',
                   'current', 'reason', 'reason_data', 'source',
                   'timestamp')
MAX_TEXT = 1024
_JOB_NAME = re.compile(r'[^A-Za-z0-9_.\-]')


def transition_of(details):
    """The alarm transition a signal carries, with bounded text.

    :raises: Invalid if the signal is not an alarm transition.
    """
    if not isinstance(details, dict) or not isinstance(
            details.get('current'), str):
        raise exception.Invalid(reason=_(
            'A CEP takes alarm transitions: a JSON object with at least '
            '"current" (the alarm state)'))
    transition = {}
    for key in TRANSITION_KEYS:
        value = details.get(key)
        if isinstance(value, str):
            transition[key] = value[:MAX_TEXT]
        elif key == 'reason_data' and isinstance(value, dict):
            transition[key] = value
    return transition


class CEP(base.Resource):
    """Dispatches alarm transitions to a user's CEP service over HTTP."""

    PROPERTIES = (URL, SHARED_SECRET, ALARMS, POLICIES, JOBS, STACKS) = (
        'url', 'shared_secret', 'alarms', 'policies', 'jobs', 'stacks')
    STACK_KEYS = (STACK_NAME, TEMPLATE, PARAMETERS) = (
        'name', 'template', 'parameters')
    ATTRIBUTES = (ALARM_URL, SIGNAL_URL, SHARED_SECRET_ATTR) = (
        'alarm_url', 'signal_url', 'shared_secret')

    properties_schema = {
        URL: Schema(
            Schema.STRING,
            _('The URL of the user\'s CEP service (http or https); it must '
              'be on a network [cep] allowed_networks or [url_fetch] '
              'allows.'), required=True, update_allowed=True,
            constraints=[constraints.Length(max=url_guard.MAX_URL_LENGTH)]),
        SHARED_SECRET: Schema(
            Schema.STRING,
            _('The secret of the HMAC signature of each dispatch; one is '
              'generated when none is given (the shared_secret '
              'attribute).'), update_allowed=True,
            constraints=[constraints.Length(min=16, max=256)]),
        ALARMS: Schema(
            Schema.LIST,
            _('Ids of the alarms whose transitions on the message queue '
              'this CEP receives (an Aodh alarm id, or get_resource of an '
              'OS::Aodh::Alarm or OS::HeatVision::Alarm). A transition of '
              'a bound alarm is dispatched to the CEP, not to the '
              'policies its alarm_actions name. Rebound on update, '
              'unbound on delete.'),
            default=[], update_allowed=True,
            schema=Schema(Schema.STRING, _('An alarm id.'),
                          constraints=[constraints.Length(min=1,
                                                          max=255)])),
        POLICIES: Schema(
            Schema.LIST,
            _('The OS::Heat::ScalingPolicy resources of this stack the CEP '
              'may signal (names or references).'),
            default=[], update_allowed=True,
            schema=Schema(Schema.STRING, _('A scaling policy.'),
                          constraints=[constraints.Length(min=1,
                                                          max=255)])),
        JOBS: Schema(
            Schema.LIST,
            _('Task-system job documents the CEP may start, by their '
              'name.'), default=[], update_allowed=True,
            schema=Schema(Schema.MAP, _('A job document.'))),
        STACKS: Schema(
            Schema.LIST,
            _('Stacks the CEP may create or update, each from its '
              'template.'), default=[], update_allowed=True,
            schema=Schema(Schema.MAP, _('A stack the CEP may apply.'),
                          schema={
                STACK_NAME: Schema(
                    Schema.STRING, _('The stack\'s name.'), required=True,
                    constraints=[constraints.AllowedPattern(
                        r'^[a-zA-Z][a-zA-Z0-9_.\-]{0,99}$')]),
                TEMPLATE: Schema(
                    Schema.STRING,
                    _('The stack\'s template, as YAML or JSON text (its '
                      'functions are the stack\'s, not this one\'s).'),
                    required=True),
                PARAMETERS: Schema(
                    Schema.MAP, _('Parameters; the CEP\'s own (in its '
                                  'call) take precedence.')),
            })),
    }
    attributes_schema = {
        ALARM_URL: attributes.Schema(
            _('A signed URL for alarm actions: POST an alarm transition '
              'to it (no Keystone credential needed).'),
            type=attributes.Schema.STRING),
        SIGNAL_URL: attributes.Schema(
            _('The resource signal API URL of the CEP (needs a Keystone '
              'token).'), type=attributes.Schema.STRING),
        SHARED_SECRET_ATTR: attributes.Schema(
            _('The HMAC secret of the dispatches, for the CEP service\'s '
              'configuration (sensitive).'), type=attributes.Schema.STRING),
    }

    creates_external = False
    #: The job document a signal asked for, started by after_signal.
    _pending = None

    @classmethod
    def validate_properties(cls, properties, path):
        """The URL passes the guard; the grants are bounded and valid."""
        for key, check in ((cls.URL, cls._check_url),
                           (cls.ALARMS, cls._check_names),
                           (cls.POLICIES, cls._check_names),
                           (cls.JOBS, cep_grants.normalise_jobs),
                           (cls.STACKS, cep_grants.stack_grants)):
            try:
                value = properties[key]
            except (exception.UnresolvedReference,
                    exception.UserParameterMissing):
                continue
            check(value, path + [key])

    @staticmethod
    def _check_url(url, path):
        try:
            url_guard.check(url, CONF.cep.allowed_networks)
        except exception.URLRefused as exc:
            raise exception.StackValidationFailed(exc.reason, path=path)

    @staticmethod
    def _check_names(names, path):
        cep_grants.check_count(names, path)
        cep_grants.check_unique(names, path)

    # Life cycle -----------------------------------------------------------

    def handle_create(self):
        self.validate_properties(self.properties,
                                 ['resources', self.name, 'properties'])
        self.resource_id = self.physical_resource_name()
        self.data[signing.SECRET_KEY] = signing.new_secret()
        self.data[SHARED_SECRET_KEY] = (self.properties[self.SHARED_SECRET]
                                        or signing.new_secret())
        self._bind(self.properties[self.ALARMS])

    def handle_update(self, new_properties, changed):
        self.validate_properties(new_properties,
                                 ['resources', self.name, 'properties'])
        self.properties = new_properties
        if self.SHARED_SECRET in changed:
            self.data[SHARED_SECRET_KEY] = (
                new_properties[self.SHARED_SECRET] or signing.new_secret())
        if self.ALARMS in changed:
            self.stack.unbind_alarm(self.name)
            self._bind(new_properties[self.ALARMS])

    def handle_delete(self):
        self.stack.unbind_alarm(self.name)

    def _bind(self, alarm_ids):
        for alarm_id in alarm_ids or []:
            self.stack.check_alarm_visible(alarm_id)
        for alarm_id in alarm_ids or []:
            self.stack.bind_alarm(self.name, alarm_id)

    # Signals ---------------------------------------------------------------

    def handle_signal(self, details=None):
        """Record the transition; ``after_signal`` starts the job that
        dispatches it to the CEP.

        :returns: the event's reason (the alarm).
        """
        transition = transition_of(details)
        transition.setdefault('timestamp', _now())
        self._remember({'kind': 'alarm', 'at': transition['timestamp'],
                        'alarm_name': transition.get('alarm_name'),
                        'previous': transition.get('previous'),
                        'current': transition['current']})
        self._pending = {
            'name': 'cep-dispatch-%s' % _job_part(self.name),
            'description': 'Dispatch alarm %s to CEP %s' % (
                transition.get('alarm_name') or '', self.name),
            'tasks': [{'name': 'dispatch', 'action': 'cep.dispatch',
                       'input': {'stack_id': self.stack.id,
                                 'resource': self.name,
                                 'transition': transition}}]}
        return _('alarm %(alarm)s is %(state)s') % {
            'alarm': transition.get('alarm_name') or '-',
            'state': transition['current']}

    def signed_action_grant(self, action):
        """A granted policy's URL goes to the policy; a job's or a
        stack's to this resource. Checked when the URL is used.
        """
        kind, name = cep_grants.parse_action(action) or (None, None)
        if kind == cep_grants.POLICY:
            policy = self._policy_plugins().get(name)
            if policy is None:
                return None
            return name, cep_grants.once(
                kind, policy.describe().get('adjustment_type'))
        if (kind == cep_grants.JOB and name in self._jobs()) or (
                kind == cep_grants.STACK and name in self._stacks()):
            return self.name, cep_grants.once(kind)
        return None

    def handle_signed_action(self, action, details=None):
        """Start a granted job, or create or update a granted stack.

        :raises: Forbidden for an action not granted (or no longer).
        """
        kind, name = cep_grants.parse_action(action) or (None, None)
        document = None
        if kind == cep_grants.JOB:
            document = self._jobs().get(name)
        elif kind == cep_grants.STACK and name in self._stacks():
            parameters = (details or {}).get('parameters') if isinstance(
                details, dict) else None
            if parameters is not None and not isinstance(parameters, dict):
                raise exception.Invalid(
                    reason=_('parameters: must be a JSON object'))
            document = cep_grants.stack_job(
                _job_part(self.name), self._stacks()[name], parameters)
        if document is None:
            raise exception.Forbidden(
                _('The CEP %(cep)s is not granted the action %(action)s.')
                % {'cep': self.name, 'action': str(action)[:100]})
        self._pending = document
        self._remember({'kind': 'action', 'at': _now(), 'action': action})
        return _('CEP action %s') % action

    def after_signal(self):
        """Start the job the signal asked for, once it is recorded."""
        document, self._pending = self._pending, None
        if document is None:
            return None
        job = self.stack.start_job(document)
        return _('started job %s') % job['id']

    def _remember(self, entry):
        history = list(self.data.get(HISTORY_KEY) or [])
        history.append(entry)
        self.data[HISTORY_KEY] = history[-CONF.cep.max_history:] if \
            CONF.cep.max_history else []

    # What a dispatch sends ------------------------------------------------

    def _jobs(self):
        return cep_grants.normalise_jobs(self.properties[self.JOBS],
                                         [self.JOBS])

    def _stacks(self):
        return cep_grants.stack_grants(self.properties[self.STACKS],
                                       [self.STACKS])

    def _policy_plugins(self):
        """``{name: plugin}`` of the granted policies found in the stack."""
        found = {}
        names = self.stack.resource_names()
        for wanted in self.properties[self.POLICIES]:
            for name in names:
                if name == wanted or \
                        self.stack.get_reference_id(name) == wanted:
                    plugin = self.stack.plugin(name)
                    if callable(getattr(plugin, 'group', None)):
                        found[name] = plugin
                    break
        return found

    def dispatch_url(self):
        return self.properties[self.URL]

    def shared_secret(self):
        return self.data.get(SHARED_SECRET_KEY)

    def granted_policies(self):
        """:returns: the names of the granted policies in the stack."""
        return sorted(self._policy_plugins())

    def dispatch_body(self, transition, dispatch_id):
        """The JSON the CEP receives (before history is trimmed to fit).

        :param dispatch_id: the dispatch's id, the nonce of its one-use
            action URLs (the same for each attempt of one dispatch).
        :returns: a dict: ``alarm``, ``stack``, ``cep``, ``groups``,
            ``history`` and ``actions``.
        """
        policies, groups = {}, {}
        secret = self.data.get(signing.SECRET_KEY)
        for name, policy in self._policy_plugins().items():
            group = policy.group()
            described = policy.describe()
            policies[name] = dict(described, group=group.name,
                                  url=cep_grants.action_url(
                                      self.stack.id, self.name, secret,
                                      cep_grants.POLICY, name, dispatch_id,
                                      described.get('adjustment_type')))
            groups[group.name] = group.describe()
        actions = cep_grants.action_urls(
            self.stack.id, self.name, secret, self._jobs(), self._stacks(),
            dispatch_id)
        actions['policies'] = policies
        return {'version': 1, 'alarm': transition,
                'stack': {'id': self.stack.id, 'name': self.stack.name},
                'cep': {'name': self.name}, 'groups': groups,
                'history': list(self.data.get(HISTORY_KEY) or []),
                'actions': actions}

    # Attributes -----------------------------------------------------------

    def get_attribute(self, name, *path):
        if name == self.ALARM_URL:
            return signal_urls.alarm_url(self)
        if name == self.SIGNAL_URL:
            return signal_urls.signal_url(self)
        if name == self.SHARED_SECRET_ATTR:
            return self.data.get(SHARED_SECRET_KEY)
        return super().get_attribute(name, *path)


def _now():
    return timeutils.utcnow(with_timezone=True).isoformat()


def _job_part(name):
    return _JOB_NAME.sub('-', name)[:100]
