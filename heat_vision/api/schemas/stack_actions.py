"""JSON schemas of the stack action and snapshot request bodies."""

ACTIONS = ('suspend', 'resume', 'check', 'cancel_update',
           'cancel_without_rollback')

# Exactly one key, the action; Heat sends ``{"suspend": null}``. The
# controller names a missing, extra or unknown action in Heat's words.
action = {'type': 'object'}

snapshot = {
    'type': 'object',
    'properties': {
        'name': {'type': ['string', 'null'], 'maxLength': 255},
    },
}
