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

"""What every engine RPC client mixin shares: the client and its versions.

Every method sends at the version that introduced it or its latest
argument. During a rolling upgrade ``[rpc] engine_version_cap`` keeps the
API below the oldest engine's version: a newer method is then refused,
and a newer argument is left out when it has its default value (an older
engine does the same without it) or refused when it has not.
"""

from oslo_config import cfg
import oslo_messaging as messaging

from heat_vision.common import exception
from heat_vision.rpc import transport

CONF = cfg.CONF


class EngineClientBase:
    """Builds the oslo.messaging client; the mixins add the methods."""

    BASE_RPC_API_VERSION = '1.0'

    def __init__(self, topic=None, guard=None):
        """:param guard: a ``heat_vision.rpc.guard.CallGuard`` the API's
            calls go through; engines calling each other have none.
        """
        target = messaging.Target(
            topic=topic or CONF.rpc.engine_topic,
            version=self.BASE_RPC_API_VERSION)
        self._version_cap = CONF.rpc.engine_version_cap
        self._client = transport.get_rpc_client(
            target, version_cap=self._version_cap)
        self._guard = guard

    def can_send_version(self, version):
        return self._client.can_send_version(version)

    def _prepare(self, method, version, **kwargs):
        """:raises: NotSupported when the engines may be older."""
        self._check_version(method, version)
        return self._client.prepare(version=version, **kwargs)

    def _call(self, ctxt, method, version, **kwargs):
        def send(**options):
            return self._prepare(method, version, **options).call(
                ctxt, method, **kwargs)
        return self._send(send)

    def _cast(self, ctxt, method, version, **kwargs):
        def send(**options):
            self._prepare(method, version, **options).cast(
                ctxt, method, **kwargs)
        return self._send(send)

    def _send(self, send):
        """Through the guard (the API's calls), or directly."""
        return send() if self._guard is None else self._guard.call(send)

    def _check_version(self, feature, version):
        if not self.can_send_version(version):
            raise exception.NotSupported(feature=feature, version=version,
                                         cap=self._version_cap)

    def _version_for(self, feature, version, older, used):
        """The version to send a call whose newest part came in ``version``.

        :param feature: what needs ``version``, for the error message.
        :param older: the version the call had before.
        :param used: whether the request uses what came in ``version``.
        :returns: ``version``, or ``older`` for older engines when the
            request does not use the newer part.
        :raises: NotSupported when it does and the engines may be older.
        """
        if self.can_send_version(version):
            return version
        if used:
            self._check_version(feature, version)
        return older

    def _newer_args(self, method, kwargs, version, older, **defaults):
        """The version to send ``kwargs`` at; some came in ``version``.

        :param defaults: the arguments of ``kwargs`` added in ``version``,
            with their default values. For older engines they are removed
            from ``kwargs`` when they all have their default.
        :returns: ``version``, or ``older`` for older engines.
        :raises: NotSupported naming the arguments given a value.
        """
        used = [name for name, default in defaults.items()
                if kwargs[name] != default]
        feature = '%s(%s)' % (method, ', '.join(used))
        sent = self._version_for(feature, version, older, used)
        if sent != version:
            for name in defaults:
                del kwargs[name]
        return sent
