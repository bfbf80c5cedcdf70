"""JSON schemas of the task request bodies.

The job document itself is checked by the task service, which names the
path of what is wrong; here only the envelope is.
"""

create = {
    'type': 'object',
    'additionalProperties': False,
    'required': ['job'],
    'properties': {
        'job': {'type': ['object', 'string']},
    },
}
