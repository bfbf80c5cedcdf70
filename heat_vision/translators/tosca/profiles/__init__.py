"""Type definitions heat-vision supplies when a document imports them
by their usual file name without giving them: its own rendition of the
ETSI NFV SOL 001 types it translates."""

import os

NAMES = ('etsi_nfv_sol001_common_types.yaml',
         'etsi_nfv_sol001_vnfd_types.yaml')


def text(name):
    """The definitions heat-vision has for an import named ``name`` (its
    base name), or None.
    """
    if name not in NAMES:
        return None
    with open(os.path.join(os.path.dirname(__file__), name),
              encoding='utf-8') as handle:
        return handle.read()
