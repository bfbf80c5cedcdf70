"""CloudFormation -> HOT (see doc/source/translators/cfn.rst)."""
