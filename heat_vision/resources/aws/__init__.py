"""Resources of CloudFormation-compatible templates (``AWS::*``)."""
