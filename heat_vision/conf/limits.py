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
    cfg.IntOpt('max_events_per_stack', default=1000, min=0,
               help='Events kept per stack; the oldest are purged beyond '
                    'it. 0 keeps all.'),
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
]


def register_opts(conf):
    conf.register_opts(limit_opts)


def list_opts():
    return {'DEFAULT': limit_opts}
