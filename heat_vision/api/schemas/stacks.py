"""JSON schemas of the stack request bodies (Heat's v1 fields)."""

_TEMPLATE = {'type': ['object', 'string']}
_ENVIRONMENT = {'type': ['object', 'string']}

create = {
    'type': 'object',
    'properties': {
        'stack_name': {
            'type': 'string', 'minLength': 1, 'maxLength': 255,
            'pattern': r'^[a-zA-Z][a-zA-Z0-9_.\-]*$',
        },
        'template': _TEMPLATE,
        'template_url': {'type': 'string'},
        'parameters': {'type': 'object'},
        'environment': _ENVIRONMENT,
        'environment_files': {'type': 'array', 'items': {'type': 'string'}},
        'files': {'type': 'object',
                  'additionalProperties': {'type': 'string'}},
        'timeout_mins': {'type': ['integer', 'string', 'null']},
        'disable_rollback': {'type': ['boolean', 'string', 'null']},
        'tags': {'type': ['string', 'array', 'null']},
        'adopt_stack_data': {'type': ['object', 'string']},
    },
    'required': ['stack_name'],
}

update = {
    'type': 'object',
    'properties': {
        key: value for key, value in create['properties'].items()
        if key != 'stack_name'},
}
update['properties'].update({
    'existing': {'type': ['boolean', 'string']},
    'clear_parameters': {'type': 'array', 'items': {'type': 'string'}},
    'converge': {'type': ['boolean', 'string']},
})
