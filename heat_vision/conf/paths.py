"""Where heat-vision keeps its state (the embedded sqlite file)."""

import os

from oslo_config import cfg

path_opts = [
    cfg.StrOpt('state_path',
               default=os.path.join(os.path.expanduser('~'), '.heat-vision'),
               sample_default='~/.heat-vision',
               help='Directory where heat-vision keeps its state: the '
                    'embedded sqlite database and lock files. Created on '
                    'first start.'),
]


def register_opts(conf):
    conf.register_cli_opts(path_opts)


def list_opts():
    return {'DEFAULT': path_opts}
