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

"""The request context carried from the API, over RPC, to the engine."""

from oslo_context import context


class RequestContext(context.RequestContext):
    """oslo.context's context, able to carry a database transaction
    (``db.api`` makes it an enginefacade transaction context provider, in
    the processes that use the database only: the API does not import
    oslo.db and SQLAlchemy).

    ``sealed_trust``: the encrypted Keystone trust the work of this
    context may act with when it has no token of its own (a stack's, see
    ``common.trusts``). It lives on the object only: ``to_dict`` (RPC,
    logs, notifications) never carries it.
    """

    sealed_trust = None

    def to_dict(self):
        values = super().to_dict()
        # The project's name and domain name cross RPC too: a stack-domain
        # user is known by them (common.stack_users).
        values.update(project_name=self.project_name,
                      project_domain_name=self.project_domain_name)
        return values

    @classmethod
    def from_dict(cls, values, **kwargs):
        return super().from_dict(values, **kwargs)


def get_admin_context():
    """A context for the engine's own work (heartbeats, take-overs)."""
    return RequestContext(is_admin=True, overwrite=False)
