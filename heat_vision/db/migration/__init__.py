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

"""Schema migrations (alembic): ``db sync`` and ``db version``.

alembic is imported by the functions that use it: it costs a process
~0.2 s of CPU, and heat-vision-manage's other commands never need it.
"""

import os

from heat_vision.db import api as db_api

_HERE = os.path.dirname(os.path.abspath(__file__))


def _config(engine):
    from alembic import config as alembic_config
    config = alembic_config.Config()
    config.set_main_option('script_location', _HERE)
    config.attributes['engine'] = engine
    return config


def db_sync(engine=None, revision='head'):
    """Upgrade the database to ``revision`` (the newest by default)."""
    from alembic import command as alembic_command
    engine = engine or db_api.get_engine()
    alembic_command.upgrade(_config(engine), revision)


def db_version(engine=None):
    """:returns: the revision the database is at, or None if empty."""
    from alembic import migration as alembic_migration
    engine = engine or db_api.get_engine()
    with engine.connect() as conn:
        return alembic_migration.MigrationContext.configure(
            conn).get_current_revision()


def head_revision():
    """:returns: the newest revision the migrations know."""
    from alembic import script as alembic_script
    return alembic_script.ScriptDirectory(_HERE).get_current_head()
