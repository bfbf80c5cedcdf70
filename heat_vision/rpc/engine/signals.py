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

"""Engine RPC client methods of resource signals.

Served by ``heat_vision.engine.endpoints.signals``.
"""


class SignalMethods:
    """Client side of ``SignalEndpoint``."""

    def resource_signal(self, ctxt, stack_identity, resource_name,
                        details=None, sync_call=False, signal_id=None):
        """Signal a resource (``handle_signal``), as the caller.

        :param details: the JSON the signaller sent, or None.
        :param sync_call: accepted for Heat compatibility; a signal to a
            scaling policy is applied in the background, any other before
            the engine answers.
        :param signal_id: the caller's idempotency key (a retry with the
            same one does nothing), or None.
        :returns: the signal's id, status and event id for a signal
            applied in the background or recognised as a retry, else None
        :raises: StackNotFound, ResourceNotFound, Invalid (the resource
            refused the signal)
        """
        kwargs = dict(stack_identity=stack_identity,
                      resource_name=resource_name, details=details,
                      sync_call=sync_call, signal_id=signal_id)
        version = self._newer_args('resource_signal', kwargs, '1.15', '1.4',
                                   signal_id=None)
        return self._call(ctxt, 'resource_signal', version=version,
                          **kwargs)

    def signal_with_credential(self, ctxt, stack_id, resource_name,
                               credential, details=None, signal_id=None):
        """Signal a resource through its own credential (no Keystone).

        :param credential: ``{'token': X-Auth-Token, 'signature': the
            URL's signature}``, checked by the engine against the secret
            the resource keeps.
        :param signal_id: as ``resource_signal``'s.
        :returns: as ``resource_signal``.
        :raises: Forbidden, StackNotFound, ResourceNotFound, Invalid
        """
        kwargs = dict(stack_id=stack_id, resource_name=resource_name,
                      credential=credential, details=details,
                      signal_id=signal_id)
        version = self._newer_args('signal_with_credential', kwargs, '1.15',
                                   '1.4', signal_id=None)
        return self._call(ctxt, 'signal_with_credential', version=version,
                          **kwargs)
