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

"""Queries on stacks and their raw templates."""

import hashlib
import itertools

from oslo_db import exception as db_exc
from oslo_serialization import jsonutils
from oslo_utils import timeutils
import sqlalchemy as sa
from sqlalchemy.dialects import mysql

from heat_vision.common import exception
from heat_vision.common import ids
from heat_vision.common import stack_users
from heat_vision.db import api as db_api
from heat_vision.db import models
from heat_vision.db import paging
from heat_vision.db import stack_tags

SORT_KEYS = {
    'stack_name': models.Stack.name,
    'stack_status': models.Stack.status,
    'creation_time': models.Stack.created_at,
    'updated_time': models.Stack.updated_at,
}
FILTER_KEYS = {
    'id': models.Stack.id,
    'name': models.Stack.name,
    'status': models.Stack.status,
    'action': models.Stack.action,
}
# Rows read at a time when the tag filters are checked in Python.
_BATCH = 100
# Stores of a template that a purge removed before it was used.
_STORE_TRIES = 3


def template_hash(project_id, template, files, environment):
    """The ``content_hash`` of a raw template (hex SHA-256)."""
    return hash_of(canonical_template(project_id, template, files,
                                      environment))


def canonical_template(project_id, template, files, environment):
    """The text ``template_hash`` hashes."""
    return jsonutils.dumps([project_id, template, files, environment],
                           sort_keys=True, separators=(',', ':'))


def hash_of(canonical):
    """The hash of a ``canonical_template`` text."""
    return hashlib.sha256(canonical.encode('utf-8')).hexdigest()


def raw_template_create(context, template, files=None, environment=None,
                        insert=True):
    """Store a raw template once per content and project.

    On a database server a template stored before is found by a plain
    read (``_stored``). Otherwise an insert that skips an existing hash
    (race-free across engines: the unique constraint decides), then a
    read of the row. On sqlite the insert always comes first, so that the
    transaction takes the write lock before it reads (a read first would
    pin a snapshot another writer can outdate).

    :param insert: False to leave a new template to the caller (see
        ``create.store``) rather than insert it in this transaction,
        where its row stays locked until the transaction ends.
    :returns: the id of the raw template row holding this content, or
        None for a new one that ``insert`` leaves out (database servers).
    """
    files, environment = files or {}, environment or {}
    digest = template_hash(context.project_id, template, files, environment)
    table = models.RawTemplate.__table__
    with db_api.writer(context) as session:
        if session.get_bind().dialect.name != 'sqlite':
            found = _stored(session, digest)
            if found is not None or not insert:
                return found
        session.execute(_insert_ignoring_duplicates(session, table), [{
            'content_hash': digest, 'created_at': timeutils.utcnow(),
            'template': template, 'files': files,
            'environment': environment}])
        # A locking read: on MySQL's REPEATABLE READ it sees the row that
        # another transaction committed after this one's snapshot.
        return session.execute(
            sa.select(models.RawTemplate.id).where(
                models.RawTemplate.content_hash == digest)
            .with_for_update(read=True)).scalar_one()


def raw_template_ids(context, templates):
    """Store raw templates once per content, several at once.

    :param templates: ``{template_hash: (template, files, environment)}``.
    :returns: ``{template_hash: raw template id}``.
    """
    table = models.RawTemplate.__table__
    digests = sorted(templates)
    now = timeutils.utcnow()
    found = {}
    with db_api.writer(context) as session:
        for start in range(0, len(digests), _BATCH):
            some = digests[start:start + _BATCH]
            session.execute(_insert_ignoring_duplicates(session, table), [{
                'content_hash': digest, 'created_at': now,
                'template': templates[digest][0],
                'files': templates[digest][1] or {},
                'environment': templates[digest][2] or {}}
                for digest in some])
            found.update(session.execute(
                sa.select(table.c.content_hash, table.c.id).where(
                    table.c.content_hash.in_(some))
                .with_for_update(read=True)).all())
    return found


def with_stored_template(context, template, files, environment, use):
    """Store a template, then ``use(template_id)`` to point a stack at it.

    The two are separate transactions (an update takes the stack's lock
    in between). A template stored long ago that no stack used since can
    be purged meanwhile (``purge.purge_deleted``): the foreign key then
    refuses ``use``'s write, which is rolled back, and the template is
    stored again.

    :returns: what ``use`` returns.
    """
    for attempt in range(_STORE_TRIES):
        template_id = raw_template_create(context, template, files,
                                          environment)
        try:
            return use(template_id)
        except db_exc.DBReferenceError:
            if attempt == _STORE_TRIES - 1:
                raise


def _stored(session, digest):
    """The id of the stored template of ``digest``, share-locked, or None.

    The insert's duplicate check would lock the existing row exclusively
    until the caller's transaction commits, and a stack's store holds its
    transaction open while it writes the resources: stores of one template
    (a burst of stacks from one template, group members) would wait for
    each other, across engines too. The shared lock taken here, by primary
    key so that it locks no gap, lets them run side by side and keeps
    ``purge`` from removing the row before the caller commits.
    """
    template = models.RawTemplate
    found = session.execute(sa.select(template.id).where(
        template.content_hash == digest)).scalar()
    if found is None:
        return None
    return session.execute(sa.select(template.id).where(
        template.id == found).with_for_update(read=True)).scalar()


def _insert_ignoring_duplicates(session, table):
    # The PostgreSQL and sqlite dialects' modules are imported here: the
    # engine that connects to one has loaded it, the others need not.
    dialect = session.get_bind().dialect.name
    if dialect == 'postgresql':
        from sqlalchemy.dialects import postgresql
        return postgresql.insert(table).on_conflict_do_nothing(
            index_elements=['content_hash'])
    if dialect == 'sqlite':
        from sqlalchemy.dialects import sqlite
        return sqlite.insert(table).on_conflict_do_nothing(
            index_elements=['content_hash'])
    insert = mysql.insert(table)
    return insert.on_duplicate_key_update(
        content_hash=insert.inserted.content_hash)


def raw_template_get(context, template_id):
    with db_api.reader(context) as session:
        row = session.get(models.RawTemplate, template_id)
        if row is None:
            raise exception.EntityNotFound(entity='Template',
                                           name=template_id)
        return row


def stack_create(context, values):
    """Insert a stack row. :returns: it, as a ``models.Stack`` that no
    session holds (as a row read and its session closed).

    A Core insert: the ORM's unit of work cost several times the
    statement, paid once per nested stack.
    """
    row = _new_stack(values)
    with db_api.writer(context) as session:
        session.execute(sa.insert(models.Stack.__table__), [row])
    return models.Stack(**row)


def _new_stack(values):
    """Every column of a new stack row, defaults filled in."""
    row = dict.fromkeys(_STACK_COLUMNS)
    row.update(created_at=timeutils.utcnow(), disable_rollback=True,
               nested_depth=0)
    row.update(values)
    if row['id'] is None:
        # A nested stack's id is chosen before (its definition has it):
        # the kernel's random source is read once per id, not twice.
        row['id'] = ids.generate_uuid()
    return row


_STACK_COLUMNS = tuple(column.name for column in models.Stack.__table__.c)


class StackRow:
    """A stack row not stored yet: a plain object with an attribute per
    column (an ORM instance cost a tenth of a small nested stack's
    create).
    """

    __slots__ = _STACK_COLUMNS

    def __init__(self, values):
        for name in _STACK_COLUMNS:
            setattr(self, name, values[name])


def new_stack_row(values):
    """A stack row not stored yet (``stack_insert_many`` stores it)."""
    return StackRow(_new_stack(values))


def stack_insert_many(context, rows):
    """Store stack rows made by ``new_stack_row`` (as they are now), in
    one statement batch.
    """
    if not rows:
        return
    with db_api.writer(context) as session:
        session.execute(sa.insert(models.Stack.__table__), [
            {name: getattr(row, name) for name in _STACK_COLUMNS}
            for row in rows])


def stack_get(context, stack_id, show_deleted=False):
    """:raises: StackNotFound, also when the stack is another project's."""
    with db_api.reader(context) as session:
        stack = session.get(models.Stack, stack_id)
    if (stack is None or
            (stack.deleted_at is not None and not show_deleted) or
            not _visible(context, stack)):
        raise exception.StackNotFound(stack_id)
    return stack


def stack_get_plain(context, stack_id, show_deleted=False):
    """``stack_get`` as a plain row (read only): a Core read of the row,
    without the ORM's identity map and instance, which were most of a
    client's poll of the stack (``show_stack`` without outputs).

    :raises: StackNotFound, also when the stack is another project's.
    """
    with db_api.reader_connection(context) as connection:
        stack = connection.execute(_GET_STACK, {'id': stack_id}).first()
    if (stack is None or
            (stack.deleted_at is not None and not show_deleted) or
            not _visible(context, stack)):
        raise exception.StackNotFound(stack_id)
    return stack


_STACK = models.Stack.__table__
# Built once, as tasks' job_get: building it for each read cost its
# clause and its cache key every time.
_GET_STACK = sa.select(_STACK).where(_STACK.c.id == sa.bindparam('id'))


def live_children(context, owner_id):
    """The live child stacks of ``owner_id`` and their raw templates.

    :returns: ``([stack rows], {raw template id: raw template row})``,
        in one read transaction.
    """
    with db_api.reader(context) as session:
        rows = session.query(models.Stack).filter(
            models.Stack.owner_id == owner_id,
            models.Stack.deleted_at.is_(None)).all()
        rows = [row for row in rows if _visible(context, row)]
        template_ids = sorted({row.raw_template_id for row in rows})
        raws = {}
        for start in range(0, len(template_ids), _BATCH):
            for raw in session.query(models.RawTemplate).filter(
                    models.RawTemplate.id.in_(
                        template_ids[start:start + _BATCH])):
                raws[raw.id] = raw
    return rows, raws


def stack_get_by_name(context, name):
    """The live stack called ``name`` in the context's project, or None;
    for a stack-domain user, its own stack of that name (as Heat's
    ``stack_get_by_name`` also matches ``stack_user_project_id``).
    """
    with db_api.reader(context) as session:
        found = session.query(models.Stack).filter_by(
            project_id=context.project_id, name=name, deleted_at=None,
            owner_id=None).first()
        if found is not None or not stack_users.may_be_stack_user(context):
            return found
        return next((stack for stack in session.query(
            models.Stack).filter_by(name=name, deleted_at=None,
                                    owner_id=None).limit(100)
            if stack_users.is_stack_user_of(context, stack)), None)


def stack_get_all(context, limit=None, marker=None, sort_keys=None,
                  sort_dir='desc', filters=None, show_deleted=False,
                  show_nested=False, all_projects=False, tag_filters=None):
    """Stacks of the context's project, newest first.

    :param show_nested: include nested stacks (rows with an owner).
    :param all_projects: every project's stacks, not only the context's.
    :param tag_filters: ``{tags, tags_any, not_tags, not_tags_any}``,
        each a list of tags (see ``stack_tags``).
    :returns: plain rows of the columns a summary shows.
    """
    tag_filters = stack_tags.active(tag_filters)
    # The stack a marker names, read first: the list itself is a Core
    # SELECT of the table's columns on a connection, with neither ORM
    # instances (their state was most of a list's CPU in the engine), nor
    # the ORM's compiling and running of a query of columns (a sixth of
    # what was left), nor a session (a third of a short read).
    mark = (_marker_stack(context, marker, all_projects)
            if marker else None)
    with db_api.reader_connection(context) as connection:
        sort_dir = 'asc' if sort_dir == 'asc' else 'desc'
        # What most lists are (a project's first page, no filter but the
        # hidden stacks' tags): the same statement each time.
        usual = (not filters and not marker and not (
            tag_filters and (tag_filters.get('tags') or
                             tag_filters.get('tags_any'))))
        key = (all_projects, None if all_projects else context.project_id,
               show_deleted, show_nested, tuple(sort_keys or ()), sort_dir)
        query = _USUAL_LISTS.get(key) if usual else None
        if query is None:
            query = _sorted_select(context, sort_keys, sort_dir, mark,
                                   filters, show_deleted, show_nested,
                                   all_projects, tag_filters)
            if usual:
                if len(_USUAL_LISTS) >= _USUAL_LISTS_KEPT:
                    _USUAL_LISTS.clear()
                _USUAL_LISTS[key] = query
        if tag_filters is None:
            return connection.execute(
                query.limit(limit) if limit else query).all()
        if not limit:
            return [row for row in connection.execute(query)
                    if stack_tags.matches(row.tags, tag_filters)]
        # NOTE(heat-vision): rows are streamed so that a page stops
        # reading at its limit.
        rows = (row for row in connection.execute(
                    query.execution_options(yield_per=_BATCH))
                if stack_tags.matches(row.tags, tag_filters))
        return list(itertools.islice(rows, limit))


#: The statements of the usual lists, by project and options: building
#: one (its conditions, order and cache key) was a tenth of the CPU of a
#: list of twenty stacks. A statement is immutable, so threads share it.
_USUAL_LISTS = {}
_USUAL_LISTS_KEPT = 256


def _sorted_select(context, sort_keys, sort_dir, mark, filters,
                   show_deleted, show_nested, all_projects, tag_filters):
    query = _list_select(context, filters, show_deleted, show_nested,
                         all_projects, tag_filters)
    order = [_TABLE.c[SORT_KEYS[k].key]
             for k in (sort_keys or ['creation_time'])]
    order.append(_TABLE.c.id)
    return paging.sorted_after(query, order, sort_dir, mark)


_TABLE = models.Stack.__table__
_SUMMARY_COLUMNS = tuple(_TABLE.c[name] for name in (
    'id', 'name', 'description', 'project_id', 'username', 'action',
    'status', 'status_reason', 'owner_id', 'tags', 'created_at',
    'updated_at', 'deleted_at'))


def _list_select(context, filters, show_deleted, show_nested, all_projects,
                 tag_filters):
    """``_list_query``'s rows as a Core SELECT of the summary's columns,
    on the table's own columns (an ORM attribute anywhere in it makes
    SQLAlchemy compile and run it as an ORM statement).
    """
    return _listed(sa.select(*_SUMMARY_COLUMNS), _TABLE.c, context,
                   filters, show_deleted, show_nested, all_projects,
                   tag_filters)


def stack_count(context, filters=None, show_deleted=False,
                show_nested=False, all_projects=False, tag_filters=None):
    """How many stacks stack_get_all() would list without a limit."""
    tag_filters = stack_tags.active(tag_filters)
    with db_api.reader(context) as session:
        query = _list_query(session, context, filters, show_deleted,
                            show_nested, all_projects, tag_filters)
        if tag_filters is None:
            return query.count()
        return sum(1 for (tags,) in query.with_entities(models.Stack.tags)
                   if stack_tags.matches(tags, tag_filters))


def stack_update(context, stack_id, values, expected_status=None):
    """Update one stack. :returns: False if ``expected_status`` differs."""
    table = models.Stack.__table__
    update = sa.update(table).where(table.c.id == stack_id)
    if expected_status is not None:
        update = update.where(table.c.status == expected_status)
    values.setdefault('updated_at', timeutils.utcnow())
    with db_api.writer(context) as session:
        # Core, not the ORM's query update: no Stack of this session is
        # read after it, and the ORM's cost several times the statement.
        return session.execute(update.values(values)).rowcount > 0


def stack_update_many(context, changes):
    """Apply ``[{'id': .., column: value, ...}, ...]``: one statement
    batch per set of columns.
    """
    table = models.Stack.__table__
    batches = {}
    for change in changes:
        batches.setdefault(frozenset(change), []).append(change)
    if not batches:
        return
    update = sa.update(table).where(table.c.id == sa.bindparam('stack_id'))
    with db_api.writer(context) as session:
        for batch in batches.values():
            session.execute(update, [
                {('stack_id' if key == 'id' else key): value
                 for key, value in change.items()} for change in batch])


def stack_soft_delete(context, stack_id):
    return stack_update(context, stack_id,
                        {'deleted_at': timeutils.utcnow()})


def _project_query(session, context, show_deleted, show_nested=False,
                   all_projects=False):
    return _listed(session.query(models.Stack), models.Stack, context, None,
                   show_deleted, show_nested, all_projects, None)


def _list_query(session, context, filters, show_deleted, show_nested,
                all_projects, tag_filters):
    return _listed(session.query(models.Stack), models.Stack, context,
                   filters, show_deleted, show_nested, all_projects,
                   tag_filters)


def _listed(query, columns, context, filters, show_deleted, show_nested,
            all_projects, tag_filters):
    """``query`` narrowed to the stacks a list shows.

    :param columns: what the conditions are written on: ``models.Stack``
        for an ORM query, the table's ``c`` for a Core SELECT.
    """
    if not all_projects:
        query = query.filter(columns.project_id == context.project_id)
    if not show_nested:
        query = query.filter(columns.owner_id.is_(None))
    if not show_deleted:
        query = query.filter(columns.deleted_at.is_(None))
    for key, values in (filters or {}).items():
        values = values if isinstance(values, list) else [values]
        column = getattr(columns, FILTER_KEYS[key].key)
        query = query.filter(column.in_(values))
    if tag_filters:
        query = stack_tags.prefilter(query, tag_filters, columns.tags)
    return query


def _marker_stack(context, marker, all_projects):
    """The stack a page marker names (the next page starts after it).

    Another project's stack is as unknown a marker as a missing one.
    """
    with db_api.reader(context) as session:
        mark = _project_query(
            session, context, show_deleted=True, show_nested=True,
            all_projects=all_projects).filter(
                models.Stack.id == marker).first()
    if mark is None:
        raise exception.NotFound(
            reason='Marker %s is not a stack of this project.' % marker)
    return mark


def _visible(context, stack):
    return (context.is_admin or stack.project_id == context.project_id
            or stack_users.is_stack_user_of(context, stack))


def stack_get_children(context, owner_ids):
    """The live nested stacks of the stacks ``owner_ids``, in one query."""
    if not owner_ids:
        return []
    with db_api.reader(context) as session:
        return session.query(models.Stack).filter(
            models.Stack.owner_id.in_(list(owner_ids)),
            models.Stack.deleted_at.is_(None)).all()


def stack_get_in_progress(context):
    """Top-level stacks with an operation under way, with their lock owner.

    :returns: a list of (stack row, engine id holding its lock or None).
    """
    with db_api.reader(context) as session:
        query = session.query(models.Stack, models.StackLock.engine_id).\
            outerjoin(models.StackLock,
                      models.StackLock.stack_id == models.Stack.id).\
            filter(models.Stack.status == 'IN_PROGRESS',
                   models.Stack.owner_id.is_(None),
                   models.Stack.deleted_at.is_(None))
        return query.all()
