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
DROP TABLE IF EXISTS `additional_vip`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `additional_vip` (
  `load_balancer_id` varchar(36) NOT NULL,
  `ip_address` varchar(64) DEFAULT NULL,
  `port_id` varchar(36) DEFAULT NULL,
  `subnet_id` varchar(36) NOT NULL,
  `network_id` varchar(36) DEFAULT NULL,
  PRIMARY KEY (`load_balancer_id`,`subnet_id`),
  KEY `ix_additional_vip_load_balancer_id` (`load_balancer_id`),
  CONSTRAINT `fk_add_vip_load_balancer_id` FOREIGN KEY (`load_balancer_id`) REFERENCES `load_balancer` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `additional_vip` WRITE;
/*!40000 ALTER TABLE `additional_vip` DISABLE KEYS */;
/*!40000 ALTER TABLE `additional_vip` ENABLE KEYS */;
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
('fabf4983846b');
/*!40000 ALTER TABLE `alembic_version` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `algorithm`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `algorithm` (
  `name` varchar(255) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `algorithm` WRITE;
/*!40000 ALTER TABLE `algorithm` DISABLE KEYS */;
INSERT INTO `algorithm` VALUES
('LEAST_CONNECTIONS',NULL),
('ROUND_ROBIN',NULL),
('SOURCE_IP',NULL),
('SOURCE_IP_PORT',NULL);
/*!40000 ALTER TABLE `algorithm` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `amphora`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `amphora` (
  `id` varchar(36) NOT NULL,
  `compute_id` varchar(36) DEFAULT NULL,
  `status` varchar(36) NOT NULL,
  `load_balancer_id` varchar(36) DEFAULT NULL,
  `lb_network_ip` varchar(64) DEFAULT NULL,
  `vrrp_ip` varchar(64) DEFAULT NULL,
  `ha_ip` varchar(64) DEFAULT NULL,
  `vrrp_port_id` varchar(36) DEFAULT NULL,
  `ha_port_id` varchar(36) DEFAULT NULL,
  `role` varchar(36) DEFAULT NULL,
  `cert_expiration` datetime DEFAULT NULL,
  `cert_busy` tinyint(1) NOT NULL,
  `vrrp_interface` varchar(16) DEFAULT NULL,
  `vrrp_id` int(11) DEFAULT NULL,
  `vrrp_priority` int(11) DEFAULT NULL,
  `cached_zone` varchar(255) DEFAULT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `image_id` varchar(36) DEFAULT NULL,
  `compute_flavor` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `fk_amphora_load_balancer_id` (`load_balancer_id`),
  KEY `fk_amphora_provisioning_status_name` (`status`),
  KEY `fk_amphora_roles_name` (`role`),
  CONSTRAINT `fk_amphora_load_balancer_id` FOREIGN KEY (`load_balancer_id`) REFERENCES `load_balancer` (`id`),
  CONSTRAINT `fk_amphora_provisioning_status_name` FOREIGN KEY (`status`) REFERENCES `provisioning_status` (`name`),
  CONSTRAINT `fk_amphora_roles_name` FOREIGN KEY (`role`) REFERENCES `amphora_roles` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `amphora` WRITE;
/*!40000 ALTER TABLE `amphora` DISABLE KEYS */;
/*!40000 ALTER TABLE `amphora` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `amphora_build_request`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `amphora_build_request` (
  `amphora_id` varchar(36) NOT NULL,
  `priority` int(11) DEFAULT NULL,
  `created_time` datetime NOT NULL,
  `status` varchar(16) NOT NULL,
  PRIMARY KEY (`amphora_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `amphora_build_request` WRITE;
/*!40000 ALTER TABLE `amphora_build_request` DISABLE KEYS */;
/*!40000 ALTER TABLE `amphora_build_request` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `amphora_build_slots`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `amphora_build_slots` (
  `id` int(11) NOT NULL AUTO_INCREMENT,
  `slots_used` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB AUTO_INCREMENT=2 DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `amphora_build_slots` WRITE;
/*!40000 ALTER TABLE `amphora_build_slots` DISABLE KEYS */;
INSERT INTO `amphora_build_slots` VALUES
(1,0);
/*!40000 ALTER TABLE `amphora_build_slots` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `amphora_health`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `amphora_health` (
  `amphora_id` varchar(36) NOT NULL,
  `last_update` datetime NOT NULL,
  `busy` tinyint(1) NOT NULL,
  PRIMARY KEY (`amphora_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `amphora_health` WRITE;
/*!40000 ALTER TABLE `amphora_health` DISABLE KEYS */;
/*!40000 ALTER TABLE `amphora_health` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `amphora_member_port`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `amphora_member_port` (
  `port_id` varchar(36) NOT NULL,
  `amphora_id` varchar(36) NOT NULL,
  `network_id` varchar(36) DEFAULT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  PRIMARY KEY (`port_id`),
  KEY `ix_amphora_member_port_amphora_id` (`amphora_id`),
  CONSTRAINT `fk_member_port_amphora_id` FOREIGN KEY (`amphora_id`) REFERENCES `amphora` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `amphora_member_port` WRITE;
/*!40000 ALTER TABLE `amphora_member_port` DISABLE KEYS */;
/*!40000 ALTER TABLE `amphora_member_port` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `amphora_roles`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `amphora_roles` (
  `name` varchar(36) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `amphora_roles` WRITE;
/*!40000 ALTER TABLE `amphora_roles` DISABLE KEYS */;
INSERT INTO `amphora_roles` VALUES
('BACKUP',NULL),
('MASTER',NULL),
('STANDALONE',NULL);
/*!40000 ALTER TABLE `amphora_roles` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `availability_zone`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `availability_zone` (
  `name` varchar(255) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  `enabled` tinyint(1) NOT NULL,
  `availability_zone_profile_id` varchar(36) NOT NULL,
  PRIMARY KEY (`name`),
  KEY `fk_az_az_profile_id` (`availability_zone_profile_id`),
  CONSTRAINT `fk_az_az_profile_id` FOREIGN KEY (`availability_zone_profile_id`) REFERENCES `availability_zone_profile` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `availability_zone` WRITE;
/*!40000 ALTER TABLE `availability_zone` DISABLE KEYS */;
INSERT INTO `availability_zone` VALUES
('00000000-0000-0000-0000-000000000000','Placeholder for DELETED LBs with DELETED availability zones',0,'00000000-0000-0000-0000-000000000000');
/*!40000 ALTER TABLE `availability_zone` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `availability_zone_profile`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `availability_zone_profile` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) NOT NULL,
  `provider_name` varchar(255) NOT NULL,
  `availability_zone_data` varchar(4096) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `availability_zone_profile` WRITE;
/*!40000 ALTER TABLE `availability_zone_profile` DISABLE KEYS */;
INSERT INTO `availability_zone_profile` VALUES
('00000000-0000-0000-0000-000000000000','DELETED-PLACEHOLDER','DELETED','{}');
/*!40000 ALTER TABLE `availability_zone_profile` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `client_authentication_mode`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `client_authentication_mode` (
  `name` varchar(10) NOT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `client_authentication_mode` WRITE;
/*!40000 ALTER TABLE `client_authentication_mode` DISABLE KEYS */;
INSERT INTO `client_authentication_mode` VALUES
('MANDATORY'),
('NONE'),
('OPTIONAL');
/*!40000 ALTER TABLE `client_authentication_mode` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `flavor`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `flavor` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  `enabled` tinyint(1) NOT NULL,
  `flavor_profile_id` varchar(36) NOT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_flavor_name` (`name`),
  KEY `fk_flavor_flavor_profile_id` (`flavor_profile_id`),
  CONSTRAINT `fk_flavor_flavor_profile_id` FOREIGN KEY (`flavor_profile_id`) REFERENCES `flavor_profile` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `flavor` WRITE;
/*!40000 ALTER TABLE `flavor` DISABLE KEYS */;
INSERT INTO `flavor` VALUES
('00000000-0000-0000-0000-000000000000','DELETED-PLACEHOLDER','Placeholder for DELETED LBs with DELETED flavors',0,'00000000-0000-0000-0000-000000000000');
/*!40000 ALTER TABLE `flavor` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `flavor_profile`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `flavor_profile` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) NOT NULL,
  `provider_name` varchar(255) NOT NULL,
  `flavor_data` varchar(4096) NOT NULL,
  PRIMARY KEY (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `flavor_profile` WRITE;
/*!40000 ALTER TABLE `flavor_profile` DISABLE KEYS */;
INSERT INTO `flavor_profile` VALUES
('00000000-0000-0000-0000-000000000000','DELETED-PLACEHOLDER','DELETED','{}');
/*!40000 ALTER TABLE `flavor_profile` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `health_monitor`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `health_monitor` (
  `pool_id` varchar(36) NOT NULL,
  `type` varchar(36) NOT NULL,
  `delay` int(11) NOT NULL,
  `timeout` int(11) NOT NULL,
  `fall_threshold` int(11) NOT NULL,
  `rise_threshold` int(11) NOT NULL,
  `http_method` varchar(16) DEFAULT NULL,
  `url_path` varchar(255) DEFAULT NULL,
  `expected_codes` varchar(64) DEFAULT NULL,
  `enabled` tinyint(1) NOT NULL,
  `project_id` varchar(36) DEFAULT NULL,
  `provisioning_status` varchar(16) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `operating_status` varchar(16) NOT NULL,
  `http_version` float DEFAULT NULL,
  `domain_name` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_health_monitor_pool` (`pool_id`),
  KEY `fk_health_monitor_health_monitor_type_name` (`type`),
  KEY `fk_health_monitor_provisioning_status_name` (`provisioning_status`),
  KEY `fk_health_monitor_operating_status_name` (`operating_status`),
  CONSTRAINT `fk_health_monitor_health_monitor_type_name` FOREIGN KEY (`type`) REFERENCES `health_monitor_type` (`name`),
  CONSTRAINT `fk_health_monitor_operating_status_name` FOREIGN KEY (`operating_status`) REFERENCES `operating_status` (`name`),
  CONSTRAINT `fk_health_monitor_pool_id` FOREIGN KEY (`pool_id`) REFERENCES `pool` (`id`),
  CONSTRAINT `fk_health_monitor_provisioning_status_name` FOREIGN KEY (`provisioning_status`) REFERENCES `provisioning_status` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `health_monitor` WRITE;
/*!40000 ALTER TABLE `health_monitor` DISABLE KEYS */;
/*!40000 ALTER TABLE `health_monitor` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `health_monitor_type`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `health_monitor_type` (
  `name` varchar(30) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `health_monitor_type` WRITE;
/*!40000 ALTER TABLE `health_monitor_type` DISABLE KEYS */;
INSERT INTO `health_monitor_type` VALUES
('HTTP',NULL),
('HTTPS',NULL),
('PING',NULL),
('SCTP',NULL),
('TCP',NULL),
('TLS-HELLO',NULL),
('UDP-CONNECT',NULL);
/*!40000 ALTER TABLE `health_monitor_type` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `l7policy`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `l7policy` (
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `listener_id` varchar(36) NOT NULL,
  `action` varchar(36) NOT NULL,
  `redirect_pool_id` varchar(36) DEFAULT NULL,
  `redirect_url` varchar(255) DEFAULT NULL,
  `position` int(11) NOT NULL,
  `enabled` tinyint(1) NOT NULL,
  `provisioning_status` varchar(16) NOT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `project_id` varchar(36) DEFAULT NULL,
  `operating_status` varchar(16) NOT NULL,
  `redirect_prefix` varchar(255) DEFAULT NULL,
  `redirect_http_code` int(11) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `fk_l7policy_listener_id` (`listener_id`),
  KEY `fk_l7policy_pool_id` (`redirect_pool_id`),
  KEY `fk_l7policy_l7policy_action_name` (`action`),
  KEY `fk_l7policy_operating_status_name` (`operating_status`),
  KEY `fk_l7policy_provisioning_status_name` (`provisioning_status`),
  CONSTRAINT `fk_l7policy_l7policy_action_name` FOREIGN KEY (`action`) REFERENCES `l7policy_action` (`name`),
  CONSTRAINT `fk_l7policy_listener_id` FOREIGN KEY (`listener_id`) REFERENCES `listener` (`id`),
  CONSTRAINT `fk_l7policy_operating_status_name` FOREIGN KEY (`operating_status`) REFERENCES `operating_status` (`name`),
  CONSTRAINT `fk_l7policy_pool_id` FOREIGN KEY (`redirect_pool_id`) REFERENCES `pool` (`id`),
  CONSTRAINT `fk_l7policy_provisioning_status_name` FOREIGN KEY (`provisioning_status`) REFERENCES `provisioning_status` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `l7policy` WRITE;
/*!40000 ALTER TABLE `l7policy` DISABLE KEYS */;
/*!40000 ALTER TABLE `l7policy` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `l7policy_action`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `l7policy_action` (
  `name` varchar(36) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `l7policy_action` WRITE;
/*!40000 ALTER TABLE `l7policy_action` DISABLE KEYS */;
INSERT INTO `l7policy_action` VALUES
('REDIRECT_PREFIX',NULL),
('REDIRECT_TO_POOL',NULL),
('REDIRECT_TO_URL',NULL),
('REJECT',NULL);
/*!40000 ALTER TABLE `l7policy_action` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `l7rule`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `l7rule` (
  `id` varchar(36) NOT NULL,
  `l7policy_id` varchar(36) NOT NULL,
  `type` varchar(36) NOT NULL,
  `compare_type` varchar(36) NOT NULL,
  `key` varchar(255) DEFAULT NULL,
  `value` varchar(255) NOT NULL,
  `invert` tinyint(1) NOT NULL,
  `provisioning_status` varchar(16) NOT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `project_id` varchar(36) DEFAULT NULL,
  `enabled` tinyint(1) NOT NULL DEFAULT 1,
  `operating_status` varchar(16) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `fk_l7rule_l7policy_id` (`l7policy_id`),
  KEY `fk_l7rule_l7rule_type_name` (`type`),
  KEY `fk_l7rule_l7rule_compare_type_name` (`compare_type`),
  KEY `fk_l7rule_provisioning_status_name` (`provisioning_status`),
  KEY `fk_l7rule_operating_status_name` (`operating_status`),
  CONSTRAINT `fk_l7rule_l7policy_id` FOREIGN KEY (`l7policy_id`) REFERENCES `l7policy` (`id`),
  CONSTRAINT `fk_l7rule_l7rule_compare_type_name` FOREIGN KEY (`compare_type`) REFERENCES `l7rule_compare_type` (`name`),
  CONSTRAINT `fk_l7rule_l7rule_type_name` FOREIGN KEY (`type`) REFERENCES `l7rule_type` (`name`),
  CONSTRAINT `fk_l7rule_operating_status_name` FOREIGN KEY (`operating_status`) REFERENCES `operating_status` (`name`),
  CONSTRAINT `fk_l7rule_provisioning_status_name` FOREIGN KEY (`provisioning_status`) REFERENCES `provisioning_status` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `l7rule` WRITE;
/*!40000 ALTER TABLE `l7rule` DISABLE KEYS */;
/*!40000 ALTER TABLE `l7rule` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `l7rule_compare_type`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `l7rule_compare_type` (
  `name` varchar(36) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `l7rule_compare_type` WRITE;
/*!40000 ALTER TABLE `l7rule_compare_type` DISABLE KEYS */;
INSERT INTO `l7rule_compare_type` VALUES
('CONTAINS',NULL),
('ENDS_WITH',NULL),
('EQUAL_TO',NULL),
('REGEX',NULL),
('STARTS_WITH',NULL);
/*!40000 ALTER TABLE `l7rule_compare_type` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `l7rule_type`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `l7rule_type` (
  `name` varchar(36) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `l7rule_type` WRITE;
/*!40000 ALTER TABLE `l7rule_type` DISABLE KEYS */;
INSERT INTO `l7rule_type` VALUES
('COOKIE',NULL),
('FILE_TYPE',NULL),
('HEADER',NULL),
('HOST_NAME',NULL),
('PATH',NULL),
('SSL_CONN_HAS_CERT',NULL),
('SSL_DN_FIELD',NULL),
('SSL_VERIFY_RESULT',NULL);
/*!40000 ALTER TABLE `l7rule_type` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `lb_topology`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `lb_topology` (
  `name` varchar(36) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `lb_topology` WRITE;
/*!40000 ALTER TABLE `lb_topology` DISABLE KEYS */;
INSERT INTO `lb_topology` VALUES
('ACTIVE_STANDBY',NULL),
('SINGLE',NULL);
/*!40000 ALTER TABLE `lb_topology` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `listener`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `listener` (
  `project_id` varchar(36) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `protocol` varchar(16) NOT NULL,
  `protocol_port` int(11) NOT NULL,
  `connection_limit` int(11) DEFAULT NULL,
  `load_balancer_id` varchar(36) DEFAULT NULL,
  `tls_certificate_id` varchar(255) DEFAULT NULL,
  `default_pool_id` varchar(36) DEFAULT NULL,
  `provisioning_status` varchar(16) NOT NULL,
  `operating_status` varchar(16) NOT NULL,
  `enabled` tinyint(1) NOT NULL,
  `peer_port` int(11) DEFAULT NULL,
  `insert_headers` blob DEFAULT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `timeout_client_data` int(11) DEFAULT NULL,
  `timeout_member_connect` int(11) DEFAULT NULL,
  `timeout_member_data` int(11) DEFAULT NULL,
  `timeout_tcp_inspect` int(11) DEFAULT NULL,
  `client_ca_tls_certificate_id` varchar(255) DEFAULT NULL,
  `client_authentication` varchar(10) NOT NULL DEFAULT 'NONE',
  `client_crl_container_id` varchar(255) DEFAULT NULL,
  `tls_ciphers` varchar(2048) DEFAULT NULL,
  `tls_versions` varchar(512) DEFAULT NULL,
  `alpn_protocols` varchar(512) DEFAULT NULL,
  `hsts_max_age` int(11) DEFAULT NULL,
  `hsts_include_subdomains` tinyint(1) DEFAULT NULL,
  `hsts_preload` tinyint(1) DEFAULT NULL,
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_listener_load_balancer_id_protocol_port` (`load_balancer_id`,`protocol`,`protocol_port`),
  KEY `fk_listener_protocol_name` (`protocol`),
  KEY `fk_listener_provisioning_status_name` (`provisioning_status`),
  KEY `fk_listener_operating_status_name` (`operating_status`),
  KEY `fk_listener_pool_id` (`default_pool_id`),
  KEY `client_authentication` (`client_authentication`),
  CONSTRAINT `fk_listener_load_balancer_id` FOREIGN KEY (`load_balancer_id`) REFERENCES `load_balancer` (`id`),
  CONSTRAINT `fk_listener_operating_status_name` FOREIGN KEY (`operating_status`) REFERENCES `operating_status` (`name`),
  CONSTRAINT `fk_listener_pool_id` FOREIGN KEY (`default_pool_id`) REFERENCES `pool` (`id`),
  CONSTRAINT `fk_listener_protocol_name` FOREIGN KEY (`protocol`) REFERENCES `protocol` (`name`),
  CONSTRAINT `fk_listener_provisioning_status_name` FOREIGN KEY (`provisioning_status`) REFERENCES `provisioning_status` (`name`),
  CONSTRAINT `listener_ibfk_1` FOREIGN KEY (`client_authentication`) REFERENCES `client_authentication_mode` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `listener` WRITE;
/*!40000 ALTER TABLE `listener` DISABLE KEYS */;
/*!40000 ALTER TABLE `listener` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `listener_cidr`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `listener_cidr` (
  `listener_id` varchar(36) NOT NULL,
  `cidr` varchar(64) NOT NULL,
  PRIMARY KEY (`listener_id`,`cidr`),
  CONSTRAINT `fk_listener_cidr_listener_id` FOREIGN KEY (`listener_id`) REFERENCES `listener` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `listener_cidr` WRITE;
/*!40000 ALTER TABLE `listener_cidr` DISABLE KEYS */;
/*!40000 ALTER TABLE `listener_cidr` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `listener_statistics`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `listener_statistics` (
  `listener_id` varchar(36) NOT NULL,
  `bytes_in` bigint(20) NOT NULL,
  `bytes_out` bigint(20) NOT NULL,
  `active_connections` int(11) NOT NULL,
  `total_connections` bigint(20) NOT NULL,
  `amphora_id` varchar(36) NOT NULL,
  `request_errors` bigint(20) NOT NULL,
  PRIMARY KEY (`listener_id`,`amphora_id`),
  KEY `fk_listener_statistic_amphora_id` (`amphora_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `listener_statistics` WRITE;
/*!40000 ALTER TABLE `listener_statistics` DISABLE KEYS */;
/*!40000 ALTER TABLE `listener_statistics` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `load_balancer`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `load_balancer` (
  `project_id` varchar(36) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `provisioning_status` varchar(16) NOT NULL,
  `operating_status` varchar(16) NOT NULL,
  `enabled` tinyint(1) NOT NULL,
  `topology` varchar(36) DEFAULT NULL,
  `server_group_id` varchar(36) DEFAULT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `provider` varchar(64) DEFAULT NULL,
  `flavor_id` varchar(36) DEFAULT NULL,
  `availability_zone` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `fk_load_balancer_provisioning_status_name` (`provisioning_status`),
  KEY `fk_load_balancer_operating_status_name` (`operating_status`),
  KEY `fk_lb_topology_name` (`topology`),
  KEY `fk_loadbalancer_flavor_id` (`flavor_id`),
  KEY `fk_load_balancer_availability_zone_name` (`availability_zone`),
  CONSTRAINT `fk_lb_topology_name` FOREIGN KEY (`topology`) REFERENCES `lb_topology` (`name`),
  CONSTRAINT `fk_load_balancer_availability_zone_name` FOREIGN KEY (`availability_zone`) REFERENCES `availability_zone` (`name`),
  CONSTRAINT `fk_load_balancer_operating_status_name` FOREIGN KEY (`operating_status`) REFERENCES `operating_status` (`name`),
  CONSTRAINT `fk_load_balancer_provisioning_status_name` FOREIGN KEY (`provisioning_status`) REFERENCES `provisioning_status` (`name`),
  CONSTRAINT `fk_loadbalancer_flavor_id` FOREIGN KEY (`flavor_id`) REFERENCES `flavor` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `load_balancer` WRITE;
/*!40000 ALTER TABLE `load_balancer` DISABLE KEYS */;
/*!40000 ALTER TABLE `load_balancer` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `member`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `member` (
  `project_id` varchar(36) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `pool_id` varchar(36) NOT NULL,
  `subnet_id` varchar(36) DEFAULT NULL,
  `ip_address` varchar(64) DEFAULT NULL,
  `protocol_port` int(11) NOT NULL,
  `weight` int(11) DEFAULT NULL,
  `operating_status` varchar(16) NOT NULL,
  `enabled` tinyint(1) NOT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `provisioning_status` varchar(16) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `monitor_address` varchar(64) DEFAULT NULL,
  `monitor_port` int(11) DEFAULT NULL,
  `backup` tinyint(1) NOT NULL,
  `vnic_type` varchar(64) NOT NULL DEFAULT 'normal',
  PRIMARY KEY (`id`),
  UNIQUE KEY `uq_member_pool_id_address_protocol_port` (`pool_id`,`ip_address`,`protocol_port`),
  KEY `fk_member_operating_status_name` (`operating_status`),
  KEY `fk_member_provisioning_status_name` (`provisioning_status`),
  CONSTRAINT `fk_member_operating_status_name` FOREIGN KEY (`operating_status`) REFERENCES `operating_status` (`name`),
  CONSTRAINT `fk_member_pool_id` FOREIGN KEY (`pool_id`) REFERENCES `pool` (`id`),
  CONSTRAINT `fk_member_provisioning_status_name` FOREIGN KEY (`provisioning_status`) REFERENCES `provisioning_status` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `member` WRITE;
/*!40000 ALTER TABLE `member` DISABLE KEYS */;
/*!40000 ALTER TABLE `member` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `operating_status`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `operating_status` (
  `name` varchar(30) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `operating_status` WRITE;
/*!40000 ALTER TABLE `operating_status` DISABLE KEYS */;
INSERT INTO `operating_status` VALUES
('DEGRADED',NULL),
('DRAINING',NULL),
('ERROR',NULL),
('NO_MONITOR',NULL),
('OFFLINE',NULL),
('ONLINE',NULL);
/*!40000 ALTER TABLE `operating_status` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `pool`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `pool` (
  `project_id` varchar(36) DEFAULT NULL,
  `id` varchar(36) NOT NULL,
  `name` varchar(255) DEFAULT NULL,
  `description` varchar(255) DEFAULT NULL,
  `protocol` varchar(16) NOT NULL,
  `lb_algorithm` varchar(255) NOT NULL,
  `operating_status` varchar(16) NOT NULL,
  `enabled` tinyint(1) NOT NULL,
  `load_balancer_id` varchar(36) DEFAULT NULL,
  `created_at` datetime DEFAULT NULL,
  `updated_at` datetime DEFAULT NULL,
  `provisioning_status` varchar(16) NOT NULL,
  `tls_certificate_id` varchar(255) DEFAULT NULL,
  `ca_tls_certificate_id` varchar(255) DEFAULT NULL,
  `crl_container_id` varchar(255) DEFAULT NULL,
  `tls_enabled` tinyint(1) NOT NULL DEFAULT 0,
  `tls_ciphers` varchar(2048) DEFAULT NULL,
  `tls_versions` varchar(512) DEFAULT NULL,
  `alpn_protocols` varchar(512) DEFAULT NULL,
  PRIMARY KEY (`id`),
  KEY `fk_pool_protocol_name` (`protocol`),
  KEY `fk_pool_operating_status_name` (`operating_status`),
  KEY `fk_pool_algorithm_name` (`lb_algorithm`),
  KEY `load_balancer_id` (`load_balancer_id`),
  KEY `fk_pool_provisioning_status_name` (`provisioning_status`),
  CONSTRAINT `fk_pool_algorithm_name` FOREIGN KEY (`lb_algorithm`) REFERENCES `algorithm` (`name`),
  CONSTRAINT `fk_pool_operating_status_name` FOREIGN KEY (`operating_status`) REFERENCES `operating_status` (`name`),
  CONSTRAINT `fk_pool_protocol_name` FOREIGN KEY (`protocol`) REFERENCES `protocol` (`name`),
  CONSTRAINT `fk_pool_provisioning_status_name` FOREIGN KEY (`provisioning_status`) REFERENCES `provisioning_status` (`name`),
  CONSTRAINT `pool_ibfk_1` FOREIGN KEY (`load_balancer_id`) REFERENCES `load_balancer` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `pool` WRITE;
/*!40000 ALTER TABLE `pool` DISABLE KEYS */;
/*!40000 ALTER TABLE `pool` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `protocol`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `protocol` (
  `name` varchar(30) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `protocol` WRITE;
/*!40000 ALTER TABLE `protocol` DISABLE KEYS */;
INSERT INTO `protocol` VALUES
('HTTP',NULL),
('HTTPS',NULL),
('PROMETHEUS',NULL),
('PROXY',NULL),
('PROXYV2',NULL),
('SCTP',NULL),
('TCP',NULL),
('TERMINATED_HTTPS',NULL),
('UDP',NULL);
/*!40000 ALTER TABLE `protocol` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `provisioning_status`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `provisioning_status` (
  `name` varchar(30) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `provisioning_status` WRITE;
/*!40000 ALTER TABLE `provisioning_status` DISABLE KEYS */;
INSERT INTO `provisioning_status` VALUES
('ACTIVE',NULL),
('ALLOCATED',NULL),
('BOOTING',NULL),
('DELETED',NULL),
('ERROR',NULL),
('FAILOVER_STOPPED',NULL),
('PENDING_CREATE',NULL),
('PENDING_DELETE',NULL),
('PENDING_UPDATE',NULL),
('READY',NULL);
/*!40000 ALTER TABLE `provisioning_status` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `quotas`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `quotas` (
  `project_id` varchar(36) NOT NULL,
  `health_monitor` int(11) DEFAULT NULL,
  `load_balancer` int(11) DEFAULT NULL,
  `listener` int(11) DEFAULT NULL,
  `member` int(11) DEFAULT NULL,
  `pool` int(11) DEFAULT NULL,
  `in_use_health_monitor` int(11) DEFAULT NULL,
  `in_use_load_balancer` int(11) DEFAULT NULL,
  `in_use_listener` int(11) DEFAULT NULL,
  `in_use_member` int(11) DEFAULT NULL,
  `in_use_pool` int(11) DEFAULT NULL,
  `l7policy` int(11) DEFAULT NULL,
  `l7rule` int(11) DEFAULT NULL,
  `in_use_l7policy` int(11) DEFAULT NULL,
  `in_use_l7rule` int(11) DEFAULT NULL,
  PRIMARY KEY (`project_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `quotas` WRITE;
/*!40000 ALTER TABLE `quotas` DISABLE KEYS */;
/*!40000 ALTER TABLE `quotas` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `session_persistence`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `session_persistence` (
  `pool_id` varchar(36) NOT NULL,
  `type` varchar(16) NOT NULL,
  `cookie_name` varchar(255) DEFAULT NULL,
  `persistence_timeout` int(11) DEFAULT NULL,
  `persistence_granularity` varchar(64) DEFAULT NULL,
  PRIMARY KEY (`pool_id`),
  KEY `fk_session_persistence_session_persistence_type_name` (`type`),
  CONSTRAINT `fk_session_persistence_pool_id` FOREIGN KEY (`pool_id`) REFERENCES `pool` (`id`),
  CONSTRAINT `fk_session_persistence_session_persistence_type_name` FOREIGN KEY (`type`) REFERENCES `session_persistence_type` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `session_persistence` WRITE;
/*!40000 ALTER TABLE `session_persistence` DISABLE KEYS */;
/*!40000 ALTER TABLE `session_persistence` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `session_persistence_type`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `session_persistence_type` (
  `name` varchar(30) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `session_persistence_type` WRITE;
/*!40000 ALTER TABLE `session_persistence_type` DISABLE KEYS */;
INSERT INTO `session_persistence_type` VALUES
('APP_COOKIE',NULL),
('HTTP_COOKIE',NULL),
('SOURCE_IP',NULL);
/*!40000 ALTER TABLE `session_persistence_type` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `sni`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `sni` (
  `listener_id` varchar(36) NOT NULL,
  `tls_container_id` varchar(128) NOT NULL,
  `position` int(11) DEFAULT NULL,
  PRIMARY KEY (`listener_id`,`tls_container_id`),
  CONSTRAINT `fk_sni_listener_id` FOREIGN KEY (`listener_id`) REFERENCES `listener` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `sni` WRITE;
/*!40000 ALTER TABLE `sni` DISABLE KEYS */;
/*!40000 ALTER TABLE `sni` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `spares_pool`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `spares_pool` (
  `updated_at` datetime NOT NULL DEFAULT current_timestamp(),
  PRIMARY KEY (`updated_at`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `spares_pool` WRITE;
/*!40000 ALTER TABLE `spares_pool` DISABLE KEYS */;
INSERT INTO `spares_pool` VALUES
('2026-12-05 14:59:44');
/*!40000 ALTER TABLE `spares_pool` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `tags`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `tags` (
  `resource_id` varchar(36) NOT NULL,
  `tag` varchar(255) NOT NULL,
  PRIMARY KEY (`resource_id`,`tag`),
  KEY `ix_tags_tag` (`tag`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `tags` WRITE;
/*!40000 ALTER TABLE `tags` DISABLE KEYS */;
/*!40000 ALTER TABLE `tags` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `vip`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `vip` (
  `load_balancer_id` varchar(36) NOT NULL,
  `ip_address` varchar(64) DEFAULT NULL,
  `port_id` varchar(36) DEFAULT NULL,
  `subnet_id` varchar(36) DEFAULT NULL,
  `network_id` varchar(36) DEFAULT NULL,
  `qos_policy_id` varchar(36) DEFAULT NULL,
  `octavia_owned` tinyint(1) DEFAULT NULL,
  `vnic_type` varchar(64) NOT NULL DEFAULT 'normal',
  PRIMARY KEY (`load_balancer_id`),
  CONSTRAINT `fk_vip_load_balancer_id` FOREIGN KEY (`load_balancer_id`) REFERENCES `load_balancer` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `vip` WRITE;
/*!40000 ALTER TABLE `vip` DISABLE KEYS */;
/*!40000 ALTER TABLE `vip` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `vip_security_group`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `vip_security_group` (
  `load_balancer_id` varchar(36) NOT NULL,
  `sg_id` varchar(36) NOT NULL,
  PRIMARY KEY (`load_balancer_id`,`sg_id`),
  CONSTRAINT `fk_vip_sg_vip_lb_id` FOREIGN KEY (`load_balancer_id`) REFERENCES `vip` (`load_balancer_id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `vip_security_group` WRITE;
/*!40000 ALTER TABLE `vip_security_group` DISABLE KEYS */;
/*!40000 ALTER TABLE `vip_security_group` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `vrrp_auth_method`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `vrrp_auth_method` (
  `name` varchar(36) NOT NULL,
  `description` varchar(255) DEFAULT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `vrrp_auth_method` WRITE;
/*!40000 ALTER TABLE `vrrp_auth_method` DISABLE KEYS */;
INSERT INTO `vrrp_auth_method` VALUES
('AH',NULL),
('PASS',NULL);
/*!40000 ALTER TABLE `vrrp_auth_method` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `vrrp_group`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `vrrp_group` (
  `load_balancer_id` varchar(36) NOT NULL,
  `vrrp_group_name` varchar(36) DEFAULT NULL,
  `vrrp_auth_type` varchar(16) DEFAULT NULL,
  `vrrp_auth_pass` varchar(36) DEFAULT NULL,
  `advert_int` int(11) DEFAULT NULL,
  PRIMARY KEY (`load_balancer_id`),
  KEY `fk_load_balancer_vrrp_auth_method_name` (`vrrp_auth_type`),
  CONSTRAINT `fk_load_balancer_vrrp_auth_method_name` FOREIGN KEY (`vrrp_auth_type`) REFERENCES `vrrp_auth_method` (`name`),
  CONSTRAINT `fk_vrrp_group_load_balancer_id` FOREIGN KEY (`load_balancer_id`) REFERENCES `load_balancer` (`id`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `vrrp_group` WRITE;
/*!40000 ALTER TABLE `vrrp_group` DISABLE KEYS */;
/*!40000 ALTER TABLE `vrrp_group` ENABLE KEYS */;
UNLOCK TABLES;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

