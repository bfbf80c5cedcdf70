"""The ``alarm_url`` and ``signal_url`` attributes of signalled resources.

Shared by ``OS::Heat::ScalingPolicy`` and ``OS::HeatVision::CEP``: the
first is signed with the secret the resource keeps (no Keystone needed),
the second is the authenticated resource signal API.
"""

from heat_vision.common import signing


def alarm_url(plugin):
    """:returns: the signed signal URL of ``plugin``, once it has a secret.
    """
    secret = plugin.data.get(signing.SECRET_KEY)
    if not secret:
        return None
    return signing.signal_url(plugin.stack.id, plugin.name, secret)


def signal_url(plugin):
    """:returns: the resource signal API URL of ``plugin``, once created.
    """
    if not plugin.resource_id:
        return None
    return signing.resource_signal_url(
        plugin.context.project_id, plugin.stack.name, plugin.stack.id,
        plugin.name)
