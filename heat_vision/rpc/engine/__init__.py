"""The engine RPC client, one mixin module per area of the API.

Each module here serves the same methods as the endpoint module of the
same name in ``heat_vision.engine.endpoints``; ``base`` holds what they
share (the oslo.messaging client and the version checks), and
``heat_vision.rpc.engine_client.EngineClient`` composes them with the
API's version and its history.
"""
