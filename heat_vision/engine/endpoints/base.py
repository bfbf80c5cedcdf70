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

"""What every engine RPC endpoint shares: the API version it serves and
the marking of the caller's errors.

Every endpoint has the same ``RPC_API_VERSION``, bumped with the
client's (the history is in ``heat_vision.rpc.engine_client``).
"""

import functools

import oslo_messaging as messaging

from heat_vision.common import exception

RPC_API_VERSION = '1.17'


def user_errors(func):
    """Mark heat-vision's exceptions as the caller's errors.

    The RPC server then neither logs them as failures nor hides them from
    the client; unlike oslo.messaging's own decorator, the method keeps
    its name and signature.
    """
    wrapped = messaging.expected_exceptions(exception.HeatVisionException)(
        func)
    return functools.wraps(func)(wrapped)
