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
"""Options of the stack-user domain, named as Heat's.

Heat keeps the Keystone users it makes for a stack (``AWS::IAM::User``,
the credentials a server's agent polls and signals with) in a domain of
their own, managed by a domain admin user: the ``stack_user_domain_*``,
``stack_domain_admin*`` and ``heat_stack_user_role`` options of Heat's
heat/common/config.py, read by
heat/engine/clients/os/keystone/heat_keystoneclient.py. Unset, the
resources that need a stack-domain user are refused.
"""

from oslo_config import cfg

opts = [
    cfg.StrOpt('stack_user_domain_id',
               help='Id of the Keystone domain the users and projects '
                    'that stacks make live in (preferred over '
                    'stack_user_domain_name).'),
    cfg.StrOpt('stack_user_domain_name',
               help='Name of that domain (used if stack_user_domain_id is '
                    'unset).'),
    cfg.StrOpt('stack_domain_admin',
               help='Name of a user who administers that domain (a '
                    'member of the domain with the admin role on it).'),
    cfg.StrOpt('stack_domain_admin_password', secret=True,
               help="Password of the stack_domain_admin user."),
    cfg.StrOpt('heat_stack_user_role', default='heat_stack_user',
               help='Keystone role the stack-domain users get on their '
                    'stack-domain project (it must exist).'),
]


def register_opts(conf):
    conf.register_opts(opts)


def list_opts():
    return {'DEFAULT': opts}
