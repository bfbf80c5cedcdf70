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

"""Options of the dispatch of alarms to users' CEPs (OS::HeatVision::CEP).
"""

from oslo_config import cfg

from heat_vision.conf import url_fetch

cep_group = cfg.OptGroup(
    'cep', title='Dispatch of alarms to user-defined CEPs',
    help='An alarm bound to an OS::HeatVision::CEP resource is sent, as an '
         'HMAC-signed JSON body, to the user\'s complex event processor '
         'by a task-system job, through the guarded URL client.')

cep_opts = [
    cfg.ListOpt('allowed_networks', item_type=url_fetch.Network(),
                default=[],
                help='Networks a CEP may live on even though [url_fetch] '
                     'denied_networks holds them (a private network of '
                     'the tenants\' CEP services, say). Added to '
                     '[url_fetch] allowed_networks for CEP dispatch only; '
                     'the API\'s own address and port stay denied.'),
    cfg.FloatOpt('timeout', default=10, min=0.1, max=300,
                 help='Seconds one POST to a CEP may take (connection, '
                      'request and answer); never more than [url_fetch] '
                      'max_timeout.'),
    cfg.IntOpt('retries', default=4, min=0, max=20,
               help='Attempts after the first before a dispatch is '
                    'given up and dead-lettered (an event of the CEP '
                    'resource).'),
    cfg.FloatOpt('retry_delay', default=1.0, min=0, max=600,
                 help='Seconds before the first retry; each later retry '
                      'waits twice as long as the one before.'),
    cfg.FloatOpt('max_retry_delay', default=60, min=0, max=3600,
                 help='Most seconds between two attempts.'),
    cfg.IntOpt('max_body_size', default=65536, min=1024, max=1048576,
               help='Largest dispatch body, in bytes; the history is '
                    'shortened until the body fits.'),
    cfg.IntOpt('max_response_size', default=16384, min=256,
               max=1048576,
               help='Most bytes of a CEP\'s answer read (and kept in the '
                    'job\'s result, truncated).'),
    cfg.IntOpt('max_history', default=20, min=0, max=200,
               help='Recent alarm transitions and actions a CEP resource '
                    'keeps and sends with each dispatch.'),
    cfg.IntOpt('max_concurrent_dispatches', default=4, min=1, max=64,
               help='Dispatches to one CEP resource an engine runs at the '
                    'same time; the others wait their turn, holding no '
                    'thread, so that a slow CEP does not delay the '
                    'dispatches to other CEPs. Keep it below [tasks] '
                    'max_jobs and workers.'),
    cfg.IntOpt('action_url_ttl', default=3600, min=10, max=604800,
               help='Seconds the action URLs of a dispatch (a granted '
                    'policy, job or stack) may be used after it was '
                    'sent. An action URL is checked against the CEP\'s '
                    'grants when used, and one whose action is not '
                    'idempotent (a job, a policy other than '
                    'exact_capacity) acts once.'),
    cfg.IntOpt('max_grants', default=20, min=1, max=100,
               help='Most entries in each of a CEP resource\'s '
                    'policies, jobs and stacks lists.'),
]


def register_opts(conf):
    conf.register_group(cep_group)
    conf.register_opts(cep_opts, group=cep_group)


def list_opts():
    return {cep_group: cep_opts}
