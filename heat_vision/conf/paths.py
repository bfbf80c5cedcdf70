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
