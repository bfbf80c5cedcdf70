"""The request context carried from the API, over RPC, to the engine."""

from oslo_context import context
from oslo_db.sqlalchemy import enginefacade


@enginefacade.transaction_context_provider
class RequestContext(context.RequestContext):
    """oslo.context's context, able to carry a database transaction.

    ``sealed_trust``: the encrypted Keystone trust the work of this
    context may act with when it has no token of its own (a stack's, see
    ``common.trusts``). It lives on the object only: ``to_dict`` (RPC,
    logs, notifications) never carries it.
    """

    sealed_trust = None

    @classmethod
    def from_dict(cls, values, **kwargs):
        return super().from_dict(values, **kwargs)


def get_admin_context():
    """A context for the engine's own work (heartbeats, take-overs)."""
    return RequestContext(is_admin=True, overwrite=False)
