echo cfg
