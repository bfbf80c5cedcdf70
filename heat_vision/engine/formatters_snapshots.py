"""Stack snapshots as the engine RPC API gives them (Heat's keys)."""

from heat_vision.engine import formatters

SNAPSHOT_KEYS = (ID, NAME, STATUS, STATUS_REASON, DATA, CREATION_TIME) = (
    'id', 'name', 'status', 'status_reason', 'data', 'creation_time')


def format_snapshot(row):
    return {ID: row.id, NAME: row.name, STATUS: row.status,
            STATUS_REASON: row.status_reason, DATA: row.data,
            CREATION_TIME: formatters.isotime(row.created_at)}
