"""Actions and statuses of stacks and resources, as Heat names them."""

INIT, CREATE, DELETE, UPDATE, ROLLBACK = (
    'INIT', 'CREATE', 'DELETE', 'UPDATE', 'ROLLBACK')
IN_PROGRESS, COMPLETE, FAILED = 'IN_PROGRESS', 'COMPLETE', 'FAILED'
