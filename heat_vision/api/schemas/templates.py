"""JSON schema of the validate request body (Heat's v1 fields)."""

validate = {
    'type': 'object',
    'properties': {
        'template': {'type': ['object', 'string']},
        'template_url': {'type': 'string'},
        'parameters': {'type': 'object'},
        'environment': {'type': ['object', 'string']},
        'environment_files': {'type': 'array', 'items': {'type': 'string'}},
        'files': {'type': 'object',
                  'additionalProperties': {'type': 'string'}},
        'show_nested': {'type': ['boolean', 'string']},
        'ignore_errors': {'type': 'string'},
    },
}
