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
"""A Keystone user of the stack-user domain, owned by one resource.

As Heat's heat/engine/resources/stack_user.py (``StackUser``): the user
is made in the stack's project of the stack-user domain (made when the
first user needs it), named after the resource's physical name, and
deleted with the resource (Keystone deletes its EC2 credentials with
it); suspend disables it, resume enables it. What is kept in
``self.data``: ``user_id``, ``user_project_id`` and a password, sealed
as trust ids are (Heat stores it with ``redact=True``).
"""

import secrets

from heat_vision.common import trusts
from heat_vision.resources import base


def create_user(plugin, password=None):
    """Make ``plugin``'s user once (a take-over finds it in its data).

    :returns: the user's id.
    """
    data = plugin.data
    if data.get('user_id'):
        return data['user_id']
    domain = plugin.stack.stack_domain()
    project_id = domain.stack_project(plugin.context.project_id,
                                      plugin.stack.id)
    data['user_project_id'] = project_id
    data['user_id'] = domain.create_user(plugin.physical_resource_name(),
                                         project_id, password=password)
    if password is not None:
        data['password'] = trusts.seal(password)
    return data['user_id']


def create_user_with_password(plugin):
    """A user that logs in with a generated password (what Heat gives a
    server's agent for POLL_SERVER_HEAT).
    """
    if not plugin.data.get('user_id'):
        create_user(plugin, secrets.token_urlsafe(24))
    return plugin.data['user_id']


def password(plugin):
    sealed = plugin.data.get('password')
    return trusts.unseal(sealed) if sealed else None


def delete_user(plugin):
    """Delete ``plugin``'s user, and the stack's project once unused."""
    data = plugin.data
    if not data.get('user_id'):
        return
    domain = plugin.stack.stack_domain()
    domain.delete_user(data['user_id'])
    domain.delete_project_if_unused(data['user_project_id'])
    for key in ('user_id', 'password'):
        data.pop(key, None)


def set_enabled(plugin, enabled):
    if plugin.data.get('user_id'):
        plugin.stack.stack_domain().set_user_enabled(plugin.data['user_id'],
                                                     enabled)


class StackUser(base.Resource):
    """A resource that is a stack-domain user."""

    @property
    def user_id(self):
        return self.data.get('user_id')

    @property
    def user_project_id(self):
        return self.data.get('user_project_id')

    def handle_delete(self):
        delete_user(self)

    def handle_suspend(self):
        set_enabled(self, False)

    def handle_resume(self):
        set_enabled(self, True)
