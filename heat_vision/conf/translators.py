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

"""Options of the model translators (heat_vision.translators)."""

from oslo_config import cfg

translators_group = cfg.OptGroup(
    'translators', title='Model translators (TOSCA, CFN, CAMP -> HOT)',
    help='Limits on the documents and archives a translator reads, and '
         'the TOSCA capability -> flavor/image mapping.')

translator_opts = [
    cfg.IntOpt('max_document_size', default=512 * 1024, min=1024,
               max=64 * 1024 * 1024,
               help='Largest document (YAML/JSON text) a translator '
                    'reads, in bytes.'),
    cfg.IntOpt('max_archive_size', default=8 * 1024 * 1024, min=1024,
               max=512 * 1024 * 1024,
               help='Largest archive (CSAR, CAMP PDP zip), in bytes.'),
    cfg.IntOpt('max_archive_entries', default=256, min=1, max=10000,
               help='Most entries an archive may hold.'),
    cfg.IntOpt('max_archive_uncompressed_size', default=32 * 1024 * 1024,
               min=1024, max=1024 * 1024 * 1024,
               help='Largest total uncompressed size of an archive\'s '
                    'entries, in bytes (zip bombs are refused).'),
    cfg.IntOpt('max_nodes', default=1000, min=1, max=100000,
               help='Most node templates, services or resources one '
                    'document may declare.'),
    cfg.StrOpt('tosca_flavor_map',
               help='YAML file mapping flavor names to '
                    '{num_cpus, mem_size (MB), disk_size (GB)}; the '
                    'smallest flavor satisfying a Compute node\'s host '
                    'capability is chosen. Unset: the built-in m1.* '
                    'table.'),
    cfg.StrOpt('tosca_image_map',
               help='YAML file mapping image names to {architecture, '
                    'type, distribution, version}; the first image '
                    'matching every given os capability field is '
                    'chosen. Unset: the built-in table.'),
]


def register_opts(conf):
    conf.register_group(translators_group)
    conf.register_opts(translator_opts, group=translators_group)


def list_opts():
    return {translators_group: translator_opts}
