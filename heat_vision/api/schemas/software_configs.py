"""JSON schema of the software config create body (Heat's fields)."""

_IO = {'type': 'array', 'items': {'type': 'object'}}

create = {
    'type': 'object',
    'properties': {
        'name': {'type': ['string', 'null'], 'maxLength': 255},
        'group': {'type': ['string', 'null'], 'maxLength': 255},
        'config': {'type': ['string', 'null']},
        'inputs': _IO,
        'outputs': _IO,
        'options': {'type': ['object', 'null']},
    },
}
