"""Database options: oslo.db's own, with heat-vision's defaults."""

from oslo_db import options as db_options

# NOTE(heat-vision): $state_path is interpolated by oslo.config, so the
# embedded default follows --state-path.
DEFAULT_CONNECTION = 'sqlite:///$state_path/heat-vision.sqlite'


def register_opts(conf):
    db_options.set_defaults(conf, connection=DEFAULT_CONNECTION)


def list_opts():
    return {'database': db_options.database_opts}
