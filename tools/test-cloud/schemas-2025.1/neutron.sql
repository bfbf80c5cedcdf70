/*M!999999\- enable the sandbox mode */ 

/*!40101 SET @OLD_CHARACTER_SET_CLIENT=@@CHARACTER_SET_CLIENT */;
/*!40101 SET @OLD_CHARACTER_SET_RESULTS=@@CHARACTER_SET_RESULTS */;
/*!40101 SET @OLD_COLLATION_CONNECTION=@@COLLATION_CONNECTION */;
/*!40101 SET NAMES utf8mb4 */;
/*!40103 SET @OLD_TIME_ZONE=@@TIME_ZONE */;
/*!40103 SET TIME_ZONE='+00:00' */;
/*!40014 SET @OLD_UNIQUE_CHECKS=@@UNIQUE_CHECKS, UNIQUE_CHECKS=0 */;
/*!40014 SET @OLD_FOREIGN_KEY_CHECKS=@@FOREIGN_KEY_CHECKS, FOREIGN_KEY_CHECKS=0 */;
/*!40101 SET @OLD_SQL_MODE=@@SQL_MODE, SQL_MODE='NO_AUTO_VALUE_ON_ZERO' */;
/*!40111 SET @OLD_SQL_NOTES=@@SQL_NOTES, SQL_NOTES=0 */;
DROP TABLE IF EXISTS `address_associations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `address_associations` (
  `address` varchar(64) NOT NULL,
  `address_group_id` varchar(36) NOT NULL,
  PRIMARY KEY (`address`,`address_group_id`),
  KEY `address_group_id` (`address_group_id`),
  CONSTRAINT `address_associations_ibfk_1` FOREIGN KEY (`address_group_id`) REFERENCES `address_groups` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `address_associations` WRITE;
/*!40000 ALTER TABLE `address_associations` DISABLE KEYS */;
/*!40000 ALTER TABLE `address_associations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `address_groups`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `address_groups` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_address_groups0standard_attr_id` (`standard_attr_id`),
  KEY `ix_address_groups_project_id` (`project_id`),
  CONSTRAINT `address_groups_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `address_groups` WRITE;
/*!40000 ALTER TABLE `address_groups` DISABLE KEYS */;
/*!40000 ALTER TABLE `address_groups` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `address_scopes`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `address_scopes` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) NOT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `shared` tinyint(1) NOT NULL DEFAULT 0,
  `ip_version` int(11) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `ix_address_scopes_project_id` (`project_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `address_scopes` WRITE;
/*!40000 ALTER TABLE `address_scopes` DISABLE KEYS */;
/*!40000 ALTER TABLE `address_scopes` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `addressgrouprbacs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `addressgrouprbacs` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `target_project` varchar(255) NOT NULL,
  `action` varchar(255) NOT NULL,
  `object_id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_addressgrouprbacs0target_project0object_id0action` (`target_project`,`object_id`,`action`),
  KEY `object_id` (`object_id`),
  KEY `ix_addressgrouprbacs_project_id` (`project_id`),
  KEY `ix_addressgrouprbacs_action` (`action`),
  KEY `ix_addressgrouprbacs_target_project` (`target_project`),
  CONSTRAINT `addressgrouprbacs_ibfk_1` FOREIGN KEY (`object_id`) REFERENCES `address_groups` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `addressgrouprbacs` WRITE;
/*!40000 ALTER TABLE `addressgrouprbacs` DISABLE KEYS */;
/*!40000 ALTER TABLE `addressgrouprbacs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `addressscoperbacs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `addressscoperbacs` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `target_project` varchar(255) NOT NULL,
  `action` varchar(255) NOT NULL,
  `object_id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_addressscoperbacs0target_project0object_id0action` (`target_project`,`object_id`,`action`),
  KEY `object_id` (`object_id`),
  KEY `ix_addressscoperbacs_project_id` (`project_id`),
  KEY `ix_addressscoperbacs_action` (`action`),
  KEY `ix_addressscoperbacs_target_project` (`target_project`),
  CONSTRAINT `addressscoperbacs_ibfk_1` FOREIGN KEY (`object_id`) REFERENCES `address_scopes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `addressscoperbacs` WRITE;
/*!40000 ALTER TABLE `addressscoperbacs` DISABLE KEYS */;
/*!40000 ALTER TABLE `addressscoperbacs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `agents`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `agents` (
  `id` varchar(36) NOT NULL,
  `agent_type` varchar(255) NOT NULL,
  `binary` varchar(255) NOT NULL,
  `topic` varchar(255) NOT NULL,
  `host` varchar(255) NOT NULL,
  `admin_state_up` tinyint(1) NOT NULL DEFAULT 1,
  `created_at` datetime NOT NULL,
  `started_at` datetime NOT NULL,
  `heartbeat_timestamp` datetime NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  `configurations` varchar(4095) NOT NULL,
  `load` int(11) NOT NULL DEFAULT 0,
  `availability_zone` varchar(255) DEFAULT NULL,
  `resource_versions` varchar(8191) DEFAULT NULL,
  `resources_synced` tinyint(1) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_agents0agent_type0host` (`agent_type`,`host`),
  KEY `ix_agents_host` (`host`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `agents` WRITE;
/*!40000 ALTER TABLE `agents` DISABLE KEYS */;
/*!40000 ALTER TABLE `agents` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `alembic_version`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `alembic_version` (
  `version_num` varchar(32) NOT NULL,
  PRIMARY KEY (`version_num`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `alembic_version` WRITE;
/*!40000 ALTER TABLE `alembic_version` DISABLE KEYS */;
INSERT INTO `alembic_version` VALUES
('5c85685d616d'),
('ad80a9f07c5c');
/*!40000 ALTER TABLE `alembic_version` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `allowedaddresspairs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `allowedaddresspairs` (
  `port_id` varchar(36) NOT NULL,
  `mac_address` varchar(32) NOT NULL,
  `ip_address` varchar(64) NOT NULL,
  PRIMARY KEY (`port_id`,`mac_address`,`ip_address`),
  CONSTRAINT `allowedaddresspairs_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `allowedaddresspairs` WRITE;
/*!40000 ALTER TABLE `allowedaddresspairs` DISABLE KEYS */;
/*!40000 ALTER TABLE `allowedaddresspairs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `arista_provisioned_nets`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `arista_provisioned_nets` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `network_id` varchar(36) DEFAULT NULL,
  `segmentation_id` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ix_arista_provisioned_nets_tenant_id` (`tenant_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `arista_provisioned_nets` WRITE;
/*!40000 ALTER TABLE `arista_provisioned_nets` DISABLE KEYS */;
/*!40000 ALTER TABLE `arista_provisioned_nets` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `arista_provisioned_tenants`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `arista_provisioned_tenants` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `ix_arista_provisioned_tenants_tenant_id` (`tenant_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `arista_provisioned_tenants` WRITE;
/*!40000 ALTER TABLE `arista_provisioned_tenants` DISABLE KEYS */;
/*!40000 ALTER TABLE `arista_provisioned_tenants` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `arista_provisioned_vms`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `arista_provisioned_vms` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `vm_id` varchar(255) DEFAULT NULL,
  `host_id` varchar(255) DEFAULT NULL,
  `port_id` varchar(36) DEFAULT NULL,
  `network_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ix_arista_provisioned_vms_tenant_id` (`tenant_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `arista_provisioned_vms` WRITE;
/*!40000 ALTER TABLE `arista_provisioned_vms` DISABLE KEYS */;
/*!40000 ALTER TABLE `arista_provisioned_vms` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `auto_allocated_topologies`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `auto_allocated_topologies` (
  `project_id` varchar(255) NOT NULL,
  `network_id` varchar(36) NOT NULL,
  `router_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`project_id`),
  KEY `network_id` (`network_id`),
  KEY `router_id` (`router_id`),
  CONSTRAINT `auto_allocated_topologies_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE,
  CONSTRAINT `auto_allocated_topologies_ibfk_2` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `auto_allocated_topologies` WRITE;
/*!40000 ALTER TABLE `auto_allocated_topologies` DISABLE KEYS */;
/*!40000 ALTER TABLE `auto_allocated_topologies` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `bgp_peers`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `bgp_peers` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) NOT NULL,
  `auth_type` varchar(16) NOT NULL,
  `password` varchar(255) DEFAULT NULL,
  `peer_ip` varchar(64) NOT NULL,
  `remote_as` int(11) NOT NULL,
  `tenant_id` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `ix_bgp_peers_tenant_id` (`tenant_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `bgp_peers` WRITE;
/*!40000 ALTER TABLE `bgp_peers` DISABLE KEYS */;
/*!40000 ALTER TABLE `bgp_peers` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `bgp_speaker_dragent_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `bgp_speaker_dragent_bindings` (
  `agent_id` varchar(36) NOT NULL,
  `bgp_speaker_id` varchar(36) NOT NULL,
  PRIMARY KEY (`agent_id`),
  KEY `bgp_speaker_id` (`bgp_speaker_id`),
  CONSTRAINT `bgp_speaker_dragent_bindings_ibfk_1` FOREIGN KEY (`agent_id`) REFERENCES `agents` (`id`) ON DELETE CASCADE,
  CONSTRAINT `bgp_speaker_dragent_bindings_ibfk_2` FOREIGN KEY (`bgp_speaker_id`) REFERENCES `bgp_speakers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `bgp_speaker_dragent_bindings` WRITE;
/*!40000 ALTER TABLE `bgp_speaker_dragent_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `bgp_speaker_dragent_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `bgp_speaker_network_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `bgp_speaker_network_bindings` (
  `bgp_speaker_id` varchar(36) NOT NULL,
  `network_id` varchar(36) NOT NULL,
  `ip_version` int(11) NOT NULL,
  PRIMARY KEY (`network_id`,`bgp_speaker_id`,`ip_version`),
  KEY `bgp_speaker_id` (`bgp_speaker_id`),
  CONSTRAINT `bgp_speaker_network_bindings_ibfk_1` FOREIGN KEY (`bgp_speaker_id`) REFERENCES `bgp_speakers` (`id`) ON DELETE CASCADE,
  CONSTRAINT `bgp_speaker_network_bindings_ibfk_2` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `bgp_speaker_network_bindings` WRITE;
/*!40000 ALTER TABLE `bgp_speaker_network_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `bgp_speaker_network_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `bgp_speaker_peer_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `bgp_speaker_peer_bindings` (
  `bgp_speaker_id` varchar(36) NOT NULL,
  `bgp_peer_id` varchar(36) NOT NULL,
  PRIMARY KEY (`bgp_speaker_id`,`bgp_peer_id`),
  KEY `bgp_peer_id` (`bgp_peer_id`),
  CONSTRAINT `bgp_speaker_peer_bindings_ibfk_1` FOREIGN KEY (`bgp_speaker_id`) REFERENCES `bgp_speakers` (`id`) ON DELETE CASCADE,
  CONSTRAINT `bgp_speaker_peer_bindings_ibfk_2` FOREIGN KEY (`bgp_peer_id`) REFERENCES `bgp_peers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `bgp_speaker_peer_bindings` WRITE;
/*!40000 ALTER TABLE `bgp_speaker_peer_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `bgp_speaker_peer_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `bgp_speakers`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `bgp_speakers` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) NOT NULL,
  `local_as` int(11) NOT NULL,
  `ip_version` int(11) NOT NULL,
  `tenant_id` varchar(255) DEFAULT NULL,
  `advertise_floating_ip_host_routes` tinyint(1) NOT NULL,
  `advertise_tenant_networks` tinyint(1) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `ix_bgp_speakers_tenant_id` (`tenant_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `bgp_speakers` WRITE;
/*!40000 ALTER TABLE `bgp_speakers` DISABLE KEYS */;
/*!40000 ALTER TABLE `bgp_speakers` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `conntrack_helpers`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `conntrack_helpers` (
  `id` varchar(36) NOT NULL,
  `router_id` varchar(36) NOT NULL,
  `protocol` varchar(40) NOT NULL,
  `port` int(11) NOT NULL,
  `helper` varchar(64) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_conntrack_helpers0router_id0protocol0port0helper` (`router_id`,`protocol`,`port`,`helper`),
  CONSTRAINT `conntrack_helpers_ibfk_1` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `conntrack_helpers` WRITE;
/*!40000 ALTER TABLE `conntrack_helpers` DISABLE KEYS */;
/*!40000 ALTER TABLE `conntrack_helpers` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `consistencyhashes`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `consistencyhashes` (
  `hash_id` varchar(255) NOT NULL,
  `hash` varchar(255) NOT NULL,
  PRIMARY KEY (`hash_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `consistencyhashes` WRITE;
/*!40000 ALTER TABLE `consistencyhashes` DISABLE KEYS */;
/*!40000 ALTER TABLE `consistencyhashes` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `default_security_group`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `default_security_group` (
  `project_id` varchar(255) NOT NULL,
  `security_group_id` varchar(36) NOT NULL,
  PRIMARY KEY (`project_id`),
  KEY `security_group_id` (`security_group_id`),
  CONSTRAINT `default_security_group_ibfk_1` FOREIGN KEY (`security_group_id`) REFERENCES `securitygroups` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `default_security_group` WRITE;
/*!40000 ALTER TABLE `default_security_group` DISABLE KEYS */;
/*!40000 ALTER TABLE `default_security_group` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `dnsnameservers`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `dnsnameservers` (
  `address` varchar(128) NOT NULL,
  `subnet_id` varchar(36) NOT NULL,
  `order` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (`address`,`subnet_id`),
  KEY `subnet_id` (`subnet_id`),
  CONSTRAINT `dnsnameservers_ibfk_1` FOREIGN KEY (`subnet_id`) REFERENCES `subnets` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `dnsnameservers` WRITE;
/*!40000 ALTER TABLE `dnsnameservers` DISABLE KEYS */;
/*!40000 ALTER TABLE `dnsnameservers` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `dvr_fip_gateway_port_network`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `dvr_fip_gateway_port_network` (
  `network_id` varchar(36) NOT NULL,
  `agent_id` varchar(36) NOT NULL,
  PRIMARY KEY (`network_id`,`agent_id`),
  KEY `agent_id` (`agent_id`),
  CONSTRAINT `dvr_fip_gateway_port_network_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE,
  CONSTRAINT `dvr_fip_gateway_port_network_ibfk_2` FOREIGN KEY (`agent_id`) REFERENCES `agents` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `dvr_fip_gateway_port_network` WRITE;
/*!40000 ALTER TABLE `dvr_fip_gateway_port_network` DISABLE KEYS */;
/*!40000 ALTER TABLE `dvr_fip_gateway_port_network` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `dvr_host_macs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `dvr_host_macs` (
  `host` varchar(255) NOT NULL,
  `mac_address` varchar(32) NOT NULL,
  PRIMARY KEY (`host`),
  UNIQUE KEY `mac_address` (`mac_address`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `dvr_host_macs` WRITE;
/*!40000 ALTER TABLE `dvr_host_macs` DISABLE KEYS */;
/*!40000 ALTER TABLE `dvr_host_macs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `externalnetworks`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `externalnetworks` (
  `network_id` varchar(36) NOT NULL,
  `is_default` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`network_id`),
  CONSTRAINT `externalnetworks_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `externalnetworks` WRITE;
/*!40000 ALTER TABLE `externalnetworks` DISABLE KEYS */;
/*!40000 ALTER TABLE `externalnetworks` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `extradhcpopts`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `extradhcpopts` (
  `id` varchar(36) NOT NULL,
  `port_id` varchar(36) NOT NULL,
  `opt_name` varchar(64) NOT NULL,
  `opt_value` varchar(255) NOT NULL,
  `ip_version` int(11) NOT NULL DEFAULT 4,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_extradhcpopts0portid0optname0ipversion` (`port_id`,`opt_name`,`ip_version`),
  CONSTRAINT `extradhcpopts_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `extradhcpopts` WRITE;
/*!40000 ALTER TABLE `extradhcpopts` DISABLE KEYS */;
/*!40000 ALTER TABLE `extradhcpopts` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `firewall_policies`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `firewall_policies` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(1024) DEFAULT NULL,
  `shared` tinyint(1) DEFAULT NULL,
  `audited` tinyint(1) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `firewall_policies` WRITE;
/*!40000 ALTER TABLE `firewall_policies` DISABLE KEYS */;
/*!40000 ALTER TABLE `firewall_policies` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `firewall_rules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `firewall_rules` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(1024) DEFAULT NULL,
  `firewall_policy_id` varchar(36) DEFAULT NULL,
  `shared` tinyint(1) DEFAULT NULL,
  `protocol` varchar(40) DEFAULT NULL,
  `ip_version` int(11) NOT NULL,
  `source_ip_address` varchar(46) DEFAULT NULL,
  `destination_ip_address` varchar(46) DEFAULT NULL,
  `source_port_range_min` int(11) DEFAULT NULL,
  `source_port_range_max` int(11) DEFAULT NULL,
  `destination_port_range_min` int(11) DEFAULT NULL,
  `destination_port_range_max` int(11) DEFAULT NULL,
  `action` enum('allow','deny') DEFAULT NULL,
  `enabled` tinyint(1) DEFAULT NULL,
  `position` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `firewall_rules_ibfk_1` (`firewall_policy_id`),
  CONSTRAINT `firewall_rules_ibfk_1` FOREIGN KEY (`firewall_policy_id`) REFERENCES `firewall_policies` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `firewall_rules` WRITE;
/*!40000 ALTER TABLE `firewall_rules` DISABLE KEYS */;
/*!40000 ALTER TABLE `firewall_rules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `firewalls`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `firewalls` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(1024) DEFAULT NULL,
  `shared` tinyint(1) DEFAULT NULL,
  `admin_state_up` tinyint(1) DEFAULT NULL,
  `status` varchar(16) DEFAULT NULL,
  `firewall_policy_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `firewalls_ibfk_1` (`firewall_policy_id`),
  CONSTRAINT `firewalls_ibfk_1` FOREIGN KEY (`firewall_policy_id`) REFERENCES `firewall_policies` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `firewalls` WRITE;
/*!40000 ALTER TABLE `firewalls` DISABLE KEYS */;
/*!40000 ALTER TABLE `firewalls` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `flavors`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `flavors` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(1024) DEFAULT NULL,
  `enabled` tinyint(1) NOT NULL DEFAULT 1,
  `service_type` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `flavors` WRITE;
/*!40000 ALTER TABLE `flavors` DISABLE KEYS */;
/*!40000 ALTER TABLE `flavors` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `flavorserviceprofilebindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `flavorserviceprofilebindings` (
  `service_profile_id` varchar(36) NOT NULL,
  `flavor_id` varchar(36) NOT NULL,
  PRIMARY KEY (`service_profile_id`,`flavor_id`),
  KEY `flavorserviceprofilebindings_ibfk_2` (`flavor_id`),
  CONSTRAINT `flavorserviceprofilebindings_ibfk_1` FOREIGN KEY (`service_profile_id`) REFERENCES `serviceprofiles` (`id`) ON DELETE CASCADE,
  CONSTRAINT `flavorserviceprofilebindings_ibfk_2` FOREIGN KEY (`flavor_id`) REFERENCES `flavors` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `flavorserviceprofilebindings` WRITE;
/*!40000 ALTER TABLE `flavorserviceprofilebindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `flavorserviceprofilebindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `floatingipdnses`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `floatingipdnses` (
  `floatingip_id` varchar(36) NOT NULL,
  `dns_name` varchar(255) NOT NULL,
  `dns_domain` varchar(255) NOT NULL,
  `published_dns_name` varchar(255) NOT NULL,
  `published_dns_domain` varchar(255) NOT NULL,
  PRIMARY KEY (`floatingip_id`),
  CONSTRAINT `floatingipdnses_ibfk_1` FOREIGN KEY (`floatingip_id`) REFERENCES `floatingips` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `floatingipdnses` WRITE;
/*!40000 ALTER TABLE `floatingipdnses` DISABLE KEYS */;
/*!40000 ALTER TABLE `floatingipdnses` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `floatingips`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `floatingips` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `floating_ip_address` varchar(64) NOT NULL,
  `floating_network_id` varchar(36) NOT NULL,
  `floating_port_id` varchar(36) NOT NULL,
  `fixed_port_id` varchar(36) DEFAULT NULL,
  `fixed_ip_address` varchar(64) DEFAULT NULL,
  `router_id` varchar(36) DEFAULT NULL,
  `last_known_router_id` varchar(36) DEFAULT NULL,
  `status` varchar(16) DEFAULT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_floatingips0standard_attr_id` (`standard_attr_id`),
  UNIQUE KEY `uniq_floatingips0floatingnetworkid0fixedportid0fixedipaddress` (`floating_network_id`,`fixed_port_id`,`fixed_ip_address`),
  KEY `fixed_port_id` (`fixed_port_id`),
  KEY `floating_port_id` (`floating_port_id`),
  KEY `router_id` (`router_id`),
  KEY `ix_floatingips_project_id` (`project_id`),
  CONSTRAINT `floatingips_ibfk_1` FOREIGN KEY (`fixed_port_id`) REFERENCES `ports` (`id`),
  CONSTRAINT `floatingips_ibfk_2` FOREIGN KEY (`floating_port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `floatingips_ibfk_3` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`),
  CONSTRAINT `floatingips_ibfk_4` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `floatingips` WRITE;
/*!40000 ALTER TABLE `floatingips` DISABLE KEYS */;
/*!40000 ALTER TABLE `floatingips` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ha_router_agent_port_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ha_router_agent_port_bindings` (
  `port_id` varchar(36) NOT NULL,
  `router_id` varchar(36) NOT NULL,
  `l3_agent_id` varchar(36) DEFAULT NULL,
  `state` enum('active','standby','unknown') DEFAULT 'standby',
  PRIMARY KEY (`port_id`),
  UNIQUE KEY `uniq_ha_router_agent_port_bindings0port_id0l3_agent_id` (`router_id`,`l3_agent_id`),
  KEY `l3_agent_id` (`l3_agent_id`),
  CONSTRAINT `ha_router_agent_port_bindings_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ha_router_agent_port_bindings_ibfk_2` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ha_router_agent_port_bindings_ibfk_3` FOREIGN KEY (`l3_agent_id`) REFERENCES `agents` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ha_router_agent_port_bindings` WRITE;
/*!40000 ALTER TABLE `ha_router_agent_port_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `ha_router_agent_port_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ha_router_networks`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ha_router_networks` (
  `project_id` varchar(255) NOT NULL,
  `network_id` varchar(36) NOT NULL,
  PRIMARY KEY (`project_id`,`network_id`),
  UNIQUE KEY `uniq_ha_router_networks0project_id` (`project_id`),
  KEY `network_id` (`network_id`),
  CONSTRAINT `ha_router_networks_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ha_router_networks` WRITE;
/*!40000 ALTER TABLE `ha_router_networks` DISABLE KEYS */;
/*!40000 ALTER TABLE `ha_router_networks` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ha_router_vrid_allocations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ha_router_vrid_allocations` (
  `network_id` varchar(36) NOT NULL,
  `vr_id` int(11) NOT NULL,
  PRIMARY KEY (`network_id`,`vr_id`),
  CONSTRAINT `ha_router_vrid_allocations_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ha_router_vrid_allocations` WRITE;
/*!40000 ALTER TABLE `ha_router_vrid_allocations` DISABLE KEYS */;
/*!40000 ALTER TABLE `ha_router_vrid_allocations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `healthmonitors`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `healthmonitors` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `type` enum('PING','TCP','HTTP','HTTPS') NOT NULL,
  `delay` int(11) NOT NULL,
  `timeout` int(11) NOT NULL,
  `max_retries` int(11) NOT NULL,
  `http_method` varchar(16) DEFAULT NULL,
  `url_path` varchar(255) DEFAULT NULL,
  `expected_codes` varchar(64) DEFAULT NULL,
  `admin_state_up` tinyint(1) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `healthmonitors` WRITE;
/*!40000 ALTER TABLE `healthmonitors` DISABLE KEYS */;
/*!40000 ALTER TABLE `healthmonitors` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ikepolicies`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ikepolicies` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `auth_algorithm` enum('sha1') NOT NULL,
  `encryption_algorithm` enum('3des','aes-128','aes-256','aes-192') NOT NULL,
  `phase1_negotiation_mode` enum('main') NOT NULL,
  `lifetime_units` enum('seconds','kilobytes') NOT NULL,
  `lifetime_value` int(11) NOT NULL,
  `ike_version` enum('v1','v2') NOT NULL,
  `pfs` enum('group2','group5','group14') NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ikepolicies` WRITE;
/*!40000 ALTER TABLE `ikepolicies` DISABLE KEYS */;
/*!40000 ALTER TABLE `ikepolicies` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ipallocationpools`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ipallocationpools` (
  `id` varchar(36) NOT NULL,
  `subnet_id` varchar(36) DEFAULT NULL,
  `first_ip` varchar(64) NOT NULL,
  `last_ip` varchar(64) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `subnet_id` (`subnet_id`),
  CONSTRAINT `ipallocationpools_ibfk_1` FOREIGN KEY (`subnet_id`) REFERENCES `subnets` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ipallocationpools` WRITE;
/*!40000 ALTER TABLE `ipallocationpools` DISABLE KEYS */;
/*!40000 ALTER TABLE `ipallocationpools` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ipallocations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ipallocations` (
  `port_id` varchar(36) DEFAULT NULL,
  `ip_address` varchar(64) NOT NULL,
  `subnet_id` varchar(36) NOT NULL,
  `network_id` varchar(36) NOT NULL,
  PRIMARY KEY (`ip_address`,`subnet_id`,`network_id`),
  KEY `network_id` (`network_id`),
  KEY `port_id` (`port_id`),
  KEY `subnet_id` (`subnet_id`),
  CONSTRAINT `ipallocations_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ipallocations_ibfk_2` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ipallocations_ibfk_3` FOREIGN KEY (`subnet_id`) REFERENCES `subnets` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ipallocations` WRITE;
/*!40000 ALTER TABLE `ipallocations` DISABLE KEYS */;
/*!40000 ALTER TABLE `ipallocations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ipamallocationpools`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ipamallocationpools` (
  `id` varchar(36) NOT NULL,
  `ipam_subnet_id` varchar(36) NOT NULL,
  `first_ip` varchar(64) NOT NULL,
  `last_ip` varchar(64) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `ipam_subnet_id` (`ipam_subnet_id`),
  CONSTRAINT `ipamallocationpools_ibfk_1` FOREIGN KEY (`ipam_subnet_id`) REFERENCES `ipamsubnets` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ipamallocationpools` WRITE;
/*!40000 ALTER TABLE `ipamallocationpools` DISABLE KEYS */;
/*!40000 ALTER TABLE `ipamallocationpools` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ipamallocations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ipamallocations` (
  `ip_address` varchar(64) NOT NULL,
  `status` varchar(36) DEFAULT NULL,
  `ipam_subnet_id` varchar(36) NOT NULL,
  PRIMARY KEY (`ip_address`,`ipam_subnet_id`),
  KEY `ipam_subnet_id` (`ipam_subnet_id`),
  CONSTRAINT `ipamallocations_ibfk_1` FOREIGN KEY (`ipam_subnet_id`) REFERENCES `ipamsubnets` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ipamallocations` WRITE;
/*!40000 ALTER TABLE `ipamallocations` DISABLE KEYS */;
/*!40000 ALTER TABLE `ipamallocations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ipamsubnets`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ipamsubnets` (
  `id` varchar(36) NOT NULL,
  `neutron_subnet_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ipamsubnets` WRITE;
/*!40000 ALTER TABLE `ipamsubnets` DISABLE KEYS */;
/*!40000 ALTER TABLE `ipamsubnets` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ipsec_site_connections`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ipsec_site_connections` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `peer_address` varchar(255) NOT NULL,
  `peer_id` varchar(255) NOT NULL,
  `route_mode` varchar(8) NOT NULL,
  `mtu` int(11) NOT NULL,
  `initiator` enum('bi-directional','response-only') NOT NULL,
  `auth_mode` varchar(16) NOT NULL,
  `psk` varchar(255) NOT NULL,
  `dpd_action` enum('hold','clear','restart','disabled','restart-by-peer') NOT NULL,
  `dpd_interval` int(11) NOT NULL,
  `dpd_timeout` int(11) NOT NULL,
  `status` varchar(16) NOT NULL,
  `admin_state_up` tinyint(1) NOT NULL,
  `vpnservice_id` varchar(36) NOT NULL,
  `ipsecpolicy_id` varchar(36) NOT NULL,
  `ikepolicy_id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `vpnservice_id` (`vpnservice_id`),
  KEY `ipsecpolicy_id` (`ipsecpolicy_id`),
  KEY `ikepolicy_id` (`ikepolicy_id`),
  CONSTRAINT `ipsec_site_connections_ibfk_1` FOREIGN KEY (`vpnservice_id`) REFERENCES `vpnservices` (`id`),
  CONSTRAINT `ipsec_site_connections_ibfk_2` FOREIGN KEY (`ipsecpolicy_id`) REFERENCES `ipsecpolicies` (`id`),
  CONSTRAINT `ipsec_site_connections_ibfk_3` FOREIGN KEY (`ikepolicy_id`) REFERENCES `ikepolicies` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ipsec_site_connections` WRITE;
/*!40000 ALTER TABLE `ipsec_site_connections` DISABLE KEYS */;
/*!40000 ALTER TABLE `ipsec_site_connections` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ipsecpeercidrs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ipsecpeercidrs` (
  `cidr` varchar(32) NOT NULL,
  `ipsec_site_connection_id` varchar(36) NOT NULL,
  PRIMARY KEY (`cidr`,`ipsec_site_connection_id`),
  KEY `ipsec_site_connection_id` (`ipsec_site_connection_id`),
  CONSTRAINT `ipsecpeercidrs_ibfk_1` FOREIGN KEY (`ipsec_site_connection_id`) REFERENCES `ipsec_site_connections` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ipsecpeercidrs` WRITE;
/*!40000 ALTER TABLE `ipsecpeercidrs` DISABLE KEYS */;
/*!40000 ALTER TABLE `ipsecpeercidrs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ipsecpolicies`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ipsecpolicies` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `transform_protocol` enum('esp','ah','ah-esp') NOT NULL,
  `auth_algorithm` enum('sha1') NOT NULL,
  `encryption_algorithm` enum('3des','aes-128','aes-256','aes-192') NOT NULL,
  `encapsulation_mode` enum('tunnel','transport') NOT NULL,
  `lifetime_units` enum('seconds','kilobytes') NOT NULL,
  `lifetime_value` int(11) NOT NULL,
  `pfs` enum('group2','group5','group14') NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ipsecpolicies` WRITE;
/*!40000 ALTER TABLE `ipsecpolicies` DISABLE KEYS */;
/*!40000 ALTER TABLE `ipsecpolicies` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `local_ip_associations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `local_ip_associations` (
  `local_ip_id` varchar(36) NOT NULL,
  `fixed_port_id` varchar(36) NOT NULL,
  `fixed_ip` varchar(64) NOT NULL,
  PRIMARY KEY (`local_ip_id`,`fixed_port_id`),
  KEY `fixed_port_id` (`fixed_port_id`),
  CONSTRAINT `local_ip_associations_ibfk_1` FOREIGN KEY (`local_ip_id`) REFERENCES `local_ips` (`id`),
  CONSTRAINT `local_ip_associations_ibfk_2` FOREIGN KEY (`fixed_port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `local_ip_associations` WRITE;
/*!40000 ALTER TABLE `local_ip_associations` DISABLE KEYS */;
/*!40000 ALTER TABLE `local_ip_associations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `local_ips`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `local_ips` (
  `id` varchar(36) NOT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `local_port_id` varchar(36) NOT NULL,
  `network_id` varchar(36) NOT NULL,
  `local_ip_address` varchar(64) NOT NULL,
  `ip_mode` varchar(32) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `standard_attr_id` (`standard_attr_id`),
  KEY `local_port_id` (`local_port_id`),
  KEY `ix_local_ips_project_id` (`project_id`),
  CONSTRAINT `local_ips_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE,
  CONSTRAINT `local_ips_ibfk_2` FOREIGN KEY (`local_port_id`) REFERENCES `ports` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `local_ips` WRITE;
/*!40000 ALTER TABLE `local_ips` DISABLE KEYS */;
/*!40000 ALTER TABLE `local_ips` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `logs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `logs` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `resource_type` varchar(36) NOT NULL,
  `resource_id` varchar(36) DEFAULT NULL,
  `target_id` varchar(36) DEFAULT NULL,
  `event` varchar(255) NOT NULL,
  `enabled` tinyint(1) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `standard_attr_id` (`standard_attr_id`),
  KEY `ix_logs_project_id` (`project_id`),
  KEY `ix_logs_resource_id` (`resource_id`),
  KEY `ix_logs_target_id` (`target_id`),
  CONSTRAINT `logs_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `logs` WRITE;
/*!40000 ALTER TABLE `logs` DISABLE KEYS */;
/*!40000 ALTER TABLE `logs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `members`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `members` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `status` varchar(16) NOT NULL,
  `status_description` varchar(255) DEFAULT NULL,
  `pool_id` varchar(36) NOT NULL,
  `address` varchar(64) NOT NULL,
  `protocol_port` int(11) NOT NULL,
  `weight` int(11) NOT NULL,
  `admin_state_up` tinyint(1) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_member0pool_id0address0port` (`pool_id`,`address`,`protocol_port`),
  CONSTRAINT `members_ibfk_1` FOREIGN KEY (`pool_id`) REFERENCES `pools` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `members` WRITE;
/*!40000 ALTER TABLE `members` DISABLE KEYS */;
/*!40000 ALTER TABLE `members` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `meteringlabelrules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `meteringlabelrules` (
  `id` varchar(36) NOT NULL,
  `direction` enum('ingress','egress') DEFAULT NULL,
  `remote_ip_prefix` varchar(64) DEFAULT NULL,
  `metering_label_id` varchar(36) NOT NULL,
  `excluded` tinyint(1) DEFAULT 0,
  `source_ip_prefix` varchar(64) DEFAULT NULL,
  `destination_ip_prefix` varchar(64) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `metering_label_id` (`metering_label_id`),
  CONSTRAINT `meteringlabelrules_ibfk_1` FOREIGN KEY (`metering_label_id`) REFERENCES `meteringlabels` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `meteringlabelrules` WRITE;
/*!40000 ALTER TABLE `meteringlabelrules` DISABLE KEYS */;
/*!40000 ALTER TABLE `meteringlabelrules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `meteringlabels`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `meteringlabels` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(1024) DEFAULT NULL,
  `shared` tinyint(1) DEFAULT 0,
  PRIMARY KEY (`id`),
  KEY `ix_meteringlabels_project_id` (`project_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `meteringlabels` WRITE;
/*!40000 ALTER TABLE `meteringlabels` DISABLE KEYS */;
/*!40000 ALTER TABLE `meteringlabels` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_distributed_port_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_distributed_port_bindings` (
  `port_id` varchar(36) NOT NULL,
  `host` varchar(255) NOT NULL,
  `router_id` varchar(36) DEFAULT NULL,
  `vif_type` varchar(64) NOT NULL,
  `vif_details` varchar(4095) NOT NULL DEFAULT '',
  `vnic_type` varchar(64) NOT NULL DEFAULT 'normal',
  `profile` varchar(4095) NOT NULL DEFAULT '',
  `status` varchar(16) NOT NULL,
  PRIMARY KEY (`port_id`,`host`),
  CONSTRAINT `ml2_distributed_port_bindings_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_distributed_port_bindings` WRITE;
/*!40000 ALTER TABLE `ml2_distributed_port_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_distributed_port_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_flat_allocations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_flat_allocations` (
  `physical_network` varchar(64) NOT NULL,
  PRIMARY KEY (`physical_network`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_flat_allocations` WRITE;
/*!40000 ALTER TABLE `ml2_flat_allocations` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_flat_allocations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_geneve_allocations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_geneve_allocations` (
  `geneve_vni` int(11) NOT NULL,
  `allocated` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`geneve_vni`),
  KEY `ix_ml2_geneve_allocations_allocated` (`allocated`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_geneve_allocations` WRITE;
/*!40000 ALTER TABLE `ml2_geneve_allocations` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_geneve_allocations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_geneve_endpoints`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_geneve_endpoints` (
  `ip_address` varchar(64) NOT NULL,
  `host` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`ip_address`),
  UNIQUE KEY `unique_ml2_geneve_endpoints0host` (`host`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_geneve_endpoints` WRITE;
/*!40000 ALTER TABLE `ml2_geneve_endpoints` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_geneve_endpoints` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_gre_allocations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_gre_allocations` (
  `gre_id` int(11) NOT NULL,
  `allocated` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`gre_id`),
  KEY `ix_ml2_gre_allocations_allocated` (`allocated`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_gre_allocations` WRITE;
/*!40000 ALTER TABLE `ml2_gre_allocations` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_gre_allocations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_gre_endpoints`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_gre_endpoints` (
  `ip_address` varchar(64) NOT NULL,
  `host` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`ip_address`),
  UNIQUE KEY `unique_ml2_gre_endpoints0host` (`host`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_gre_endpoints` WRITE;
/*!40000 ALTER TABLE `ml2_gre_endpoints` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_gre_endpoints` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_port_binding_levels`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_port_binding_levels` (
  `port_id` varchar(36) NOT NULL,
  `host` varchar(255) NOT NULL,
  `level` int(11) NOT NULL,
  `driver` varchar(64) DEFAULT NULL,
  `segment_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`port_id`,`host`,`level`),
  KEY `ml2_port_binding_levels_ibfk_2` (`segment_id`),
  CONSTRAINT `ml2_port_binding_levels_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ml2_port_binding_levels_ibfk_2` FOREIGN KEY (`segment_id`) REFERENCES `networksegments` (`id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_port_binding_levels` WRITE;
/*!40000 ALTER TABLE `ml2_port_binding_levels` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_port_binding_levels` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_port_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_port_bindings` (
  `port_id` varchar(36) NOT NULL,
  `host` varchar(255) NOT NULL DEFAULT '',
  `vif_type` varchar(64) NOT NULL,
  `vnic_type` varchar(64) NOT NULL DEFAULT 'normal',
  `profile` varchar(4095) NOT NULL DEFAULT '',
  `vif_details` varchar(4095) NOT NULL DEFAULT '',
  `status` varchar(16) NOT NULL DEFAULT 'ACTIVE',
  PRIMARY KEY (`port_id`,`host`),
  CONSTRAINT `ml2_port_bindings_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_port_bindings` WRITE;
/*!40000 ALTER TABLE `ml2_port_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_port_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_vlan_allocations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_vlan_allocations` (
  `physical_network` varchar(64) NOT NULL,
  `vlan_id` int(11) NOT NULL,
  `allocated` tinyint(1) NOT NULL,
  PRIMARY KEY (`physical_network`,`vlan_id`),
  KEY `ix_ml2_vlan_allocations_physical_network_allocated` (`physical_network`,`allocated`),
  CONSTRAINT `check_ml2_vlan_allocations0vlan_id` CHECK (`vlan_id` >= 1 and `vlan_id` <= 4094)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_vlan_allocations` WRITE;
/*!40000 ALTER TABLE `ml2_vlan_allocations` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_vlan_allocations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_vxlan_allocations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_vxlan_allocations` (
  `vxlan_vni` int(11) NOT NULL,
  `allocated` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`vxlan_vni`),
  KEY `ix_ml2_vxlan_allocations_allocated` (`allocated`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_vxlan_allocations` WRITE;
/*!40000 ALTER TABLE `ml2_vxlan_allocations` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_vxlan_allocations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ml2_vxlan_endpoints`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ml2_vxlan_endpoints` (
  `ip_address` varchar(64) NOT NULL,
  `udp_port` int(11) NOT NULL,
  `host` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`ip_address`),
  UNIQUE KEY `unique_ml2_vxlan_endpoints0host` (`host`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ml2_vxlan_endpoints` WRITE;
/*!40000 ALTER TABLE `ml2_vxlan_endpoints` DISABLE KEYS */;
/*!40000 ALTER TABLE `ml2_vxlan_endpoints` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ndp_proxies`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ndp_proxies` (
  `project_id` varchar(255) DEFAULT NULL,
  `name` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `router_id` varchar(36) NOT NULL,
  `port_id` varchar(36) NOT NULL,
  `ip_address` varchar(64) NOT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `standard_attr_id` (`standard_attr_id`),
  UNIQUE KEY `uniq_ndp_proxy0router_id0ip_address` (`router_id`,`ip_address`),
  KEY `port_id` (`port_id`),
  KEY `ix_ndp_proxies_project_id` (`project_id`),
  CONSTRAINT `ndp_proxies_ibfk_1` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ndp_proxies_ibfk_2` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ndp_proxies_ibfk_3` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ndp_proxies` WRITE;
/*!40000 ALTER TABLE `ndp_proxies` DISABLE KEYS */;
/*!40000 ALTER TABLE `ndp_proxies` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `network_segment_ranges`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `network_segment_ranges` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `default` tinyint(1) NOT NULL,
  `shared` tinyint(1) NOT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `network_type` enum('vlan','vxlan','gre','geneve') NOT NULL,
  `physical_network` varchar(64) DEFAULT NULL,
  `minimum` int(11) DEFAULT NULL,
  `maximum` int(11) DEFAULT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `standard_attr_id` (`standard_attr_id`),
  CONSTRAINT `network_segment_ranges_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `network_segment_ranges` WRITE;
/*!40000 ALTER TABLE `network_segment_ranges` DISABLE KEYS */;
/*!40000 ALTER TABLE `network_segment_ranges` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `network_subnet_lock`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `network_subnet_lock` (
  `network_id` varchar(36) NOT NULL,
  `subnet_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`network_id`),
  CONSTRAINT `network_subnet_lock_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `network_subnet_lock` WRITE;
/*!40000 ALTER TABLE `network_subnet_lock` DISABLE KEYS */;
/*!40000 ALTER TABLE `network_subnet_lock` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `networkdhcpagentbindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `networkdhcpagentbindings` (
  `network_id` varchar(36) NOT NULL,
  `dhcp_agent_id` varchar(36) NOT NULL,
  `binding_index` int(11) NOT NULL DEFAULT 1,
  PRIMARY KEY (`network_id`,`dhcp_agent_id`),
  UNIQUE KEY `uniq_network_dhcp_agent_binding0network_id0binding_index0` (`network_id`,`binding_index`),
  KEY `dhcp_agent_id` (`dhcp_agent_id`),
  CONSTRAINT `networkdhcpagentbindings_ibfk_1` FOREIGN KEY (`dhcp_agent_id`) REFERENCES `agents` (`id`) ON DELETE CASCADE,
  CONSTRAINT `networkdhcpagentbindings_ibfk_2` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `networkdhcpagentbindings` WRITE;
/*!40000 ALTER TABLE `networkdhcpagentbindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `networkdhcpagentbindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `networkdnsdomains`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `networkdnsdomains` (
  `network_id` varchar(36) NOT NULL,
  `dns_domain` varchar(255) NOT NULL,
  PRIMARY KEY (`network_id`),
  CONSTRAINT `networkdnsdomains_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `networkdnsdomains` WRITE;
/*!40000 ALTER TABLE `networkdnsdomains` DISABLE KEYS */;
/*!40000 ALTER TABLE `networkdnsdomains` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `networkrbacs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `networkrbacs` (
  `id` varchar(36) NOT NULL,
  `object_id` varchar(36) NOT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `target_project` varchar(255) NOT NULL,
  `action` varchar(255) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_networkrbacs0target_project0object_id0action` (`target_project`,`object_id`,`action`),
  KEY `object_id` (`object_id`),
  KEY `ix_networkrbacs_project_id` (`project_id`),
  KEY `ix_networkrbacs_action` (`action`),
  KEY `ix_networkrbacs_target_project` (`target_project`),
  CONSTRAINT `networkrbacs_ibfk_1` FOREIGN KEY (`object_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `networkrbacs` WRITE;
/*!40000 ALTER TABLE `networkrbacs` DISABLE KEYS */;
/*!40000 ALTER TABLE `networkrbacs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `networks`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `networks` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `status` varchar(16) DEFAULT NULL,
  `admin_state_up` tinyint(1) DEFAULT NULL,
  `vlan_transparent` tinyint(1) DEFAULT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `availability_zone_hints` varchar(255) DEFAULT NULL,
  `mtu` int(11) NOT NULL DEFAULT 1500,
  `qinq` tinyint(1) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_networks0standard_attr_id` (`standard_attr_id`),
  KEY `ix_networks_project_id` (`project_id`),
  CONSTRAINT `networks_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `networks` WRITE;
/*!40000 ALTER TABLE `networks` DISABLE KEYS */;
/*!40000 ALTER TABLE `networks` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `networksecuritybindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `networksecuritybindings` (
  `network_id` varchar(36) NOT NULL,
  `port_security_enabled` tinyint(1) NOT NULL,
  PRIMARY KEY (`network_id`),
  CONSTRAINT `networksecuritybindings_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `networksecuritybindings` WRITE;
/*!40000 ALTER TABLE `networksecuritybindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `networksecuritybindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `networksegments`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `networksegments` (
  `id` varchar(36) NOT NULL,
  `network_id` varchar(36) NOT NULL,
  `network_type` varchar(32) NOT NULL,
  `physical_network` varchar(64) DEFAULT NULL,
  `segmentation_id` int(11) DEFAULT NULL,
  `is_dynamic` tinyint(1) NOT NULL DEFAULT 0,
  `segment_index` int(11) NOT NULL DEFAULT 0,
  `standard_attr_id` bigint(20) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_networksegments0standard_attr_id` (`standard_attr_id`),
  UNIQUE KEY `uniq_networksegment0network_id0network_type0physnet0sidx` (`network_id`,`network_type`,`physical_network`,`segment_index`),
  CONSTRAINT `networksegments_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE,
  CONSTRAINT `networksegments_ibfk_2` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `networksegments` WRITE;
/*!40000 ALTER TABLE `networksegments` DISABLE KEYS */;
/*!40000 ALTER TABLE `networksegments` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `nexthops`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `nexthops` (
  `rule_id` int(11) NOT NULL,
  `nexthop` varchar(64) NOT NULL,
  PRIMARY KEY (`rule_id`,`nexthop`),
  CONSTRAINT `nexthops_ibfk_1` FOREIGN KEY (`rule_id`) REFERENCES `routerrules` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `nexthops` WRITE;
/*!40000 ALTER TABLE `nexthops` DISABLE KEYS */;
/*!40000 ALTER TABLE `nexthops` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ovn_hash_ring`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ovn_hash_ring` (
  `node_uuid` varchar(36) NOT NULL,
  `group_name` varchar(256) NOT NULL,
  `hostname` varchar(256) NOT NULL,
  `created_at` datetime NOT NULL,
  `updated_at` datetime NOT NULL,
  PRIMARY KEY (`node_uuid`,`group_name`),
  KEY `ix_ovn_hash_ring_node_uuid` (`node_uuid`),
  KEY `ix_ovn_hash_ring_group_name` (`group_name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ovn_hash_ring` WRITE;
/*!40000 ALTER TABLE `ovn_hash_ring` DISABLE KEYS */;
/*!40000 ALTER TABLE `ovn_hash_ring` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ovn_revision_numbers`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ovn_revision_numbers` (
  `standard_attr_id` bigint(20) DEFAULT NULL,
  `resource_uuid` varchar(36) NOT NULL,
  `resource_type` varchar(36) NOT NULL,
  `revision_number` bigint(20) NOT NULL DEFAULT 0,
  `created_at` datetime NOT NULL,
  `updated_at` timestamp NULL DEFAULT NULL,
  PRIMARY KEY (`resource_uuid`,`resource_type`),
  KEY `standard_attr_id` (`standard_attr_id`),
  KEY `ix_ovn_revision_numbers_resource_uuid` (`resource_uuid`),
  KEY `ix_ovn_revision_numbers_resource_type` (`resource_type`),
  CONSTRAINT `ovn_revision_numbers_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ovn_revision_numbers` WRITE;
/*!40000 ALTER TABLE `ovn_revision_numbers` DISABLE KEYS */;
/*!40000 ALTER TABLE `ovn_revision_numbers` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `poolloadbalanceragentbindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `poolloadbalanceragentbindings` (
  `pool_id` varchar(36) NOT NULL,
  `agent_id` varchar(36) NOT NULL,
  PRIMARY KEY (`pool_id`),
  KEY `agent_id` (`agent_id`),
  CONSTRAINT `poolloadbalanceragentbindings_ibfk_1` FOREIGN KEY (`pool_id`) REFERENCES `pools` (`id`) ON DELETE CASCADE,
  CONSTRAINT `poolloadbalanceragentbindings_ibfk_2` FOREIGN KEY (`agent_id`) REFERENCES `agents` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `poolloadbalanceragentbindings` WRITE;
/*!40000 ALTER TABLE `poolloadbalanceragentbindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `poolloadbalanceragentbindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `poolmonitorassociations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `poolmonitorassociations` (
  `status` varchar(16) NOT NULL,
  `status_description` varchar(255) DEFAULT NULL,
  `pool_id` varchar(36) NOT NULL,
  `monitor_id` varchar(36) NOT NULL,
  PRIMARY KEY (`pool_id`,`monitor_id`),
  KEY `monitor_id` (`monitor_id`),
  CONSTRAINT `poolmonitorassociations_ibfk_1` FOREIGN KEY (`pool_id`) REFERENCES `pools` (`id`),
  CONSTRAINT `poolmonitorassociations_ibfk_2` FOREIGN KEY (`monitor_id`) REFERENCES `healthmonitors` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `poolmonitorassociations` WRITE;
/*!40000 ALTER TABLE `poolmonitorassociations` DISABLE KEYS */;
/*!40000 ALTER TABLE `poolmonitorassociations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `pools`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `pools` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `status` varchar(16) NOT NULL,
  `status_description` varchar(255) DEFAULT NULL,
  `vip_id` varchar(36) DEFAULT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `subnet_id` varchar(36) NOT NULL,
  `protocol` enum('HTTP','HTTPS','TCP') NOT NULL,
  `lb_method` enum('ROUND_ROBIN','LEAST_CONNECTIONS','SOURCE_IP') NOT NULL,
  `admin_state_up` tinyint(1) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `vip_id` (`vip_id`),
  CONSTRAINT `pools_ibfk_1` FOREIGN KEY (`vip_id`) REFERENCES `vips` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `pools` WRITE;
/*!40000 ALTER TABLE `pools` DISABLE KEYS */;
/*!40000 ALTER TABLE `pools` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `poolstatisticss`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `poolstatisticss` (
  `pool_id` varchar(36) NOT NULL,
  `bytes_in` bigint(20) NOT NULL,
  `bytes_out` bigint(20) NOT NULL,
  `active_connections` bigint(20) NOT NULL,
  `total_connections` bigint(20) NOT NULL,
  PRIMARY KEY (`pool_id`),
  CONSTRAINT `poolstatisticss_ibfk_1` FOREIGN KEY (`pool_id`) REFERENCES `pools` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `poolstatisticss` WRITE;
/*!40000 ALTER TABLE `poolstatisticss` DISABLE KEYS */;
/*!40000 ALTER TABLE `poolstatisticss` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `portdataplanestatuses`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `portdataplanestatuses` (
  `port_id` varchar(36) NOT NULL,
  `data_plane_status` varchar(16) DEFAULT NULL,
  PRIMARY KEY (`port_id`),
  CONSTRAINT `portdataplanestatuses_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `portdataplanestatuses` WRITE;
/*!40000 ALTER TABLE `portdataplanestatuses` DISABLE KEYS */;
/*!40000 ALTER TABLE `portdataplanestatuses` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `portdeviceprofiles`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `portdeviceprofiles` (
  `port_id` varchar(36) NOT NULL,
  `device_profile` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`port_id`),
  CONSTRAINT `portdeviceprofiles_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `portdeviceprofiles` WRITE;
/*!40000 ALTER TABLE `portdeviceprofiles` DISABLE KEYS */;
/*!40000 ALTER TABLE `portdeviceprofiles` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `portdnses`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `portdnses` (
  `port_id` varchar(36) NOT NULL,
  `current_dns_name` varchar(255) NOT NULL,
  `current_dns_domain` varchar(255) NOT NULL,
  `previous_dns_name` varchar(255) NOT NULL,
  `previous_dns_domain` varchar(255) NOT NULL,
  `dns_name` varchar(255) NOT NULL,
  `dns_domain` varchar(255) NOT NULL DEFAULT '',
  PRIMARY KEY (`port_id`),
  CONSTRAINT `portdnses_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `portdnses` WRITE;
/*!40000 ALTER TABLE `portdnses` DISABLE KEYS */;
/*!40000 ALTER TABLE `portdnses` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `portforwardings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `portforwardings` (
  `id` varchar(36) NOT NULL,
  `floatingip_id` varchar(36) NOT NULL,
  `internal_neutron_port_id` varchar(36) NOT NULL,
  `protocol` varchar(40) NOT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `internal_ip_address` varchar(64) NOT NULL,
  `internal_port_start` int(11) NOT NULL,
  `internal_port_end` int(11) NOT NULL,
  `external_port_start` int(11) NOT NULL,
  `external_port_end` int(11) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_portforwardings0standard_attr_id` (`standard_attr_id`),
  UNIQUE KEY `uniq_port_forwardings0floatingip_id0protocol0external_ports` (`floatingip_id`,`protocol`,`external_port_start`,`external_port_end`),
  UNIQUE KEY `uniq_port_forwardings0ptcl0in_prt_id0in_ip_addr0in_prts` (`protocol`,`internal_neutron_port_id`,`internal_ip_address`,`internal_port_start`,`internal_port_end`),
  KEY `portforwardings_ibfk_2` (`internal_neutron_port_id`),
  CONSTRAINT `portforwardings_ibfk_1` FOREIGN KEY (`floatingip_id`) REFERENCES `floatingips` (`id`) ON DELETE CASCADE,
  CONSTRAINT `portforwardings_ibfk_2` FOREIGN KEY (`internal_neutron_port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `portforwardings_ibfk_3` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `portforwardings` WRITE;
/*!40000 ALTER TABLE `portforwardings` DISABLE KEYS */;
/*!40000 ALTER TABLE `portforwardings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `porthardwareoffloadtype`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `porthardwareoffloadtype` (
  `port_id` varchar(36) NOT NULL,
  `hardware_offload_type` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`port_id`),
  KEY `ix_porthardwareoffloadtype_port_id` (`port_id`),
  CONSTRAINT `porthardwareoffloadtype_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `porthardwareoffloadtype` WRITE;
/*!40000 ALTER TABLE `porthardwareoffloadtype` DISABLE KEYS */;
/*!40000 ALTER TABLE `porthardwareoffloadtype` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `porthints`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `porthints` (
  `port_id` varchar(36) NOT NULL,
  `hints` varchar(4095) NOT NULL,
  PRIMARY KEY (`port_id`),
  CONSTRAINT `porthints_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `porthints` WRITE;
/*!40000 ALTER TABLE `porthints` DISABLE KEYS */;
/*!40000 ALTER TABLE `porthints` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `portnumaaffinitypolicies`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `portnumaaffinitypolicies` (
  `port_id` varchar(36) NOT NULL,
  `numa_affinity_policy` enum('required','preferred','legacy','socket') DEFAULT NULL,
  PRIMARY KEY (`port_id`),
  CONSTRAINT `portnumaaffinitypolicies_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `portnumaaffinitypolicies` WRITE;
/*!40000 ALTER TABLE `portnumaaffinitypolicies` DISABLE KEYS */;
/*!40000 ALTER TABLE `portnumaaffinitypolicies` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `ports`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `ports` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `network_id` varchar(36) NOT NULL,
  `mac_address` varchar(32) NOT NULL,
  `admin_state_up` tinyint(1) NOT NULL,
  `status` varchar(16) NOT NULL,
  `device_id` varchar(255) NOT NULL,
  `device_owner` varchar(255) NOT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `ip_allocation` varchar(16) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_ports0network_id0mac_address` (`network_id`,`mac_address`),
  UNIQUE KEY `uniq_ports0standard_attr_id` (`standard_attr_id`),
  KEY `ix_ports_network_id_device_owner` (`network_id`,`device_owner`),
  KEY `ix_ports_device_id` (`device_id`),
  KEY `ix_ports_project_id` (`project_id`),
  KEY `ix_ports_network_id` (`network_id`),
  CONSTRAINT `ports_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`),
  CONSTRAINT `ports_ibfk_2` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `ports` WRITE;
/*!40000 ALTER TABLE `ports` DISABLE KEYS */;
/*!40000 ALTER TABLE `ports` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `portsecuritybindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `portsecuritybindings` (
  `port_id` varchar(36) NOT NULL,
  `port_security_enabled` tinyint(1) NOT NULL,
  PRIMARY KEY (`port_id`),
  CONSTRAINT `portsecuritybindings_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `portsecuritybindings` WRITE;
/*!40000 ALTER TABLE `portsecuritybindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `portsecuritybindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `porttrusted`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `porttrusted` (
  `port_id` varchar(36) NOT NULL,
  `trusted` tinyint(1) DEFAULT NULL,
  PRIMARY KEY (`port_id`),
  CONSTRAINT `porttrusted_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `porttrusted` WRITE;
/*!40000 ALTER TABLE `porttrusted` DISABLE KEYS */;
/*!40000 ALTER TABLE `porttrusted` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `portuplinkstatuspropagation`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `portuplinkstatuspropagation` (
  `port_id` varchar(36) NOT NULL,
  `propagate_uplink_status` tinyint(1) NOT NULL DEFAULT 1,
  PRIMARY KEY (`port_id`),
  CONSTRAINT `portuplinkstatuspropagation_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `portuplinkstatuspropagation` WRITE;
/*!40000 ALTER TABLE `portuplinkstatuspropagation` DISABLE KEYS */;
/*!40000 ALTER TABLE `portuplinkstatuspropagation` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `providerresourceassociations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `providerresourceassociations` (
  `provider_name` varchar(255) NOT NULL,
  `resource_id` varchar(36) NOT NULL,
  PRIMARY KEY (`provider_name`,`resource_id`),
  UNIQUE KEY `resource_id` (`resource_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `providerresourceassociations` WRITE;
/*!40000 ALTER TABLE `providerresourceassociations` DISABLE KEYS */;
/*!40000 ALTER TABLE `providerresourceassociations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `provisioningblocks`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `provisioningblocks` (
  `standard_attr_id` bigint(20) NOT NULL,
  `entity` varchar(255) NOT NULL,
  PRIMARY KEY (`standard_attr_id`,`entity`),
  CONSTRAINT `provisioningblocks_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `provisioningblocks` WRITE;
/*!40000 ALTER TABLE `provisioningblocks` DISABLE KEYS */;
/*!40000 ALTER TABLE `provisioningblocks` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_bandwidth_limit_rules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_bandwidth_limit_rules` (
  `id` varchar(36) NOT NULL,
  `qos_policy_id` varchar(36) NOT NULL,
  `max_kbps` int(11) DEFAULT NULL,
  `max_burst_kbps` int(11) DEFAULT NULL,
  `direction` enum('egress','ingress') NOT NULL DEFAULT 'egress',
  PRIMARY KEY (`id`),
  UNIQUE KEY `qos_bandwidth_rules0qos_policy_id0direction` (`qos_policy_id`,`direction`),
  CONSTRAINT `qos_bandwidth_limit_rules_ibfk_1` FOREIGN KEY (`qos_policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_bandwidth_limit_rules` WRITE;
/*!40000 ALTER TABLE `qos_bandwidth_limit_rules` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_bandwidth_limit_rules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_dscp_marking_rules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_dscp_marking_rules` (
  `id` varchar(36) NOT NULL,
  `qos_policy_id` varchar(36) NOT NULL,
  `dscp_mark` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `qos_policy_id` (`qos_policy_id`),
  CONSTRAINT `qos_dscp_marking_rules_ibfk_1` FOREIGN KEY (`qos_policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_dscp_marking_rules` WRITE;
/*!40000 ALTER TABLE `qos_dscp_marking_rules` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_dscp_marking_rules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_fip_policy_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_fip_policy_bindings` (
  `policy_id` varchar(36) NOT NULL,
  `fip_id` varchar(36) NOT NULL,
  UNIQUE KEY `fip_id` (`fip_id`),
  KEY `policy_id` (`policy_id`),
  CONSTRAINT `qos_fip_policy_bindings_ibfk_1` FOREIGN KEY (`policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE,
  CONSTRAINT `qos_fip_policy_bindings_ibfk_2` FOREIGN KEY (`fip_id`) REFERENCES `floatingips` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_fip_policy_bindings` WRITE;
/*!40000 ALTER TABLE `qos_fip_policy_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_fip_policy_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_minimum_bandwidth_rules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_minimum_bandwidth_rules` (
  `id` varchar(36) NOT NULL,
  `qos_policy_id` varchar(36) NOT NULL,
  `min_kbps` int(11) DEFAULT NULL,
  `direction` enum('egress','ingress') NOT NULL DEFAULT 'egress',
  PRIMARY KEY (`id`),
  UNIQUE KEY `qos_minimum_bandwidth_rules0qos_policy_id0direction` (`qos_policy_id`,`direction`),
  KEY `ix_qos_minimum_bandwidth_rules_qos_policy_id` (`qos_policy_id`),
  CONSTRAINT `qos_minimum_bandwidth_rules_ibfk_1` FOREIGN KEY (`qos_policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_minimum_bandwidth_rules` WRITE;
/*!40000 ALTER TABLE `qos_minimum_bandwidth_rules` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_minimum_bandwidth_rules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_minimum_packet_rate_rules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_minimum_packet_rate_rules` (
  `id` varchar(36) NOT NULL,
  `qos_policy_id` varchar(36) DEFAULT NULL,
  `min_kpps` int(11) NOT NULL,
  `direction` enum('any','ingress','egress') NOT NULL DEFAULT 'egress',
  PRIMARY KEY (`id`),
  UNIQUE KEY `qos_minimum_packet_rate_rules0qos_policy_id0direction` (`qos_policy_id`,`direction`),
  KEY `ix_qos_minimum_packet_rate_rules_qos_policy_id` (`qos_policy_id`),
  CONSTRAINT `qos_minimum_packet_rate_rules_ibfk_1` FOREIGN KEY (`qos_policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_minimum_packet_rate_rules` WRITE;
/*!40000 ALTER TABLE `qos_minimum_packet_rate_rules` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_minimum_packet_rate_rules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_network_policy_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_network_policy_bindings` (
  `policy_id` varchar(36) NOT NULL,
  `network_id` varchar(36) NOT NULL,
  UNIQUE KEY `network_id` (`network_id`),
  KEY `policy_id` (`policy_id`),
  CONSTRAINT `qos_network_policy_bindings_ibfk_1` FOREIGN KEY (`policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE,
  CONSTRAINT `qos_network_policy_bindings_ibfk_2` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_network_policy_bindings` WRITE;
/*!40000 ALTER TABLE `qos_network_policy_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_network_policy_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_packet_rate_limit_rules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_packet_rate_limit_rules` (
  `id` varchar(36) NOT NULL,
  `qos_policy_id` varchar(36) NOT NULL,
  `max_kpps` int(11) DEFAULT NULL,
  `max_burst_kpps` int(11) DEFAULT NULL,
  `direction` enum('egress','ingress') NOT NULL DEFAULT 'egress',
  PRIMARY KEY (`id`),
  UNIQUE KEY `qos_packet_rate_limit_rules0qos_policy_id0direction` (`qos_policy_id`,`direction`),
  KEY `ix_qos_packet_rate_limit_rules_qos_policy_id` (`qos_policy_id`),
  CONSTRAINT `qos_packet_rate_limit_rules_ibfk_1` FOREIGN KEY (`qos_policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_packet_rate_limit_rules` WRITE;
/*!40000 ALTER TABLE `qos_packet_rate_limit_rules` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_packet_rate_limit_rules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_policies`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_policies` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_qos_policies0standard_attr_id` (`standard_attr_id`),
  KEY `ix_qos_policies_project_id` (`project_id`),
  CONSTRAINT `qos_policies_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_policies` WRITE;
/*!40000 ALTER TABLE `qos_policies` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_policies` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_policies_default`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_policies_default` (
  `qos_policy_id` varchar(36) NOT NULL,
  `project_id` varchar(255) NOT NULL,
  PRIMARY KEY (`project_id`),
  KEY `qos_policy_id` (`qos_policy_id`),
  CONSTRAINT `qos_policies_default_ibfk_1` FOREIGN KEY (`qos_policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_policies_default` WRITE;
/*!40000 ALTER TABLE `qos_policies_default` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_policies_default` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_port_policy_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_port_policy_bindings` (
  `policy_id` varchar(36) NOT NULL,
  `port_id` varchar(36) NOT NULL,
  UNIQUE KEY `port_id` (`port_id`),
  KEY `policy_id` (`policy_id`),
  CONSTRAINT `qos_port_policy_bindings_ibfk_1` FOREIGN KEY (`policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE,
  CONSTRAINT `qos_port_policy_bindings_ibfk_2` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_port_policy_bindings` WRITE;
/*!40000 ALTER TABLE `qos_port_policy_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_port_policy_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qos_router_gw_policy_bindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qos_router_gw_policy_bindings` (
  `policy_id` varchar(36) NOT NULL,
  `router_id` varchar(36) NOT NULL,
  PRIMARY KEY (`policy_id`,`router_id`),
  UNIQUE KEY `router_id` (`router_id`),
  CONSTRAINT `qos_router_gw_policy_bindings_ibfk_1` FOREIGN KEY (`policy_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE,
  CONSTRAINT `qos_router_gw_policy_bindings_ibfk_2` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qos_router_gw_policy_bindings` WRITE;
/*!40000 ALTER TABLE `qos_router_gw_policy_bindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `qos_router_gw_policy_bindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `qospolicyrbacs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `qospolicyrbacs` (
  `id` varchar(36) NOT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `target_project` varchar(255) NOT NULL,
  `action` varchar(255) NOT NULL,
  `object_id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_qospolicyrbacs0target_project0object_id0action` (`target_project`,`object_id`,`action`),
  KEY `object_id` (`object_id`),
  KEY `ix_qospolicyrbacs_project_id` (`project_id`),
  KEY `ix_qospolicyrbacs_action` (`action`),
  KEY `ix_qospolicyrbacs_target_project` (`target_project`),
  CONSTRAINT `qospolicyrbacs_ibfk_1` FOREIGN KEY (`object_id`) REFERENCES `qos_policies` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `qospolicyrbacs` WRITE;
/*!40000 ALTER TABLE `qospolicyrbacs` DISABLE KEYS */;
/*!40000 ALTER TABLE `qospolicyrbacs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `quotas`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `quotas` (
  `id` varchar(36) NOT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `resource` varchar(255) DEFAULT NULL,
  `limit` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_quotas0project_id0resource` (`project_id`,`resource`),
  KEY `ix_quotas_project_id` (`project_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `quotas` WRITE;
/*!40000 ALTER TABLE `quotas` DISABLE KEYS */;
/*!40000 ALTER TABLE `quotas` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `quotausages`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `quotausages` (
  `project_id` varchar(255) NOT NULL,
  `resource` varchar(255) NOT NULL,
  `dirty` tinyint(1) NOT NULL DEFAULT 0,
  `in_use` int(11) NOT NULL DEFAULT 0,
  `reserved` int(11) NOT NULL DEFAULT 0,
  PRIMARY KEY (`project_id`,`resource`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `quotausages` WRITE;
/*!40000 ALTER TABLE `quotausages` DISABLE KEYS */;
/*!40000 ALTER TABLE `quotausages` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `reservations`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `reservations` (
  `id` varchar(36) NOT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `expiration` datetime DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `reservations` WRITE;
/*!40000 ALTER TABLE `reservations` DISABLE KEYS */;
/*!40000 ALTER TABLE `reservations` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `resourcedeltas`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `resourcedeltas` (
  `resource` varchar(255) NOT NULL,
  `reservation_id` varchar(36) NOT NULL,
  `amount` int(11) DEFAULT NULL,
  PRIMARY KEY (`resource`,`reservation_id`),
  KEY `reservation_id` (`reservation_id`),
  CONSTRAINT `resourcedeltas_ibfk_1` FOREIGN KEY (`reservation_id`) REFERENCES `reservations` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `resourcedeltas` WRITE;
/*!40000 ALTER TABLE `resourcedeltas` DISABLE KEYS */;
/*!40000 ALTER TABLE `resourcedeltas` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `router_extra_attributes`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `router_extra_attributes` (
  `router_id` varchar(36) NOT NULL,
  `distributed` tinyint(1) NOT NULL DEFAULT 0,
  `service_router` tinyint(1) NOT NULL DEFAULT 0,
  `ha` tinyint(1) NOT NULL DEFAULT 0,
  `ha_vr_id` int(11) DEFAULT NULL,
  `availability_zone_hints` varchar(255) DEFAULT NULL,
  `enable_default_route_ecmp` tinyint(1) NOT NULL DEFAULT 0,
  `enable_default_route_bfd` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`router_id`),
  CONSTRAINT `router_extra_attributes_ibfk_1` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `router_extra_attributes` WRITE;
/*!40000 ALTER TABLE `router_extra_attributes` DISABLE KEYS */;
/*!40000 ALTER TABLE `router_extra_attributes` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `router_ndp_proxy_state`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `router_ndp_proxy_state` (
  `router_id` varchar(36) NOT NULL,
  `enable_ndp_proxy` tinyint(1) NOT NULL,
  PRIMARY KEY (`router_id`),
  CONSTRAINT `router_ndp_proxy_state_ibfk_1` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `router_ndp_proxy_state` WRITE;
/*!40000 ALTER TABLE `router_ndp_proxy_state` DISABLE KEYS */;
/*!40000 ALTER TABLE `router_ndp_proxy_state` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `routerl3agentbindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `routerl3agentbindings` (
  `router_id` varchar(36) NOT NULL,
  `l3_agent_id` varchar(36) NOT NULL,
  `binding_index` int(11) NOT NULL DEFAULT 1,
  PRIMARY KEY (`router_id`,`l3_agent_id`),
  UNIQUE KEY `uniq_router_l3_agent_binding0router_id0binding_index0` (`router_id`,`binding_index`),
  KEY `l3_agent_id` (`l3_agent_id`),
  CONSTRAINT `routerl3agentbindings_ibfk_1` FOREIGN KEY (`l3_agent_id`) REFERENCES `agents` (`id`) ON DELETE CASCADE,
  CONSTRAINT `routerl3agentbindings_ibfk_2` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `routerl3agentbindings` WRITE;
/*!40000 ALTER TABLE `routerl3agentbindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `routerl3agentbindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `routerports`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `routerports` (
  `router_id` varchar(36) NOT NULL,
  `port_id` varchar(36) NOT NULL,
  `port_type` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`router_id`,`port_id`),
  UNIQUE KEY `uniq_routerports0port_id` (`port_id`),
  CONSTRAINT `routerports_ibfk_1` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE,
  CONSTRAINT `routerports_ibfk_2` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `routerports` WRITE;
/*!40000 ALTER TABLE `routerports` DISABLE KEYS */;
/*!40000 ALTER TABLE `routerports` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `routerroutes`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `routerroutes` (
  `destination` varchar(64) NOT NULL,
  `nexthop` varchar(64) NOT NULL,
  `router_id` varchar(36) NOT NULL,
  PRIMARY KEY (`destination`,`nexthop`,`router_id`),
  KEY `router_id` (`router_id`),
  CONSTRAINT `routerroutes_ibfk_1` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `routerroutes` WRITE;
/*!40000 ALTER TABLE `routerroutes` DISABLE KEYS */;
/*!40000 ALTER TABLE `routerroutes` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `routerrules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `routerrules` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `source` varchar(64) NOT NULL,
  `destination` varchar(64) NOT NULL,
  `action` varchar(10) NOT NULL,
  `router_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `router_id` (`router_id`),
  CONSTRAINT `routerrules_ibfk_1` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `routerrules` WRITE;
/*!40000 ALTER TABLE `routerrules` DISABLE KEYS */;
/*!40000 ALTER TABLE `routerrules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `routers`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `routers` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `status` varchar(16) DEFAULT NULL,
  `admin_state_up` tinyint(1) DEFAULT NULL,
  `gw_port_id` varchar(36) DEFAULT NULL,
  `enable_snat` tinyint(1) NOT NULL DEFAULT 1,
  `standard_attr_id` bigint(20) NOT NULL,
  `flavor_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_routers0standard_attr_id` (`standard_attr_id`),
  KEY `gw_port_id` (`gw_port_id`),
  KEY `flavor_id` (`flavor_id`),
  KEY `ix_routers_project_id` (`project_id`),
  CONSTRAINT `routers_ibfk_1` FOREIGN KEY (`gw_port_id`) REFERENCES `ports` (`id`),
  CONSTRAINT `routers_ibfk_2` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE,
  CONSTRAINT `routers_ibfk_3` FOREIGN KEY (`flavor_id`) REFERENCES `flavors` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `routers` WRITE;
/*!40000 ALTER TABLE `routers` DISABLE KEYS */;
/*!40000 ALTER TABLE `routers` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `securitygroupdefaultrules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `securitygroupdefaultrules` (
  `id` varchar(36) NOT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `remote_group_id` varchar(36) DEFAULT NULL,
  `remote_address_group_id` varchar(36) DEFAULT NULL,
  `direction` enum('ingress','egress') NOT NULL,
  `ethertype` varchar(40) DEFAULT NULL,
  `protocol` varchar(40) DEFAULT NULL,
  `port_range_min` int(11) DEFAULT NULL,
  `port_range_max` int(11) DEFAULT NULL,
  `remote_ip_prefix` varchar(255) DEFAULT NULL,
  `used_in_default_sg` tinyint(1) NOT NULL DEFAULT 0,
  `used_in_non_default_sg` tinyint(1) NOT NULL DEFAULT 1,
  PRIMARY KEY (`id`),
  UNIQUE KEY `standard_attr_id` (`standard_attr_id`),
  CONSTRAINT `securitygroupdefaultrules_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `securitygroupdefaultrules` WRITE;
/*!40000 ALTER TABLE `securitygroupdefaultrules` DISABLE KEYS */;
INSERT INTO `securitygroupdefaultrules` VALUES
('1a682493-8bca-402e-b263-89204640dc4a',2,NULL,NULL,'egress','IPv6',NULL,NULL,NULL,NULL,1,1),
('6508a880-0966-4c3a-8447-70ed4d9b1599',4,'PARENT',NULL,'ingress','IPv6',NULL,NULL,NULL,NULL,1,0),
('9ba16990-a0dc-44d9-9031-8b88c652f982',3,'PARENT',NULL,'ingress','IPv4',NULL,NULL,NULL,NULL,1,0),
('caf99243-3692-4b3e-ae75-b0a1285ab897',1,NULL,NULL,'egress','IPv4',NULL,NULL,NULL,NULL,1,1);
/*!40000 ALTER TABLE `securitygroupdefaultrules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `securitygroupportbindings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `securitygroupportbindings` (
  `port_id` varchar(36) NOT NULL,
  `security_group_id` varchar(36) NOT NULL,
  PRIMARY KEY (`port_id`,`security_group_id`),
  KEY `securitygroupportbindings_ibfk_2` (`security_group_id`),
  CONSTRAINT `securitygroupportbindings_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `securitygroupportbindings_ibfk_2` FOREIGN KEY (`security_group_id`) REFERENCES `securitygroups` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `securitygroupportbindings` WRITE;
/*!40000 ALTER TABLE `securitygroupportbindings` DISABLE KEYS */;
/*!40000 ALTER TABLE `securitygroupportbindings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `securitygrouprbacs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `securitygrouprbacs` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `target_project` varchar(255) NOT NULL,
  `action` varchar(255) NOT NULL,
  `object_id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_securitygrouprbacs0target_project0object_id0action` (`target_project`,`object_id`,`action`),
  KEY `object_id` (`object_id`),
  KEY `ix_securitygrouprbacs_project_id` (`project_id`),
  KEY `ix_securitygrouprbacs_action` (`action`),
  KEY `ix_securitygrouprbacs_target_project` (`target_project`),
  CONSTRAINT `securitygrouprbacs_ibfk_1` FOREIGN KEY (`object_id`) REFERENCES `securitygroups` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `securitygrouprbacs` WRITE;
/*!40000 ALTER TABLE `securitygrouprbacs` DISABLE KEYS */;
/*!40000 ALTER TABLE `securitygrouprbacs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `securitygrouprules`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `securitygrouprules` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `security_group_id` varchar(36) NOT NULL,
  `remote_group_id` varchar(36) DEFAULT NULL,
  `direction` enum('ingress','egress') DEFAULT NULL,
  `ethertype` varchar(40) DEFAULT NULL,
  `protocol` varchar(40) DEFAULT NULL,
  `port_range_min` int(11) DEFAULT NULL,
  `port_range_max` int(11) DEFAULT NULL,
  `remote_ip_prefix` varchar(255) DEFAULT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `remote_address_group_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_securitygrouprules0standard_attr_id` (`standard_attr_id`),
  KEY `security_group_id` (`security_group_id`),
  KEY `remote_group_id` (`remote_group_id`),
  KEY `ix_securitygrouprules_project_id` (`project_id`),
  KEY `remote_address_group_id` (`remote_address_group_id`),
  CONSTRAINT `securitygrouprules_ibfk_1` FOREIGN KEY (`security_group_id`) REFERENCES `securitygroups` (`id`) ON DELETE CASCADE,
  CONSTRAINT `securitygrouprules_ibfk_2` FOREIGN KEY (`remote_group_id`) REFERENCES `securitygroups` (`id`) ON DELETE CASCADE,
  CONSTRAINT `securitygrouprules_ibfk_3` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE,
  CONSTRAINT `securitygrouprules_ibfk_4` FOREIGN KEY (`remote_address_group_id`) REFERENCES `address_groups` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `securitygrouprules` WRITE;
/*!40000 ALTER TABLE `securitygrouprules` DISABLE KEYS */;
/*!40000 ALTER TABLE `securitygrouprules` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `securitygroups`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `securitygroups` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `stateful` tinyint(1) NOT NULL DEFAULT 1,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_securitygroups0standard_attr_id` (`standard_attr_id`),
  KEY `ix_securitygroups_project_id` (`project_id`),
  CONSTRAINT `securitygroups_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `securitygroups` WRITE;
/*!40000 ALTER TABLE `securitygroups` DISABLE KEYS */;
/*!40000 ALTER TABLE `securitygroups` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `segmenthostmappings`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `segmenthostmappings` (
  `segment_id` varchar(36) NOT NULL,
  `host` varchar(255) NOT NULL,
  PRIMARY KEY (`segment_id`,`host`),
  CONSTRAINT `segmenthostmappings_ibfk_1` FOREIGN KEY (`segment_id`) REFERENCES `networksegments` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `segmenthostmappings` WRITE;
/*!40000 ALTER TABLE `segmenthostmappings` DISABLE KEYS */;
/*!40000 ALTER TABLE `segmenthostmappings` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `serviceprofiles`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `serviceprofiles` (
  `id` varchar(36) NOT NULL,
  `description` varchar(1024) DEFAULT NULL,
  `driver` varchar(1024) NOT NULL,
  `enabled` tinyint(1) NOT NULL DEFAULT 1,
  `metainfo` varchar(4096) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `serviceprofiles` WRITE;
/*!40000 ALTER TABLE `serviceprofiles` DISABLE KEYS */;
/*!40000 ALTER TABLE `serviceprofiles` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `sessionpersistences`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `sessionpersistences` (
  `vip_id` varchar(36) NOT NULL,
  `type` enum('SOURCE_IP','HTTP_COOKIE','APP_COOKIE') NOT NULL,
  `cookie_name` varchar(1024) DEFAULT NULL,
  PRIMARY KEY (`vip_id`),
  CONSTRAINT `sessionpersistences_ibfk_1` FOREIGN KEY (`vip_id`) REFERENCES `vips` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `sessionpersistences` WRITE;
/*!40000 ALTER TABLE `sessionpersistences` DISABLE KEYS */;
/*!40000 ALTER TABLE `sessionpersistences` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `standardattributes`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `standardattributes` (
  `id` bigint(20) NOT NULL AUTO_INCREMENT,
  `resource_type` varchar(255) NOT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `revision_number` bigint(20) NOT NULL DEFAULT 0,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=5 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `standardattributes` WRITE;
/*!40000 ALTER TABLE `standardattributes` DISABLE KEYS */;
INSERT INTO `standardattributes` VALUES
(1,'securitygroupdefaultrules',NULL,NULL,'Legacy default SG rule for egress traffic',0),
(2,'securitygroupdefaultrules',NULL,NULL,'Legacy default SG rule for egress traffic',0),
(3,'securitygroupdefaultrules',NULL,NULL,'Legacy default SG rule for ingress traffic',0),
(4,'securitygroupdefaultrules',NULL,NULL,'Legacy default SG rule for ingress traffic',0);
/*!40000 ALTER TABLE `standardattributes` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `subnet_dns_publish_fixed_ips`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `subnet_dns_publish_fixed_ips` (
  `subnet_id` varchar(36) NOT NULL,
  `dns_publish_fixed_ip` tinyint(1) NOT NULL DEFAULT 0,
  PRIMARY KEY (`subnet_id`),
  CONSTRAINT `subnet_dns_publish_fixed_ips_ibfk_1` FOREIGN KEY (`subnet_id`) REFERENCES `subnets` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `subnet_dns_publish_fixed_ips` WRITE;
/*!40000 ALTER TABLE `subnet_dns_publish_fixed_ips` DISABLE KEYS */;
/*!40000 ALTER TABLE `subnet_dns_publish_fixed_ips` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `subnet_service_types`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `subnet_service_types` (
  `subnet_id` varchar(36) NOT NULL,
  `service_type` varchar(255) NOT NULL,
  PRIMARY KEY (`subnet_id`,`service_type`),
  CONSTRAINT `subnet_service_types_ibfk_1` FOREIGN KEY (`subnet_id`) REFERENCES `subnets` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `subnet_service_types` WRITE;
/*!40000 ALTER TABLE `subnet_service_types` DISABLE KEYS */;
/*!40000 ALTER TABLE `subnet_service_types` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `subnetpoolprefixes`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `subnetpoolprefixes` (
  `cidr` varchar(64) NOT NULL,
  `subnetpool_id` varchar(36) NOT NULL,
  PRIMARY KEY (`cidr`,`subnetpool_id`),
  KEY `subnetpool_id` (`subnetpool_id`),
  CONSTRAINT `subnetpoolprefixes_ibfk_1` FOREIGN KEY (`subnetpool_id`) REFERENCES `subnetpools` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `subnetpoolprefixes` WRITE;
/*!40000 ALTER TABLE `subnetpoolprefixes` DISABLE KEYS */;
/*!40000 ALTER TABLE `subnetpoolprefixes` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `subnetpoolrbacs`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `subnetpoolrbacs` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `target_project` varchar(255) NOT NULL,
  `action` varchar(255) NOT NULL,
  `object_id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_subnetpoolrbacs0target_project0object_id0action` (`target_project`,`object_id`,`action`),
  KEY `object_id` (`object_id`),
  KEY `ix_subnetpoolrbacs_project_id` (`project_id`),
  KEY `ix_subnetpoolrbacs_action` (`action`),
  KEY `ix_subnetpoolrbacs_target_project` (`target_project`),
  CONSTRAINT `subnetpoolrbacs_ibfk_1` FOREIGN KEY (`object_id`) REFERENCES `subnetpools` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `subnetpoolrbacs` WRITE;
/*!40000 ALTER TABLE `subnetpoolrbacs` DISABLE KEYS */;
/*!40000 ALTER TABLE `subnetpoolrbacs` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `subnetpools`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `subnetpools` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `ip_version` int(11) NOT NULL,
  `default_prefixlen` int(11) NOT NULL,
  `min_prefixlen` int(11) NOT NULL,
  `max_prefixlen` int(11) NOT NULL,
  `shared` tinyint(1) NOT NULL DEFAULT 0,
  `default_quota` int(11) DEFAULT NULL,
  `hash` varchar(36) NOT NULL DEFAULT '',
  `address_scope_id` varchar(36) DEFAULT NULL,
  `is_default` tinyint(1) NOT NULL DEFAULT 0,
  `standard_attr_id` bigint(20) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_subnetpools0standard_attr_id` (`standard_attr_id`),
  KEY `ix_subnetpools_project_id` (`project_id`),
  KEY `ix_subnetpools_address_scope_id` (`address_scope_id`),
  CONSTRAINT `subnetpools_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `subnetpools` WRITE;
/*!40000 ALTER TABLE `subnetpools` DISABLE KEYS */;
/*!40000 ALTER TABLE `subnetpools` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `subnetroutes`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `subnetroutes` (
  `destination` varchar(64) NOT NULL,
  `nexthop` varchar(64) NOT NULL,
  `subnet_id` varchar(36) NOT NULL,
  PRIMARY KEY (`destination`,`nexthop`,`subnet_id`),
  KEY `subnet_id` (`subnet_id`),
  CONSTRAINT `subnetroutes_ibfk_1` FOREIGN KEY (`subnet_id`) REFERENCES `subnets` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `subnetroutes` WRITE;
/*!40000 ALTER TABLE `subnetroutes` DISABLE KEYS */;
/*!40000 ALTER TABLE `subnetroutes` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `subnets`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `subnets` (
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `network_id` varchar(36) NOT NULL,
  `ip_version` int(11) NOT NULL,
  `cidr` varchar(64) NOT NULL,
  `gateway_ip` varchar(64) DEFAULT NULL,
  `enable_dhcp` tinyint(1) DEFAULT NULL,
  `ipv6_ra_mode` enum('slaac','dhcpv6-stateful','dhcpv6-stateless') DEFAULT NULL,
  `ipv6_address_mode` enum('slaac','dhcpv6-stateful','dhcpv6-stateless') DEFAULT NULL,
  `subnetpool_id` varchar(36) DEFAULT NULL,
  `standard_attr_id` bigint(20) NOT NULL,
  `segment_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_subnets0standard_attr_id` (`standard_attr_id`),
  KEY `network_id` (`network_id`),
  KEY `ix_subnets_subnetpool_id` (`subnetpool_id`),
  KEY `segment_id` (`segment_id`),
  KEY `ix_subnets_project_id` (`project_id`),
  CONSTRAINT `subnets_ibfk_1` FOREIGN KEY (`network_id`) REFERENCES `networks` (`id`),
  CONSTRAINT `subnets_ibfk_2` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE,
  CONSTRAINT `subnets_ibfk_3` FOREIGN KEY (`segment_id`) REFERENCES `networksegments` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `subnets` WRITE;
/*!40000 ALTER TABLE `subnets` DISABLE KEYS */;
/*!40000 ALTER TABLE `subnets` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `subports`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `subports` (
  `port_id` varchar(36) NOT NULL,
  `trunk_id` varchar(36) NOT NULL,
  `segmentation_type` varchar(32) NOT NULL,
  `segmentation_id` int(11) NOT NULL,
  PRIMARY KEY (`port_id`),
  UNIQUE KEY `uniq_subport0trunk_id0segmentation_type0segmentation_id` (`trunk_id`,`segmentation_type`,`segmentation_id`),
  CONSTRAINT `subports_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `subports_ibfk_2` FOREIGN KEY (`trunk_id`) REFERENCES `trunks` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `subports` WRITE;
/*!40000 ALTER TABLE `subports` DISABLE KEYS */;
/*!40000 ALTER TABLE `subports` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `tags`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `tags` (
  `standard_attr_id` bigint(20) NOT NULL,
  `tag` varchar(255) NOT NULL,
  PRIMARY KEY (`standard_attr_id`,`tag`),
  CONSTRAINT `tags_ibfk_1` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `tags` WRITE;
/*!40000 ALTER TABLE `tags` DISABLE KEYS */;
/*!40000 ALTER TABLE `tags` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `trunks`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `trunks` (
  `admin_state_up` tinyint(1) NOT NULL DEFAULT 1,
  `project_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `port_id` varchar(36) NOT NULL,
  `status` varchar(16) NOT NULL DEFAULT 'ACTIVE',
  `standard_attr_id` bigint(20) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `port_id` (`port_id`),
  UNIQUE KEY `standard_attr_id` (`standard_attr_id`),
  KEY `ix_trunks_project_id` (`project_id`),
  CONSTRAINT `trunks_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`) ON DELETE CASCADE,
  CONSTRAINT `trunks_ibfk_2` FOREIGN KEY (`standard_attr_id`) REFERENCES `standardattributes` (`id`) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `trunks` WRITE;
/*!40000 ALTER TABLE `trunks` DISABLE KEYS */;
/*!40000 ALTER TABLE `trunks` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `vips`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `vips` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `status` varchar(16) NOT NULL,
  `status_description` varchar(255) DEFAULT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `port_id` varchar(36) DEFAULT NULL,
  `protocol_port` int(11) NOT NULL,
  `protocol` enum('HTTP','HTTPS','TCP') NOT NULL,
  `pool_id` varchar(36) NOT NULL,
  `admin_state_up` tinyint(1) NOT NULL,
  `connection_limit` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `pool_id` (`pool_id`),
  KEY `port_id` (`port_id`),
  CONSTRAINT `vips_ibfk_1` FOREIGN KEY (`port_id`) REFERENCES `ports` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `vips` WRITE;
/*!40000 ALTER TABLE `vips` DISABLE KEYS */;
/*!40000 ALTER TABLE `vips` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `vpnservices`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `vpnservices` (
  `tenant_id` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `status` varchar(16) NOT NULL,
  `admin_state_up` tinyint(1) NOT NULL,
  `subnet_id` varchar(36) NOT NULL,
  `router_id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `subnet_id` (`subnet_id`),
  KEY `router_id` (`router_id`),
  CONSTRAINT `vpnservices_ibfk_1` FOREIGN KEY (`subnet_id`) REFERENCES `subnets` (`id`),
  CONSTRAINT `vpnservices_ibfk_2` FOREIGN KEY (`router_id`) REFERENCES `routers` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `vpnservices` WRITE;
/*!40000 ALTER TABLE `vpnservices` DISABLE KEYS */;
/*!40000 ALTER TABLE `vpnservices` ENABLE KEYS */;
UNLOCK TABLES;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

