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

"""Options of the orchestration engine (heat-vision-engine)."""

from oslo_config import cfg

engine_opts = [
    cfg.StrOpt('host', sample_default='<hostname>',
               help='Name of this host, shown in the service list.'),
    cfg.IntOpt('action_workers', default=8, min=1, max=256,
               help='Threads each engine uses to run stack operations '
                    'in the background.'),
    cfg.IntOpt('max_resources_in_progress', default=1000, min=1,
               max=100000,
               help='Resources of one stack operation started and not yet '
                    'complete at once. A resource waiting for its create '
                    'or delete to complete holds no thread (it is polled '
                    'with backoff), so this may be much larger than '
                    'action_workers; it bounds the load one stack puts on '
                    'the services it calls.'),
    cfg.IntOpt('report_interval', default=10, min=1,
               help='Seconds between service heartbeats written to the '
                    'database.'),
    cfg.IntOpt('service_down_time', default=60, min=1,
               help='Seconds without a heartbeat after which an engine is '
                    'shown as down and its stack locks may be taken over.'),
    cfg.IntOpt('engine_life_check_timeout', default=2, min=1, max=60,
               help='Seconds an engine waits for another engine to answer '
                    'whether it is alive before it takes over the scaling '
                    'that engine holds (a dead engine is then found in '
                    'seconds, not after service_down_time).'),
    cfg.IntOpt('graceful_shutdown_timeout', default=60, min=0, max=3600,
               help='Seconds a process may take to stop after SIGTERM; '
                    'past it the process exits anyway. 0 waits as long as '
                    'it takes. An engine stops its stack operations where '
                    'they are (another engine takes them over) and waits '
                    'up to half of this for them.'),
    cfg.IntOpt('service_cleanup_time', default=600, min=1,
               max=30 * 24 * 3600,
               help='Seconds after its last heartbeat at which an engine '
                    'that stopped without deregistering (killed, or its '
                    'host lost) is removed from the service list by the '
                    'engines still running. Never before '
                    'service_down_time.'),
    cfg.BoolOpt('enable_test_resource_types', default=False,
                help='Make the resource types that exist only for '
                     "heat-vision's own tests (HeatVision::Test:: types) "
                     'available. They write files on the engine host: '
                     'never enable this in production.'),
    cfg.ListOpt('hidden_stack_tags', default=['data-processing-cluster'],
                help='Stacks with any of these tags are left out of the '
                     'stack list unless it is asked with show_hidden.'),
]


def register_opts(conf):
    conf.register_opts(engine_opts)


def list_opts():
    return {'DEFAULT': engine_opts}
