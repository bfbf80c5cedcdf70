"""heat-vision's own resource types (``OS::HeatVision::*``)."""
