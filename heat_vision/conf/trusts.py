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

"""Options of deferred authentication: Keystone trusts, as in Heat.

Work that runs after the request that asked for it (task jobs) needs a
credential the user's token cannot give once it expires. With
``deferred_auth_method = trusts`` and ``[api] auth_strategy = keystone``
the user delegates their roles in the project to heat-vision's service
user (``[trustee]``) by a Keystone trust; the deferred work runs with a
token of that trust.
"""

from oslo_config import cfg

TRUSTEE = 'trustee'

opts = [
    cfg.StrOpt('deferred_auth_method', default='trusts',
               choices=[('trusts', 'A Keystone trust from the user to '
                                   'the [trustee] user, with the '
                                   "user's roles."),
                        ('none', 'No credential is kept: deferred work '
                                 'runs without a token.')],
               help='How work deferred past the request (task jobs) '
                    'authenticates. Only with [api] auth_strategy = '
                    'keystone; with noauth nothing is kept.'),
    cfg.StrOpt('auth_encryption_key', secret=True,
               help='Key the trust ids kept in the database are '
                    'encrypted with (any string; keep it secret and the '
                    'same on every engine). Unset, it is derived from '
                    "the [trustee] user's password."),
]


def register_opts(conf):
    """The options of ``[DEFAULT]``; ``[trustee]``'s are registered by
    ``register_trustee_opts``, where trusts are made or used.
    """
    conf.register_opts(opts)


def register_trustee_opts(conf):
    """``[trustee]``: keystoneauth's options of a password login.

    Apart from ``register_opts``: keystoneauth's option loading brings
    requests, urllib3 and osprofiler, about 13 MB of a process that
    makes no trust (heat-vision-api under noauth). Options registered
    after the command line and files are parsed read their values from
    them as usual.
    """
    from keystoneauth1 import loading as ks_loading
    ks_loading.register_auth_conf_options(conf, TRUSTEE)
    ks_loading.register_session_conf_options(conf, TRUSTEE)


def list_opts():
    from keystoneauth1 import loading as ks_loading
    return {'DEFAULT': opts,
            TRUSTEE: (ks_loading.get_auth_common_conf_options()
                      + ks_loading.get_auth_plugin_conf_options('password')
                      + ks_loading.get_session_conf_options())}
