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

"""SQLAlchemy models of heat-vision's tables.

Every change here needs an alembic migration under ``migration/``; the
models-vs-migrations test compares the two on every backend.
"""

from oslo_utils import timeutils
from oslo_utils import uuidutils
import sqlalchemy as sa
from sqlalchemy import orm

from heat_vision.db import types


class Base(orm.DeclarativeBase):
    pass


class TimestampMixin:
    created_at = sa.Column(types.precise_datetime(),
                           default=timeutils.utcnow, nullable=False)
    updated_at = sa.Column(types.precise_datetime(),
                           onupdate=timeutils.utcnow)


class Service(TimestampMixin, Base):
    """A running engine; ``updated_at`` is its heartbeat."""

    __tablename__ = 'service'

    id = sa.Column(sa.String(36), primary_key=True,
                   default=uuidutils.generate_uuid)
    engine_id = sa.Column(sa.String(36), nullable=False, unique=True)
    host = sa.Column(sa.String(255), nullable=False)
    hostname = sa.Column(sa.String(255), nullable=False)
    binary = sa.Column(sa.String(255), nullable=False)
    topic = sa.Column(sa.String(255), nullable=False)
    report_interval = sa.Column(sa.Integer, nullable=False)
    deleted_at = sa.Column(types.precise_datetime())


class RawTemplate(TimestampMixin, Base):
    """A template as submitted, with its files and environment.

    Stored once per content and project: ``content_hash`` (unique) is the
    SHA-256 of the three documents and the project, so nested stacks,
    group members and updates that reuse a template share its row.
    """

    __tablename__ = 'raw_template'
    __table_args__ = (
        sa.UniqueConstraint('content_hash',
                            name='uniq_raw_template0content_hash'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    content_hash = sa.Column(sa.String(64))
    template = sa.Column(types.Json, nullable=False)
    files = sa.Column(types.Json)
    environment = sa.Column(types.Json)


class Stack(TimestampMixin, Base):
    __tablename__ = 'stack'
    __table_args__ = (
        sa.Index('ix_stack_project_name', 'project_id', 'name'),
        # A project's live top-level stacks (its list, its count against
        # max_stacks_per_tenant) among its deleted and nested ones.
        sa.Index('ix_stack_project_live', 'project_id', 'deleted_at',
                 'owner_id'),
        # The engines' sweep, each heartbeat, for stacks whose operation
        # no engine carries on (``stack_get_in_progress``).
        sa.Index('ix_stack_status_live', 'status', 'deleted_at',
                 'owner_id'),
        sa.Index('ix_stack_owner_id', 'owner_id'),
        # For the purge of unused templates and the foreign keys' checks
        # when it deletes them (PostgreSQL does not index a foreign key).
        sa.Index('ix_stack_raw_template_id', 'raw_template_id'),
        sa.Index('ix_stack_prev_raw_template_id', 'prev_raw_template_id'),
    )

    id = sa.Column(sa.String(36), primary_key=True,
                   default=uuidutils.generate_uuid)
    name = sa.Column(sa.String(255), nullable=False)
    description = sa.Column(sa.Text)
    project_id = sa.Column(sa.String(64), nullable=False)
    user_id = sa.Column(sa.String(64))
    username = sa.Column(sa.String(256))
    raw_template_id = sa.Column(sa.Integer, sa.ForeignKey('raw_template.id'),
                                nullable=False)
    prev_raw_template_id = sa.Column(sa.Integer,
                                     sa.ForeignKey('raw_template.id'))
    action = sa.Column(sa.String(255), nullable=False)
    status = sa.Column(sa.String(255), nullable=False)
    status_reason = sa.Column(sa.Text)
    timeout = sa.Column(sa.Integer)
    disable_rollback = sa.Column(sa.Boolean, nullable=False, default=True)
    owner_id = sa.Column(sa.String(36))
    nested_depth = sa.Column(sa.Integer, nullable=False, default=0)
    tags = sa.Column(types.Json)
    deleted_at = sa.Column(types.precise_datetime())
    # A top-level stack's Keystone trust, encrypted (common.trusts.seal),
    # the user who gave it, and whether it is a task job's (not deleted
    # with the stack); nested stacks use their root's.
    sealed_trust = sa.Column(sa.Text)
    trustor_user_id = sa.Column(sa.String(64))
    trust_borrowed = sa.Column(sa.Boolean)

    raw_template = orm.relationship(RawTemplate,
                                    foreign_keys=[raw_template_id])


class Resource(TimestampMixin, Base):
    __tablename__ = 'resource'
    __table_args__ = (
        sa.Index('ix_resource_stack_id', 'stack_id'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    uuid = sa.Column(sa.String(36), nullable=False, unique=True,
                     default=uuidutils.generate_uuid)
    stack_id = sa.Column(sa.String(36), sa.ForeignKey('stack.id'),
                         nullable=False)
    name = sa.Column(sa.String(255), nullable=False)
    type = sa.Column(sa.String(255), nullable=False)
    action = sa.Column(sa.String(255), nullable=False)
    status = sa.Column(sa.String(255), nullable=False)
    status_reason = sa.Column(sa.Text)
    physical_resource_id = sa.Column(sa.String(255))
    properties_data = sa.Column(types.Json)
    attr_data = sa.Column(types.Json)
    rsrc_metadata = sa.Column(types.Json)
    requires = sa.Column(types.Json)
    # The names among requires that no function or depends_on names
    # (Heat's implicit dependencies).
    implicit_requires = sa.Column(types.Json)
    replaces = sa.Column(sa.Integer)
    replaced_by = sa.Column(sa.Integer)


class Event(Base):
    __tablename__ = 'event'
    __table_args__ = (
        sa.Index('ix_event_stack_id', 'stack_id', 'id'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    uuid = sa.Column(sa.String(36), nullable=False, unique=True,
                     default=uuidutils.generate_uuid)
    stack_id = sa.Column(sa.String(36), sa.ForeignKey('stack.id'),
                         nullable=False)
    resource_name = sa.Column(sa.String(255), nullable=False)
    physical_resource_id = sa.Column(sa.String(255))
    resource_type = sa.Column(sa.String(255))
    resource_action = sa.Column(sa.String(255), nullable=False)
    resource_status = sa.Column(sa.String(255), nullable=False)
    resource_status_reason = sa.Column(sa.Text)
    resource_properties = sa.Column(types.Json)
    created_at = sa.Column(types.precise_datetime(),
                           default=timeutils.utcnow, nullable=False)


class StackLock(TimestampMixin, Base):
    """Which engine is acting on a stack right now."""

    __tablename__ = 'stack_lock'

    stack_id = sa.Column(sa.String(36), sa.ForeignKey('stack.id'),
                         primary_key=True)
    engine_id = sa.Column(sa.String(36), nullable=False)


# Task system (heat_vision.tasks) ----------------------------------------

class TaskJob(TimestampMixin, Base):
    """A job of the task system; its runs are TaskFlow flows."""

    __tablename__ = 'task_job'
    __table_args__ = (
        sa.Index('ix_task_job_project_created', 'project_id', 'created_at'),
        sa.Index('ix_task_job_status_next_run', 'status', 'next_run_at'),
    )

    id = sa.Column(sa.String(36), primary_key=True,
                   default=uuidutils.generate_uuid)
    project_id = sa.Column(sa.String(64), nullable=False)
    user_id = sa.Column(sa.String(64))
    name = sa.Column(sa.String(255), nullable=False)
    kind = sa.Column(sa.String(16), nullable=False)
    status = sa.Column(sa.String(16), nullable=False)
    status_reason = sa.Column(sa.Text)
    document = sa.Column(types.Json, nullable=False)
    context = sa.Column(types.Json)
    current_run = sa.Column(sa.Integer, nullable=False, default=1)
    runs = sa.Column(sa.Integer, nullable=False, default=0)
    failures = sa.Column(sa.Integer, nullable=False, default=0)
    result = sa.Column(types.Json)
    owner = sa.Column(sa.String(255))
    cancel_requested = sa.Column(sa.Boolean, nullable=False, default=False)
    deadline = sa.Column(types.precise_datetime())
    next_run_at = sa.Column(types.precise_datetime())
    started_at = sa.Column(types.precise_datetime())
    ended_at = sa.Column(types.precise_datetime())


class TaskRun(Base):
    """One run of a task job: its history, kept up to a bound per job."""

    __tablename__ = 'task_run'
    __table_args__ = (
        sa.UniqueConstraint('job_id', 'run', name='uniq_task_run0job_run'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    job_id = sa.Column(sa.String(36),
                       sa.ForeignKey('task_job.id', ondelete='CASCADE'),
                       nullable=False)
    run = sa.Column(sa.Integer, nullable=False)
    status = sa.Column(sa.String(16), nullable=False)
    owner = sa.Column(sa.String(255))
    result = sa.Column(types.Json)
    error = sa.Column(sa.Text)
    planned_at = sa.Column(types.precise_datetime())
    started_at = sa.Column(types.precise_datetime(), nullable=False)
    ended_at = sa.Column(types.precise_datetime())


_TASKFLOW_TABLES = []


def taskflow_tables():
    """TaskFlow's logbook tables, declared in ``Base.metadata`` at the
    first call.

    NOTE(heat-vision): TaskFlow's logbook tables share this database;
    they are declared (from TaskFlow's own definition) for what compares
    the models with the migrations (0002_tasks creates them), not for
    any query of the project's: importing TaskFlow's table module loads
    TaskFlow's persistence package and jsonschema, which a process that
    runs no task job never needs, so they are not declared at import.

    :returns: TaskFlow's table namespace (``.logbooks``,
        ``.flowdetails``, ``.atomdetails``; iterable over the three).
    """
    if not _TASKFLOW_TABLES:
        from taskflow.persistence.backends.sqlalchemy import tables
        found = tables.fetch(Base.metadata)
        # Each run's details are read and deleted by parent (0015): an
        # index TaskFlow's schema has only where MySQL adds it for the
        # key.
        for table in (found.flowdetails, found.atomdetails):
            sa.Index('ix_%s_parent_uuid' % table.name, table.c.parent_uuid)
        _TASKFLOW_TABLES.append(found)
    return _TASKFLOW_TABLES[0]


# Software configs (OS::Heat::SoftwareConfig, /software_configs) ----------

class SoftwareConfig(TimestampMixin, Base):
    """A stored, immutable software config, as Heat keeps them."""

    __tablename__ = 'software_config'
    __table_args__ = (
        sa.Index('ix_software_config_project_id', 'project_id'),
    )

    id = sa.Column(sa.String(36), primary_key=True,
                   default=uuidutils.generate_uuid)
    name = sa.Column(sa.String(255))
    group = sa.Column(sa.String(255))
    # {config, inputs, outputs, options}
    config = sa.Column(types.Json)
    project_id = sa.Column(sa.String(64), nullable=False)


# Stack snapshots (/stacks/{name}/{id}/snapshots) -------------------------

class Snapshot(TimestampMixin, Base):
    """A stack's data at one time (its abandon data), to restore it to."""

    __tablename__ = 'snapshot'
    __table_args__ = (
        sa.Index('ix_snapshot_stack_id', 'stack_id'),
    )

    id = sa.Column(sa.String(36), primary_key=True,
                   default=uuidutils.generate_uuid)
    stack_id = sa.Column(sa.String(36), sa.ForeignKey('stack.id'),
                         nullable=False)
    project_id = sa.Column(sa.String(64), nullable=False)
    name = sa.Column(sa.String(255))
    status = sa.Column(sa.String(255), nullable=False)
    status_reason = sa.Column(sa.Text)
    data = sa.Column(types.Json)


# Software deployments (/software_deployments) -----------------------------

class SoftwareDeployment(TimestampMixin, Base):
    """A software config deployed to a server, with the values it got."""

    __tablename__ = 'software_deployment'
    __table_args__ = (
        sa.Index('ix_software_deployment_server_id', 'server_id'),
        sa.Index('ix_software_deployment_project_id', 'project_id'),
    )

    id = sa.Column(sa.String(36), primary_key=True,
                   default=uuidutils.generate_uuid)
    config_id = sa.Column(sa.String(36), sa.ForeignKey('software_config.id'),
                          nullable=False)
    server_id = sa.Column(sa.String(255), nullable=False)
    input_values = sa.Column(types.Json)
    output_values = sa.Column(types.Json)
    action = sa.Column(sa.String(255))
    status = sa.Column(sa.String(255))
    status_reason = sa.Column(sa.Text)
    project_id = sa.Column(sa.String(64), nullable=False)
    # The project of the stack's own users (the server's agent), which
    # may also read and signal the deployment.
    stack_user_project_id = sa.Column(sa.String(64))


# Resource claims (signals that act, e.g. scaling) ------------------------

class ResourceClaim(Base):
    """Which signal acts on a resource now, and the work queued behind it.

    A signal that acts (a scaling policy resizing its group) claims the
    resource it acts on first, so that concurrent or retried signals never
    act twice. ``engine_id`` is the engine whose signal holds the claim:
    the claim is free as soon as that engine is known dead;
    ``claimed_until`` bounds only a claim without one.
    ``pending`` holds what arrived meanwhile, applied at ``due_at``
    (or when the claim is released). ``owed_events`` lists the events
    owed to the signals that took the claim (the holder's, and a dead
    holder's not yet written): whoever drains the claim records them.
    Every write checks ``version``.
    """

    __tablename__ = 'resource_claim'
    __table_args__ = (
        sa.Index('ix_resource_claim_due_at', 'due_at'),
    )

    stack_id = sa.Column(sa.String(36), primary_key=True)
    resource_name = sa.Column(sa.String(255), primary_key=True)
    holder = sa.Column(sa.String(36))
    engine_id = sa.Column(sa.String(36))
    claimed_until = sa.Column(types.precise_datetime())
    pending = sa.Column(types.Json)
    due_at = sa.Column(types.precise_datetime())
    owed_events = sa.Column(types.Json)
    version = sa.Column(sa.Integer, nullable=False, default=0)


# Monitoring: alarm bindings, built-in alarms and their history, samples ---

class AlarmBinding(Base):
    """A resource that an alarm (Aodh's or built-in, by id) signals."""

    __tablename__ = 'alarm_binding'
    __table_args__ = (
        sa.UniqueConstraint('alarm_id', 'stack_id', 'resource_name',
                            name='uniq_alarm_binding'),
        sa.Index('ix_alarm_binding_stack_id', 'stack_id'),
    )

    id = sa.Column(sa.String(36), primary_key=True,
                   default=uuidutils.generate_uuid)
    alarm_id = sa.Column(sa.String(255), nullable=False)
    stack_id = sa.Column(sa.String(36), nullable=False)
    resource_name = sa.Column(sa.String(255), nullable=False)
    created_at = sa.Column(types.precise_datetime(),
                           default=timeutils.utcnow, nullable=False)


class Alarm(TimestampMixin, Base):
    """A built-in threshold alarm (OS::HeatVision::Alarm)."""

    __tablename__ = 'alarm'
    __table_args__ = (
        sa.Index('ix_alarm_project_id', 'project_id'),
        sa.Index('ix_alarm_stack_id', 'stack_id'),
    )

    id = sa.Column(sa.String(36), primary_key=True,
                   default=uuidutils.generate_uuid)
    project_id = sa.Column(sa.String(64), nullable=False)
    user_id = sa.Column(sa.String(64))
    stack_id = sa.Column(sa.String(36), nullable=False)
    resource_name = sa.Column(sa.String(255), nullable=False)
    name = sa.Column(sa.String(255), nullable=False)
    state = sa.Column(sa.String(32), nullable=False)
    state_reason = sa.Column(sa.Text)
    state_changed_at = sa.Column(types.precise_datetime())
    definition = sa.Column(types.Json, nullable=False)
    job_id = sa.Column(sa.String(36))


class AlarmHistory(Base):
    """One state transition of a built-in alarm."""

    __tablename__ = 'alarm_history'
    __table_args__ = (
        sa.Index('ix_alarm_history_alarm_id', 'alarm_id', 'id'),
    )

    # Ordered by id: MySQL DATETIME keeps whole seconds only.
    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    alarm_id = sa.Column(sa.String(36), nullable=False)
    previous = sa.Column(sa.String(32), nullable=False)
    current = sa.Column(sa.String(32), nullable=False)
    reason = sa.Column(sa.Text)
    reason_data = sa.Column(types.Json)
    created_at = sa.Column(types.precise_datetime(),
                           default=timeutils.utcnow, nullable=False)


class MetricSample(Base):
    """One value of a metric, kept for ``[monitoring] metric_retention``."""

    __tablename__ = 'metric_sample'
    __table_args__ = (
        sa.Index('ix_metric_sample_lookup', 'project_id', 'name',
                 'timestamp'),
    )

    id = sa.Column(sa.Integer, primary_key=True, autoincrement=True)
    project_id = sa.Column(sa.String(64), nullable=False)
    name = sa.Column(sa.String(255), nullable=False)
    dimensions = sa.Column(types.Json)
    value = sa.Column(sa.Float, nullable=False)
    timestamp = sa.Column(types.precise_datetime(), nullable=False)


class TransitionOutbox(Base):
    """A built-in alarm's transition to put on the queue, written in the
    transaction that changes the alarm's state, sent until an engine's
    listener took it (``delivered_at``) and kept ``[monitoring]
    outbox_keep_sent`` after.
    """

    __tablename__ = 'transition_outbox'
    __table_args__ = (
        sa.Index('ix_transition_outbox_due', 'delivered_at',
                 'next_attempt_at'),
    )

    # The transition's id, in its payload (``transition_id``).
    id = sa.Column(sa.String(36), primary_key=True)
    alarm_id = sa.Column(sa.String(36), nullable=False)
    payload = sa.Column(types.Json, nullable=False)
    created_at = sa.Column(types.precise_datetime(), nullable=False)
    # Null until the broker took it (last).
    sent_at = sa.Column(types.precise_datetime())
    # Null until a listener took it.
    delivered_at = sa.Column(types.precise_datetime())
    # Attempts the broker refused, in a row; times it took the message.
    attempts = sa.Column(sa.Integer, nullable=False, default=0)
    sends = sa.Column(sa.Integer, nullable=False, default=0)
    # When a sender may (again) take it: a sender that takes it moves
    # this on by a lease, so that another does not send it meanwhile.
    next_attempt_at = sa.Column(types.precise_datetime(), nullable=False)


class TransitionDelivery(Base):
    """An alarm transition delivered to a resource, kept for a while.

    Aodh delivers one transition twice when its actions name a signed
    URL and the engines listen on its queue: ``digest`` (of the
    transition and its target) is unique, so that whichever delivery
    inserts it first acts and the other does nothing.
    """

    __tablename__ = 'transition_delivery'
    __table_args__ = (
        sa.Index('ix_transition_delivery_created_at', 'created_at'),
    )

    digest = sa.Column(sa.String(64), primary_key=True)
    stack_id = sa.Column(sa.String(36), nullable=False)
    resource_name = sa.Column(sa.String(255), nullable=False)
    alarm_id = sa.Column(sa.String(255))
    via = sa.Column(sa.String(16), nullable=False)
    created_at = sa.Column(types.precise_datetime(), nullable=False)


class SignalNonce(Base):
    """A one-use action URL that was used, kept until the URL expires.

    ``digest`` (of the stack, resource, action and nonce) is unique: of
    the requests that bring the same URL, the one that inserts it acts.
    """

    __tablename__ = 'signal_nonce'
    __table_args__ = (
        sa.Index('ix_signal_nonce_expires_at', 'expires_at'),
    )

    digest = sa.Column(sa.String(64), primary_key=True)
    stack_id = sa.Column(sa.String(36), nullable=False)
    expires_at = sa.Column(types.precise_datetime(), nullable=False)
