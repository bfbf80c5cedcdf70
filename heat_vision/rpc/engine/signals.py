"""Engine RPC client methods of resource signals.

Served by ``heat_vision.engine.endpoints.signals``.
"""


class SignalMethods:
    """Client side of ``SignalEndpoint``."""

    def resource_signal(self, ctxt, stack_identity, resource_name,
                        details=None, sync_call=False):
        """Signal a resource (``handle_signal``), as the caller.

        :param details: the JSON the signaller sent, or None.
        :param sync_call: accepted for Heat compatibility; the engine
            always handles the signal before answering.
        :returns: None
        :raises: StackNotFound, ResourceNotFound, Invalid (the resource
            refused the signal)
        """
        return self._call(ctxt, 'resource_signal', version='1.4',
                          stack_identity=stack_identity,
                          resource_name=resource_name, details=details,
                          sync_call=sync_call)

    def signal_with_credential(self, ctxt, stack_id, resource_name,
                               credential, details=None):
        """Signal a resource through its own credential (no Keystone).

        :param credential: ``{'token': X-Auth-Token, 'signature': the
            URL's signature}``, checked by the engine against the secret
            the resource keeps.
        :returns: None
        :raises: Forbidden, StackNotFound, ResourceNotFound, Invalid
        """
        return self._call(ctxt, 'signal_with_credential', version='1.4',
                          stack_id=stack_id, resource_name=resource_name,
                          credential=credential, details=details)
