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
"""AWS::IAM::User and AWS::IAM::AccessKey: stack-domain users and keys.

As Heat's heat/engine/resources/aws/iam/user.py. A User is a Keystone
user of the stack-user domain (``resources.stack_user``); its reference
is its physical name and its ``Policies`` name ``OS::Heat::AccessPolicy``
resources of the stack (other entries, such as inline IAM policy maps,
are ignored as in Heat). An AccessKey is an EC2 credential of the user
its ``UserName`` refers to, made in Keystone; its physical id is the
access key and ``SecretAccessKey`` the secret. ``Path``, ``Groups``,
``Serial`` and ``Status`` are taken and unused, as in Heat.
"""

from heat_vision.common import exception
from heat_vision.common.i18n import _
from heat_vision.common import stack_users
from heat_vision.common import trusts
from heat_vision.resources import base
from heat_vision.resources import stack_user
from heat_vision.template import attributes
from heat_vision.template import constraints

Schema = constraints.Schema
_NOT_IMPLEMENTED = _('Not implemented (taken and unused, as in Heat).')


def _refuse_without_domain(type_name, path):
    if not stack_users.configured():
        raise exception.StackValidationFailed(
            _('%s needs a stack-user domain, which this heat-vision is not '
              'configured with (stack_user_domain_id or _name, '
              'stack_domain_admin, stack_domain_admin_password)') %
            type_name, path=list(path)[:2])


def _string_policies(policies):
    return [p for p in policies or () if isinstance(p, str)]


class User(stack_user.StackUser):
    """A user of the stack-user domain."""

    PROPERTIES = (PATH, GROUPS, LOGIN_PROFILE, POLICIES) = (
        'Path', 'Groups', 'LoginProfile', 'Policies')
    properties_schema = {
        PATH: Schema(Schema.STRING, _NOT_IMPLEMENTED,
                     constraints=[constraints.Length(max=512)]),
        GROUPS: Schema(Schema.LIST, _NOT_IMPLEMENTED,
                       constraints=[constraints.Length(max=100)]),
        LOGIN_PROFILE: Schema(
            Schema.MAP, _('A login profile for the user.'),
            schema={'Password': Schema(
                Schema.STRING, _('The password of the user.'),
                constraints=[constraints.Length(max=1024)])}),
        POLICIES: Schema(
            Schema.LIST, _('Access policies to apply to the user: names '
                           'of OS::Heat::AccessPolicy resources of the '
                           'stack.'),
            constraints=[constraints.Length(max=100)]),
    }
    attributes_schema = {}

    @classmethod
    def validate_properties(cls, properties, path):
        _refuse_without_domain('AWS::IAM::User', path)

    @classmethod
    def validate_in_stack(cls, properties, path, stack):
        try:
            policies = _string_policies(properties.get(cls.POLICIES))
        except (exception.UnresolvedReference,
                exception.UserParameterMissing):
            return
        for policy in policies:
            if policy not in stack.resource_names:
                raise exception.StackValidationFailed(
                    _('Policy %s is not a resource of the stack') % policy,
                    path=list(path) + [cls.POLICIES])

    def _policy_plugins(self):
        plugins = []
        for policy in _string_policies(self.properties[self.POLICIES]):
            plugin = self.stack.plugin(policy)
            if not callable(getattr(plugin, 'access_allowed', None)):
                raise exception.Invalid(reason=_(
                    'Policies of %(user)s: %(policy)s is not an access '
                    'policy') % {'user': self.name, 'policy': policy})
            plugins.append(plugin)
        return plugins

    def handle_create(self):
        self._policy_plugins()
        profile = self.properties[self.LOGIN_PROFILE] or {}
        self.resource_id = stack_user.create_user(
            self, profile.get('Password'))

    def get_reference_id(self):
        # Heat's physical_resource_name_or_FnGetRefId: the user's name.
        return self.physical_resource_name()

    def access_allowed(self, resource_name):
        """:returns: whether every policy of the user lets it describe
            ``resource_name``.
        """
        return all(policy.access_allowed(resource_name)
                   for policy in self._policy_plugins())


class AccessKey(base.Resource):
    """An EC2 keypair of an AWS::IAM::User, as a Keystone credential."""

    PROPERTIES = (SERIAL, USER_NAME, STATUS) = (
        'Serial', 'UserName', 'Status')
    ATTRIBUTES = (USER_NAME_ATTR, SECRET_ACCESS_KEY) = (
        'UserName', 'SecretAccessKey')
    properties_schema = {
        SERIAL: Schema(Schema.INTEGER, _NOT_IMPLEMENTED,
                       constraints=[constraints.Range(min=0,
                                                      max=2 ** 31)]),
        USER_NAME: Schema(
            Schema.STRING, _('The name of the user that the new key will '
                             'belong to (a reference to an '
                             'AWS::IAM::User of the stack).'),
            required=True, constraints=[constraints.Length(max=255)]),
        STATUS: Schema(Schema.STRING, _NOT_IMPLEMENTED,
                       constraints=[constraints.AllowedValues(
                           ['Active', 'Inactive'])]),
    }
    attributes_schema = {
        USER_NAME_ATTR: attributes.Schema(
            _('Username associated with the AccessKey.'),
            type=attributes.Schema.STRING),
        SECRET_ACCESS_KEY: attributes.Schema(
            _('Keypair secret key.'), type=attributes.Schema.STRING),
    }

    @classmethod
    def validate_properties(cls, properties, path):
        _refuse_without_domain('AWS::IAM::AccessKey', path)

    def _user(self):
        """The User plugin whose reference is ``UserName`` (Heat's
        ``resource_by_refid``), or None.
        """
        wanted = self.properties[self.USER_NAME]
        for name in self.stack.resource_names():
            plugin = self.stack.plugin(name)
            if (isinstance(plugin, User) and plugin.user_id
                    and plugin.get_reference_id() == wanted):
                return plugin
        return None

    def handle_create(self):
        user = self._user()
        if user is None:
            raise exception.NotFound(reason=_('could not find user %s') %
                                     self.properties[self.USER_NAME])
        made = self.stack.stack_domain().create_ec2(user.user_id,
                                                    user.user_project_id)
        self.data.update(credential_id=made['id'],
                         secret_key=trusts.seal(made['secret']))
        self.resource_id = made['access']

    def handle_delete(self):
        credential_id = self.data.pop('credential_id', None)
        if credential_id:
            self.stack.stack_domain().delete_credential(credential_id)
        self.data.pop('secret_key', None)

    def access_allowed(self, resource_name):
        user = self._user()
        return user is not None and user.access_allowed(resource_name)

    def get_attribute(self, name, *path):
        if name == self.USER_NAME_ATTR:
            return self.properties[self.USER_NAME]
        if name == self.SECRET_ACCESS_KEY:
            sealed = self.data.get('secret_key')
            # Heat answers '000-000-000' for a key it cannot read.
            return trusts.unseal(sealed) if sealed else '000-000-000'
        return super().get_attribute(name, *path)
