"""Stack operations, one module each; the engine service hands off here."""
