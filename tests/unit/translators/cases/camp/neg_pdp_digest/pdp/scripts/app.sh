echo app $db_address $db_name
# changed after signing
