"""The alternative-API relay: TOSCA, the CloudFormation Query API, CAMP.

Each route turns what its caller sends into a native request (a HOT or
CFN template, parameters, files) and makes it through ``native.NativeAPI``,
as any client of the native API would; nothing here reaches the engine
or the database.
"""
