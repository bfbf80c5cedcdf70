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
    cfg.IntOpt('max_nested_stack_depth', default=5, min=1,
               help='Deepest nesting of stacks.'),
    cfg.IntOpt('max_timeout_mins', default=10080, min=1, max=525600,
               help='Largest stack timeout_mins a caller may set (one '
                    'week by default); larger ones get 400.'),
    cfg.IntOpt('max_events_per_stack', default=1000, min=0,
               help='Events kept per stack; the oldest are purged beyond '
                    'it. 0 keeps all.'),
]


def register_opts(conf):
    conf.register_opts(limit_opts)


def list_opts():
    return {'DEFAULT': limit_opts}
