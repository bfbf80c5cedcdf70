"""RPC plumbing: transports, serializer, and the versioned engine client.

The API imports only this package to reach the engine.
"""
