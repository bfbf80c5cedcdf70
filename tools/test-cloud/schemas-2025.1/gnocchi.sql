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
('f89ed2e3c2ec');
/*!40000 ALTER TABLE `alembic_version` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `archive_policy`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `archive_policy` (
  `name` varchar(255) NOT NULL,
  `back_window` int(11) NOT NULL,
  `definition` text NOT NULL,
  `aggregation_methods` text NOT NULL,
  PRIMARY KEY (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `archive_policy` WRITE;
/*!40000 ALTER TABLE `archive_policy` DISABLE KEYS */;
INSERT INTO `archive_policy` VALUES
('bool',3600,'[{\"timespan\": 31536000.0, \"granularity\": 1.0, \"points\": 31536000}]','[\"last\"]'),
('high',0,'[{\"timespan\": 3600.0, \"granularity\": 1.0, \"points\": 3600}, {\"timespan\": 604800.0, \"granularity\": 60.0, \"points\": 10080}, {\"timespan\": 31536000.0, \"granularity\": 3600.0, \"points\": 8760}]','[\"sum\", \"max\", \"std\", \"min\", \"mean\", \"count\"]'),
('low',0,'[{\"timespan\": 2592000.0, \"granularity\": 300.0, \"points\": 8640}]','[\"sum\", \"max\", \"std\", \"min\", \"mean\", \"count\"]'),
('medium',0,'[{\"timespan\": 604800.0, \"granularity\": 60.0, \"points\": 10080}, {\"timespan\": 31536000.0, \"granularity\": 3600.0, \"points\": 8760}]','[\"sum\", \"max\", \"std\", \"min\", \"mean\", \"count\"]');
/*!40000 ALTER TABLE `archive_policy` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `archive_policy_rule`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `archive_policy_rule` (
  `name` varchar(255) NOT NULL,
  `archive_policy_name` varchar(255) NOT NULL,
  `metric_pattern` varchar(255) NOT NULL,
  PRIMARY KEY (`name`),
  KEY `fk_apr_ap_name_ap_name` (`archive_policy_name`),
  CONSTRAINT `fk_apr_ap_name_ap_name` FOREIGN KEY (`archive_policy_name`) REFERENCES `archive_policy` (`name`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `archive_policy_rule` WRITE;
/*!40000 ALTER TABLE `archive_policy_rule` DISABLE KEYS */;
INSERT INTO `archive_policy_rule` VALUES
('default','low','*');
/*!40000 ALTER TABLE `archive_policy_rule` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `metric`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `metric` (
  `id` binary(16) NOT NULL,
  `archive_policy_name` varchar(255) NOT NULL,
  `creator` varchar(255) DEFAULT NULL,
  `resource_id` binary(16) DEFAULT NULL,
  `name` varchar(255) DEFAULT NULL,
  `unit` varchar(31) DEFAULT NULL,
  `status` enum('active','delete') NOT NULL DEFAULT 'active',
  `needs_raw_data_truncation` tinyint(1) NOT NULL DEFAULT 1,
  `last_measure_timestamp` datetime NOT NULL DEFAULT current_timestamp(),
  PRIMARY KEY (`id`),
  UNIQUE KEY `uniq_metric0resource_id0name` (`resource_id`,`name`),
  KEY `fk_metric_ap_name_ap_name` (`archive_policy_name`),
  KEY `ix_metric_status` (`status`),
  CONSTRAINT `fk_metric_ap_name_ap_name` FOREIGN KEY (`archive_policy_name`) REFERENCES `archive_policy` (`name`),
  CONSTRAINT `fk_metric_resource_id_resource_id` FOREIGN KEY (`resource_id`) REFERENCES `resource` (`id`) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `metric` WRITE;
/*!40000 ALTER TABLE `metric` DISABLE KEYS */;
/*!40000 ALTER TABLE `metric` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `resource`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `resource` (
  `id` binary(16) NOT NULL,
  `creator` varchar(255) DEFAULT NULL,
  `started_at` datetime(6) NOT NULL,
  `revision_start` datetime(6) NOT NULL,
  `ended_at` datetime(6) DEFAULT NULL,
  `user_id` varchar(255) DEFAULT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `original_resource_id` varchar(289) NOT NULL,
  `type` varchar(255) NOT NULL,
  PRIMARY KEY (`id`),
  KEY `fk_resource_resource_type_name` (`type`),
  CONSTRAINT `fk_resource_resource_type_name` FOREIGN KEY (`type`) REFERENCES `resource_type` (`name`),
  CONSTRAINT `ck_resource_started_before_ended` CHECK (`started_at` <= `ended_at`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `resource` WRITE;
/*!40000 ALTER TABLE `resource` DISABLE KEYS */;
/*!40000 ALTER TABLE `resource` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `resource_history`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `resource_history` (
  `revision` int(11) NOT NULL AUTO_INCREMENT,
  `id` binary(16) NOT NULL,
  `revision_end` datetime(6) NOT NULL,
  `creator` varchar(255) DEFAULT NULL,
  `started_at` datetime(6) NOT NULL,
  `revision_start` datetime(6) NOT NULL,
  `ended_at` datetime(6) DEFAULT NULL,
  `user_id` varchar(255) DEFAULT NULL,
  `project_id` varchar(255) DEFAULT NULL,
  `original_resource_id` varchar(289) NOT NULL,
  `type` varchar(255) NOT NULL,
  PRIMARY KEY (`revision`),
  KEY `fk_rh_id_resource_id` (`id`),
  KEY `fk_resource_history_resource_type_name` (`type`),
  CONSTRAINT `fk_resource_history_resource_type_name` FOREIGN KEY (`type`) REFERENCES `resource_type` (`name`),
  CONSTRAINT `fk_rh_id_resource_id` FOREIGN KEY (`id`) REFERENCES `resource` (`id`) ON DELETE CASCADE,
  CONSTRAINT `ck_resource_history_started_before_ended` CHECK (`started_at` <= `ended_at`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `resource_history` WRITE;
/*!40000 ALTER TABLE `resource_history` DISABLE KEYS */;
/*!40000 ALTER TABLE `resource_history` ENABLE KEYS */;
UNLOCK TABLES;
DROP TABLE IF EXISTS `resource_type`;
/*!40101 SET @saved_cs_client     = @@character_set_client */;
/*!40101 SET character_set_client = utf8mb4 */;
CREATE TABLE `resource_type` (
  `name` varchar(255) NOT NULL,
  `tablename` varchar(35) NOT NULL,
  `attributes` text DEFAULT NULL,
  `state` enum('active','creating','creation_error','deleting','deletion_error','updating','updating_error') NOT NULL DEFAULT 'creating',
  `updated_at` datetime(6) NOT NULL,
  PRIMARY KEY (`name`),
  UNIQUE KEY `uniq_resource_type0tablename` (`tablename`)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb3 COLLATE=utf8mb3_general_ci;
/*!40101 SET character_set_client = @saved_cs_client */;

LOCK TABLES `resource_type` WRITE;
/*!40000 ALTER TABLE `resource_type` DISABLE KEYS */;
INSERT INTO `resource_type` VALUES
('generic','generic','{}','active','2026-12-05 14:58:36.323240');
/*!40000 ALTER TABLE `resource_type` ENABLE KEYS */;
UNLOCK TABLES;
/*!40103 SET TIME_ZONE=@OLD_TIME_ZONE */;

/*!40101 SET SQL_MODE=@OLD_SQL_MODE */;
/*!40014 SET FOREIGN_KEY_CHECKS=@OLD_FOREIGN_KEY_CHECKS */;
/*!40014 SET UNIQUE_CHECKS=@OLD_UNIQUE_CHECKS */;
/*!40101 SET CHARACTER_SET_CLIENT=@OLD_CHARACTER_SET_CLIENT */;
/*!40101 SET CHARACTER_SET_RESULTS=@OLD_CHARACTER_SET_RESULTS */;
/*!40101 SET COLLATION_CONNECTION=@OLD_COLLATION_CONNECTION */;
/*!40111 SET SQL_NOTES=@OLD_SQL_NOTES */;

