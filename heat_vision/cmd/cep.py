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

"""``heat-vision-cep-eca`` and ``heat-vision-cep-mape``: the sample CEPs.

Each serves one strategy of ``heat_vision.cep`` over HTTP. The shared
secret (the CEP resource's ``shared_secret`` attribute) is read from a
file or from ``HEAT_VISION_CEP_SECRET``, never from the command line,
where other users of the host could see it. The signatures of the
requests taken are kept in ``--state-dir`` (``replay.ReplayMemory``), so
that a restart does not take a captured request again.
"""

import argparse
import os
import socketserver
import sys
from wsgiref import simple_server

from heat_vision.cep import app
from heat_vision.cep import replay
from heat_vision.cep import signature

ECA, MAPE = 'heat-vision-cep-eca', 'heat-vision-cep-mape'
#: The port of each sample (the README's and the example templates').
PORTS = {ECA: 8787, MAPE: 8788}


class _Server(socketserver.ThreadingMixIn, simple_server.WSGIServer):
    daemon_threads = True


def _parser(prog, description):
    parser = argparse.ArgumentParser(prog=prog, description=description)
    parser.add_argument('--host', default='127.0.0.1')
    parser.add_argument('--port', type=int, default=PORTS[prog])
    parser.add_argument('--state-dir',
                        default=os.path.join('~', '.heat-vision', prog),
                        help='directory of the replay memory, kept '
                             'across restarts (default: %(default)s)')
    parser.add_argument('--secret-file',
                        help='file holding the shared secret (else '
                             'HEAT_VISION_CEP_SECRET)')
    parser.add_argument('--window', type=int,
                        default=signature.DEFAULT_WINDOW,
                        help='replay window, seconds')
    parser.add_argument('--metric', default='most_recent',
                        help='the key of the alarm reason data to read')
    parser.add_argument('--max-groups', type=int, default=app.MAX_GROUPS,
                        help='groups whose state is kept, the least '
                             'recently seen dropped first (default: '
                             '%(default)s)')
    return parser


def _secret(args):
    if args.secret_file:
        with open(args.secret_file) as f:
            return f.read().strip()
    return os.environ.get('HEAT_VISION_CEP_SECRET', '')


def _serve(args, strategy, argv_name):
    secret = _secret(args)
    if not secret:
        sys.exit('%s: no shared secret (--secret-file or '
                 'HEAT_VISION_CEP_SECRET)' % argv_name)
    memory = replay.ReplayMemory(os.path.expanduser(args.state_dir))
    application = app.CepApp(strategy, secret, window=args.window,
                             memory=memory)
    server = simple_server.make_server(args.host, args.port, application,
                                       server_class=_Server)
    print('%s listening on http://%s:%d/' % (argv_name, args.host,
                                             server.server_port),
          flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


def eca_parser():
    parser = _parser(ECA, 'Sample ECA CEP: at most one action per '
                          'interval per stack and group, scale-in after '
                          'quiet periods.')
    parser.add_argument('--interval-minutes', type=float, default=5)
    parser.add_argument('--quiet-periods', type=int, default=3)
    parser.add_argument('--high', type=float)
    parser.add_argument('--low', type=float)
    return parser


def mape_parser():
    parser = _parser(MAPE, 'Sample MAPE CEP: moving average of a metric, '
                           'exact capacity for a target utilisation.')
    parser.add_argument('--target', type=float, default=60,
                        help='the metric per member to plan for, in the '
                             'metric\'s units (percent for a utilisation '
                             'in percent; default: %(default)s)')
    parser.add_argument('--samples', type=int, default=5,
                        help='values in the moving average')
    parser.add_argument('--tolerance', type=float, default=0.1,
                        help='no change while the average is within '
                             'this fraction of the target')
    return parser


def main_eca(argv=None):
    parser = eca_parser()
    args = parser.parse_args(argv)
    strategy = app.load_strategy(
        'eca.rate_limit', interval=args.interval_minutes * 60,
        quiet_periods=args.quiet_periods, high=args.high, low=args.low,
        metric=args.metric, max_groups=args.max_groups)
    _serve(args, strategy, parser.prog)


def main_mape(argv=None):
    parser = mape_parser()
    args = parser.parse_args(argv)
    strategy = app.load_strategy(
        'mape.moving_average', target=args.target, window=args.samples,
        tolerance=args.tolerance, metric=args.metric,
        max_groups=args.max_groups)
    _serve(args, strategy, parser.prog)
