"""Engine RPC client methods of the service list.

Served by ``heat_vision.engine.endpoints.services``.
"""


class ServiceMethods:
    """Client side of ``ServiceEndpoint``."""

    def list_services(self, ctxt):
        """:returns: every engine's service record with its status."""
        return self._call(ctxt, 'list_services', version='1.0')
