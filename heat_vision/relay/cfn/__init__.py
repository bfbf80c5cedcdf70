"""The CloudFormation Query API (as Heat's heat-api-cfn offered it)."""
