"""JSON schema of the validate request body (Heat's v1 fields)."""

from heat_vision.api.schemas import stacks

#: As for a stack: heatclient sends what the user left out as null.
ABSENT_IF_NULL = stacks.ABSENT_IF_NULL
NO_TEMPLATE = stacks.NO_TEMPLATE

validate = {
    'type': 'object',
    'properties': {
        key: stacks.create['properties'][key] for key in (
            'template', 'template_url', 'parameters', 'environment',
            'environment_files', 'files')},
}
validate['properties'].update({
    'show_nested': {'type': ['boolean', 'string']},
    'ignore_errors': {'type': 'string'},
})
