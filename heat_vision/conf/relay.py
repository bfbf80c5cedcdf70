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

"""Options of the alternative-API relay (TOSCA, CloudFormation, CAMP)."""

from oslo_config import cfg

relay_group = cfg.OptGroup('relay', title='Alternative-API relay options')

relay_opts = [
    cfg.BoolOpt('mount_in_api', default=True,
                help='Serve the relay under /v1/{tenant}/relay inside '
                     'heat-vision-all and heat-vision-api, calling the '
                     'native API in the same process. Set to false when '
                     'a separate heat-vision-relay serves it.'),
    cfg.HostAddressOpt('bind_host', default='127.0.0.1',
                       help='Address heat-vision-relay listens on.'),
    cfg.PortOpt('bind_port', default=8005,
                help='Port heat-vision-relay listens on.'),
    cfg.URIOpt('native_api_url', schemes=['http', 'https'],
               help='Base URL of the native API (for example '
                    'http://controller:8004) that heat-vision-relay calls '
                    'with the caller\'s token. Operator configuration, '
                    'not a caller\'s URL: it is not put through the '
                    'url_fetch guard. Required by heat-vision-relay.'),
    cfg.FloatOpt('native_api_timeout', default=60.0, min=1, max=3600,
                 help='Seconds heat-vision-relay waits for one answer of '
                      'the native API.'),
    cfg.IntOpt('max_document_size', default=4194304, min=1024,
               max=268435456,
               help='Largest request body, in bytes, a relay route '
                    'accepts (a template, a CSAR or a CAMP PDP); larger '
                    'ones get 413.'),
    cfg.IntOpt('max_archive_members', default=512, min=1, max=65536,
               help='Most files a CSAR or PDP zip archive may hold.'),
    cfg.IntOpt('max_archive_expanded_size', default=16777216, min=1024,
               max=1073741824,
               help='Largest total uncompressed size, in bytes, of the '
                    'files of a CSAR or PDP archive (zip bombs are '
                    'refused with 413 before they are expanded).'),
    cfg.IntOpt('max_plans', default=1000, min=1, max=100000,
               help='Most CAMP plans a tenant may register.'),
    cfg.URIOpt('ec2_auth_url', schemes=['http', 'https'],
               help='Keystone\'s v3 URL (http://keystone/v3) whose '
                    '/ec2tokens validates the AWS signatures (EC2 '
                    'credentials, signature versions 2 and 4) of '
                    'CloudFormation Query API requests, with '
                    'auth_strategy = keystone; the relay calls it as the '
                    '[keystone_authtoken] service user. Unset, the Query '
                    'API takes only an X-Auth-Token.'),
    cfg.IntOpt('cfn_page_size', default=100, min=1, max=1000,
               help='Most entries in one answer of the CloudFormation '
                    'DescribeStacks, ListStacks, DescribeStackEvents, '
                    'ListStackResources, ListChangeSets and '
                    'DescribeChangeSet actions; a longer list is paged '
                    'with NextToken, as AWS pages it.'),
    cfg.StrOpt('cfn_environment',
               help='Path of an environment file (YAML) laid under every '
                    'stack the CloudFormation Query API makes, as Heat\'s '
                    'global environment (/etc/heat/environment.d). Its '
                    'resource_registry extends the AWS type mapping: an '
                    'AWS type it maps (to a provider template, named '
                    'relative to the file, or to another type) is kept '
                    'for the engine to resolve instead of being mapped '
                    'or refused. Unset, only the built-in mapping '
                    'applies.'),
]


#: Heat's name (heat/common/config.py), in [DEFAULT] as in Heat.
default_opts = [
    cfg.URIOpt('heat_metadata_server_url', schemes=['http', 'https'],
               help='Base URL (no /v1) at which servers reach the '
                    'CloudFormation Query API of the relay: a server with '
                    'software_config_transport POLL_SERVER_CFN polls '
                    '<this>/v1/<its project>/relay/cfn/heat/. Unset, the '
                    'API\'s [api] public_endpoint (or the address it binds) '
                    'when the relay is mounted in the API, else the '
                    'relay\'s bind address.'),
]


def register_opts(conf):
    conf.register_group(relay_group)
    conf.register_opts(relay_opts, group=relay_group)
    conf.register_opts(default_opts)


def list_opts():
    return {relay_group: relay_opts, 'DEFAULT': default_opts}
