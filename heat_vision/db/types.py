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

"""Column types shared by the models and the migrations."""

from oslo_serialization import jsonutils
import sqlalchemy as sa
from sqlalchemy.dialects import mysql


def long_text():
    """Text that holds a whole template: MySQL's TEXT stops at 64 KiB."""
    return sa.Text().with_variant(mysql.LONGTEXT(), 'mysql',
                                  'mariadb')


def precise_datetime():
    """A naive UTC datetime with microseconds on every backend.

    MySQL's and MariaDB's DATETIME keeps whole seconds unless given a
    fractional-seconds precision; PostgreSQL's TIMESTAMP and sqlite keep
    microseconds already. Events of one second must stay in order.
    """
    return sa.DateTime().with_variant(mysql.DATETIME(fsp=6), 'mysql',
                                      'mariadb')


class Json(sa.types.TypeDecorator):
    """A JSON document stored as text, portable to every backend."""

    impl = sa.Text
    cache_ok = True

    def load_dialect_impl(self, dialect):
        if dialect.name in ('mysql', 'mariadb'):
            return dialect.type_descriptor(mysql.LONGTEXT())
        return dialect.type_descriptor(sa.Text())

    def process_bind_param(self, value, dialect):
        if value is None:
            return None
        return jsonutils.dumps(value)

    def process_result_value(self, value, dialect):
        if value is None:
            return None
        return jsonutils.loads(value)
