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

"""Options of the REST API (heat-vision-api)."""

from oslo_config import cfg

api_group = cfg.OptGroup('api', title='REST API options')

api_opts = [
    cfg.HostAddressOpt('bind_host', default='127.0.0.1',
                       help='Address the API listens on.'),
    cfg.PortOpt('bind_port', default=8004,
                help='Port the API listens on (8004 is Heat\'s).'),
    cfg.IntOpt('threads', default=16, min=1, max=1024,
               help='Worker threads of the embedded WSGI server (of each '
                    'worker process).'),
    cfg.IntOpt('workers', default=1, min=1, max=64,
               help='Processes of heat-vision-api serving the API on one '
                    'socket, as Heat\'s [heat_api] workers: more than one '
                    'lets requests use more than one CPU. heat-vision-all '
                    'serves the API in its engine\'s process (the '
                    'in-process transport) and refuses more than one.'),
    cfg.StrOpt('auth_strategy', default='noauth',
               choices=[('noauth', 'No authentication: the project is '
                                   'the tenant id in the URL.'),
                        ('keystone', 'Tokens validated by '
                                     'keystonemiddleware.')],
               help='How API requests are authenticated.'),
    cfg.IntOpt('max_json_body_depth', default=128, min=8, max=200,
               help='Deepest nesting of a JSON request body (objects and '
                    'lists, the innermost values counting as a level); '
                    'deeper ones get 400. The maximum keeps the code '
                    'that walks a body clear of Python\'s recursion '
                    'limit.'),
    cfg.IntOpt('max_limit', default=1000, min=1, max=100000,
               help='Largest page a list request returns: a larger '
                    '``limit`` query parameter is lowered to it.'),
    cfg.FloatOpt('engine_check_interval', default=5.0, min=0.5, max=300,
                 help='Seconds between two pings of the engines by the API '
                      '(network transports only): while no engine answers '
                      'one, requests are refused at once with 503 instead '
                      'of waiting for the RPC timeout.'),
    cfg.FloatOpt('engine_ping_timeout', default=2.0, min=0.1, max=60,
                 help='Seconds the API waits for an engine to answer a '
                      'ping before it deems the engines unavailable.'),
    cfg.IntOpt('retry_after', default=5, min=1, max=3600,
               help='Seconds given in the Retry-After header of a 503 '
                    'answer (no engine available, or too many calls in '
                    'flight).'),
    cfg.IntOpt('max_rpc_calls', default=64, min=1, max=4096,
               help='Most engine RPC calls the API has in flight at once '
                    '(network transports only); requests beyond get 503. '
                    'A call stuck on a dead broker holds its slot until '
                    'the transport gives it up, never an API thread.'),
    cfg.StrOpt('public_endpoint',
               help='Base URL clients reach the API at, used in links and '
                    'redirects. Defaults to the request\'s own host URL.'),
    cfg.BoolOpt('dashboard', default=True,
                help='Serve the web view at ``/dashboard/``: static pages '
                     'that read the API with the caller\'s own credential '
                     '(a Keystone token, or none under noauth), so they '
                     'show nothing the API would not.'),
]


def register_opts(conf):
    conf.register_group(api_group)
    conf.register_opts(api_opts, group=api_group)


def list_opts():
    return {api_group: api_opts}
