"""The CloudFormation-compatible template formats."""
