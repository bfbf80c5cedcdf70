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

from heat_vision.common import trusts
from heat_vision.resources import base


class StackUser(base.Resource):
    """A resource that owns a stack-domain user."""

    #: the user's password, if the resource sets one before create.
    password = None

    def stack_domain(self):
        return self.stack.stack_domain()

    @property
    def user_id(self):
        return self.data.get('user_id')

    @property
    def user_project_id(self):
        return self.data.get('user_project_id')

    def create_user(self):
        """Make the user (once: a take-over finds it in ``self.data``)."""
        if self.user_id:
            return self.user_id
        domain = self.stack_domain()
        project_id = domain.stack_project(self.context.project_id,
                                          self.stack.id)
        self.data['user_project_id'] = project_id
        self.data['user_id'] = domain.create_user(
            self.physical_resource_name(), project_id,
            password=self.password)
        if self.password is not None:
            self.data['password'] = trusts.seal(self.password)
        return self.data['user_id']

    def user_password(self):
        sealed = self.data.get('password')
        return trusts.unseal(sealed) if sealed else None

    def delete_user(self):
        if not self.user_id:
            return
        domain = self.stack_domain()
        domain.delete_user(self.user_id)
        domain.delete_project_if_unused(self.user_project_id)
        for key in ('user_id', 'password'):
            self.data.pop(key, None)

    def handle_delete(self):
        self.delete_user()

    def handle_suspend(self):
        if self.user_id:
            self.stack_domain().set_user_enabled(self.user_id, False)

    def handle_resume(self):
        if self.user_id:
            self.stack_domain().set_user_enabled(self.user_id, True)
