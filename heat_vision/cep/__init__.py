"""User-defined CEPs: the signed-request contract and two sample CEPs.

``signature`` is the contract both sides share: heat-vision signs each
dispatch with it and a CEP checks it. ``app`` is a small WSGI service that
checks a dispatch, hands it to a strategy (a ``heat_vision.cep`` entry
point: ``eca.rate_limit``, ``mape.moving_average``) and calls back the
action URLs the strategy chose. Nothing here imports the engine.
"""
