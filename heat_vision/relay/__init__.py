#    Licensed under the Apache License, Version 2.0 (the "License"); you may
#    not use this file except in compliance with the License. You may obtain
#    a copy of the License at
#
#         http://www.apache.org/licenses/LICENSE-2.0
#
#    Unless required by applicable law or agreed to in writing, software
#    distributed under the License is distributed on an "AS IS" BASIS, WITHOUT
#    WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied. See the
#    License for the specific language governing permissions and limitations
#    under the License.

"""The alternative-API relay: TOSCA, the CloudFormation Query API, CAMP.

Each route turns what its caller sends into a native request (a HOT or
CFN template, parameters, files) and makes it through ``native.NativeAPI``,
as any client of the native API would; nothing here reaches the engine
or the database.
"""
