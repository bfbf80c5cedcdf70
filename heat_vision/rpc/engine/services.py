"""Engine RPC client methods of the service list.

Served by ``heat_vision.engine.endpoints.services``.
"""


class ServiceMethods:
    """Client side of ``ServiceEndpoint``."""

    def ping(self, ctxt):
        """One round trip to any engine, bypassing the guard's checks
        (with its short timeout).

        :returns: the answering engine's id.
        """
        options = {} if self._guard is None else self._guard.ping_options()
        return self._prepare('ping', '1.10', **options).call(ctxt, 'ping')

    def list_services(self, ctxt):
        """:returns: every engine's service record with its status."""
        return self._call(ctxt, 'list_services', version='1.0')
