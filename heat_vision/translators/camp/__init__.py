"""OASIS CAMP 1.1 plans -> HOT (see doc/source/translators/camp.rst)."""
