apt-get install -y nginx
