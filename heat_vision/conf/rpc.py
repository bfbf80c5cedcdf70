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

"""RPC options of heat-vision (the transport itself is oslo.messaging's)."""

import copy
import itertools

from oslo_config import cfg
import oslo_messaging
from oslo_messaging.notify import notifier
from oslo_messaging.rpc import client
from oslo_messaging.rpc import dispatcher
from oslo_messaging import server
from oslo_messaging import transport

rpc_group = cfg.OptGroup('rpc', title='heat-vision RPC options')

rpc_opts = [
    cfg.StrOpt('engine_topic', default='heat-vision-engine',
               help='RPC topic the engines listen on.'),
    cfg.StrOpt('engine_version_cap',
               help='Highest engine RPC API version the API sends, for '
                    'rolling upgrades; unset means the latest.'),
]


# The embedded default: heat_vision.rpc.inproc, in this process.
EMBEDDED_TRANSPORT_URL = 'inproc://'
CONTROL_EXCHANGE = 'heat-vision'
NOTIFICATIONS_GROUP = 'oslo_messaging_notifications'


def register_opts(conf):
    conf.register_group(rpc_group)
    conf.register_opts(rpc_opts, group=rpc_group)
    # oslo.messaging registers [DEFAULT] transport_url lazily; register it
    # now so that heat-vision's embedded default can be set on it. The
    # library's defaults are set first: it registers its own copies later,
    # which must equal these.
    oslo_messaging.set_transport_defaults(CONTROL_EXCHANGE)
    for group, opts in messaging_options():
        conf.register_opts(opts, group=group)
    conf.set_default('transport_url', EMBEDDED_TRANSPORT_URL)
    conf.set_default('control_exchange', CONTROL_EXCHANGE)
    # Stack and task notifications go on the queue unless switched off
    # (driver = noop), so that other services can follow them.
    conf.set_default('driver', ['messagingv2'], group=NOTIFICATIONS_GROUP)


def messaging_options():
    """:returns: ``[(group, options)]`` of oslo.messaging's ``[DEFAULT]``
        and notification options, as its ``opts.list_opts`` lists them.

    NOTE(heat-vision): ``oslo_messaging.opts`` imports every driver to
    list their options (the rabbit driver's kombu, amqp, yaml and
    cachetools), which a process on the in-process transport, or one
    that only reads the database, never uses. These are the same lists
    (oslo_messaging/opts.py ``_global_opt_lists`` and the notifier's);
    a unit test holds them equal to the library's.
    """
    return [
        (None, copy.deepcopy(list(itertools.chain(
            server._pool_opts, client._client_opts,
            transport._transport_opts, dispatcher._dispatcher_opts)))),
        (NOTIFICATIONS_GROUP, copy.deepcopy(notifier._notifier_opts)),
    ]


def list_opts():
    return {rpc_group: rpc_opts}
