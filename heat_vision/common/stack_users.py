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
"""Who is a stack-domain user of a stack, from a request's context.

A stack's users live in one project of the stack-user domain, named
after the stack's owner project and id (as Heat names it in
heat/engine/clients/os/keystone/heat_keystoneclient.py
``create_stack_domain_project``); only the domain's admin (heat-vision)
makes projects there. A request whose token is scoped to that project,
in that domain, with the ``heat_stack_user_role``, comes from the
stack's own users (a server's agent): Heat's ``_get_stack`` lets such a
caller find the stack (its ``stack_user_project_id``) and its policy
lets it read metadata and signal, nothing else.
"""

from oslo_config import cfg

from heat_vision import conf  # noqa: F401  (registers the options)

CONF = cfg.CONF


def configured():
    """:returns: whether the operator configured a stack-user domain."""
    return bool((CONF.stack_user_domain_id or CONF.stack_user_domain_name)
                and CONF.stack_domain_admin
                and CONF.stack_domain_admin_password
                and CONF.clients.auth_url)


def project_name(owner_project_id, stack_id):
    """The name of the stack's project in the stack-user domain."""
    return ('%s-%s' % (owner_project_id, stack_id))[:64]


def _in_domain(context):
    if CONF.stack_user_domain_id:
        return context.project_domain_id == CONF.stack_user_domain_id
    return bool(CONF.stack_user_domain_name and
                context.project_domain_name == CONF.stack_user_domain_name)


def may_be_stack_user(context):
    """:returns: whether ``context`` is some stack's stack-domain user."""
    return bool(context.project_name and _in_domain(context)
                and CONF.heat_stack_user_role in (context.roles or ()))


def is_stack_user_of(context, stack):
    """:returns: whether ``context`` is a stack-domain user of ``stack``
        (a stack row: ``id``, ``project_id``).
    """
    return (may_be_stack_user(context) and
            context.project_name == project_name(stack.project_id,
                                                 stack.id))
