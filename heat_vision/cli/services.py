"""``service list``: the engines the service runs (admin only)."""

from cliff import lister

from heat_vision.cli import common

FIELDS = (('hostname', 'Hostname'), ('binary', 'Binary'),
          ('engine_id', 'Engine ID'), ('host', 'Host'), ('topic', 'Topic'),
          ('updated_at', 'Updated At'), ('status', 'Status'))


class ListServices(lister.Lister):
    """List the orchestration engines and their status."""

    def take_action(self, args):
        found = self.app.client.get('services').get('services', [])
        return common.list_rows(found, FIELDS)
