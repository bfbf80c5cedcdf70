"""alembic environment: runs migrations on the engine it is handed."""

from alembic import context

from heat_vision.db import models

target_metadata = models.Base.metadata


def run_migrations_online():
    engine = context.config.attributes['engine']
    with engine.begin() as connection:
        context.configure(connection=connection,
                          target_metadata=target_metadata,
                          render_as_batch=True)
        context.run_migrations()


run_migrations_online()
