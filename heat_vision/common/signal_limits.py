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

"""Bounds on what a signal may carry and how many a handle keeps.

A signal's JSON is stored in its resource (a wait condition handle's
metadata keeps every one), read back on each later signal and on each
check of the wait condition: both its size and the number of signals a
handle keeps are bounded, by ``[DEFAULT] max_signal_size`` and
``max_signals_per_handle``. The API checks the size before the engine is
called, the engine again for any RPC caller.
"""

from oslo_config import cfg
from oslo_serialization import jsonutils

from heat_vision.common import exception
from heat_vision.common.i18n import _

CONF = cfg.CONF

#: The header naming a signal's idempotency key (its id), and the longest.
IDEMPOTENCY_KEY = 'Idempotency-Key'
MAX_KEY_LENGTH = 255


def check_size(details):
    """:raises: SignalTooLarge if ``details``, as compact JSON, is larger
    than ``max_signal_size`` bytes.
    """
    if details is None:
        return
    size = len(jsonutils.dump_as_bytes(details, separators=(',', ':')))
    if size > CONF.max_signal_size:
        raise exception.SignalTooLarge(size=size,
                                       limit=CONF.max_signal_size)


def check_count(resource_name, kept):
    """Refuse a new signal id when the handle already keeps ``kept``.

    :raises: RequestLimitExceeded naming ``max_signals_per_handle``.
    """
    limit = CONF.max_signals_per_handle
    if kept >= limit:
        raise exception.RequestLimitExceeded(
            message=_('%(name)s already keeps %(limit)d signals '
                      '(max_signals_per_handle); a signal with a new id is '
                      'refused.') % {'name': resource_name, 'limit': limit})


def check_key(key):
    """:returns: ``key``, an idempotency key, once it is usable.

    :raises: InvalidParameter unless it has 1 to MAX_KEY_LENGTH printable
        ASCII characters.
    """
    if key is None:
        return None
    if not (0 < len(key) <= MAX_KEY_LENGTH and key.isascii() and
            key.isprintable()):
        raise exception.InvalidParameter(
            reason=_('%(header)s: must be 1 to %(max)d printable ASCII '
                     'characters') % {'header': IDEMPOTENCY_KEY,
                                      'max': MAX_KEY_LENGTH})
    return key
