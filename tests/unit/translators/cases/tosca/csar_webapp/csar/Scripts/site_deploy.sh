mkdir -p /var/www$root
