"""Alarm transitions delivered, for acting on each once: transition_delivery.

Revision ID: 0012_transition_delivery
Revises: 0011_claim_engine
Create Date: 2026-11-30
"""

from alembic import op
import sqlalchemy as sa

from heat_vision.db import types

revision = '0012_transition_delivery'
down_revision = '0011_claim_engine'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'transition_delivery',
        sa.Column('digest', sa.String(64), primary_key=True),
        sa.Column('stack_id', sa.String(36), nullable=False),
        sa.Column('resource_name', sa.String(255), nullable=False),
        sa.Column('alarm_id', sa.String(255)),
        sa.Column('via', sa.String(16), nullable=False),
        sa.Column('created_at', types.precise_datetime(), nullable=False))
    op.create_index('ix_transition_delivery_created_at',
                    'transition_delivery', ['created_at'])
