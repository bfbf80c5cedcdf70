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

"""Heat's limits on stacks and templates, with Heat's defaults."""

from oslo_config import cfg

limit_opts = [
    cfg.IntOpt('max_template_size', default=524288, min=1024,
               help='Largest raw template, in bytes.'),
    cfg.IntOpt('max_stacks_per_tenant', default=512, min=-1,
               help='Most top-level stacks a tenant may have; -1 means '
                    'no limit.'),
    cfg.IntOpt('max_resources_per_stack', default=1000, min=-1,
               help='Most resources in one stack; -1 means no limit.'),
    cfg.IntOpt('max_resources_per_page', default=10000, min=1,
               max=100000,
               help='Most resources one resource list request returns '
                    '(GET .../resources): a larger ``limit`` is lowered to '
                    'it, and a request without one is answered with at '
                    'most this many; page with ``marker`` for more. Keep '
                    'it above max_resources_per_stack (times the nested '
                    'stacks listed) for clients that do not page, as '
                    'python-heatclient does not.'),
    cfg.IntOpt('max_nested_stack_depth', default=5, min=1,
               help='Deepest nesting of stacks.'),
    cfg.IntOpt('max_timeout_mins', default=10080, min=1, max=525600,
               help='Largest stack timeout_mins a caller may set (one '
                    'week by default); larger ones get 400.'),
    cfg.IntOpt('max_events_per_stack', default=1000, min=0,
               help='Events kept per stack; the oldest are purged beyond '
                    'it. 0 keeps all.'),
    cfg.IntOpt('max_evaluation_result_size', default=512 * 1024,
               min=1024, max=64 * 1024 * 1024,
               help='Largest value one template function may read or '
                    'produce: characters of its strings plus one for '
                    'each number, list item and map entry (about its '
                    'length as JSON). A larger one is refused with a 400 '
                    'naming the function, before it is built.'),
    cfg.IntOpt('max_evaluation_work', default=16 * 1024 * 1024,
               min=1024, max=1024 * 1024 * 1024,
               help='Most work one evaluation (a property, an output, a '
                    "stack's outputs together) may take: the sizes of "
                    'every value its functions read or produce, added '
                    'up.'),
    cfg.IntOpt('max_resource_properties_size', default=1024 * 1024,
               min=1024, max=256 * 1024 * 1024,
               help='Largest resolved properties one resource may store '
                    '(measured as max_evaluation_result_size is).'),
    cfg.IntOpt('max_stack_properties_size', default=32 * 1024 * 1024,
               min=1024, max=1024 * 1024 * 1024,
               help='Largest resolved properties all the resources of '
                    'one stack may store together.'),
    cfg.IntOpt('max_signal_size', default=16384, min=256, max=1048576,
               help='Largest signal a resource accepts (a wait condition '
                    'handle\'s {status, reason, data, id}, or the body of '
                    'a resource signal), in bytes of compact JSON; larger '
                    'ones are refused with 413.'),
    cfg.IntOpt('max_signals_per_handle', default=100, min=1, max=10000,
               help='Most distinct signal ids a wait condition handle '
                    'keeps; a signal with a new id beyond it is refused '
                    'with 400. A wait condition whose count is larger can '
                    'never complete, so it is refused at create.'),
    cfg.IntOpt('signal_retry_window', default=3600, min=1, max=86400,
               help='Seconds during which a signal sent again with the '
                    'same Idempotency-Key header (to the same resource) is '
                    'recognised as a retry: it is answered with the first '
                    "delivery's signal id and does nothing else. Alarm "
                    'transitions without the header are recognised for '
                    '[monitoring] transition_dedup_window.'),
]

yaql_group = cfg.OptGroup('yaql', title='Bounds of the yaql function')

yaql_opts = [
    cfg.IntOpt('limit_iterators', default=1000, min=1, max=100000,
               help='Most items one yaql iterator may produce.'),
    cfg.IntOpt('memory_quota', default=100000, min=1, max=10000000,
               help='Most items one yaql collection may hold.'),
    cfg.FloatOpt('timeout', default=1.0, min=0.01, max=60.0,
                 help='Seconds one yaql evaluation may run; it is then '
                      'stopped and the template refused with a 400.'),
]


def register_opts(conf):
    conf.register_opts(limit_opts)
    conf.register_group(yaql_group)
    conf.register_opts(yaql_opts, group=yaql_group)


def list_opts():
    return {'DEFAULT': limit_opts, yaql_group: yaql_opts}
