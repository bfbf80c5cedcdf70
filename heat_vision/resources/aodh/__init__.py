"""OS::Aodh::* resources: alarms kept in Aodh (through heat_vision.clients).
"""
