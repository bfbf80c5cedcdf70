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

"""alembic environment: runs migrations on the engine it is handed."""

from alembic import context

from heat_vision.db import models

# TaskFlow's logbook tables too (declared on demand).
models.taskflow_tables()
target_metadata = models.Base.metadata


def run_migrations_online():
    engine = context.config.attributes['engine']
    with engine.begin() as connection:
        context.configure(connection=connection,
                          target_metadata=target_metadata,
                          render_as_batch=True)
        context.run_migrations()


run_migrations_online()
