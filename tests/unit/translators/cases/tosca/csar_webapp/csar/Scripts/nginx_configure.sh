sed -i "s/worker_processes.*/worker_processes $workers;/" /etc/nginx/nginx.conf
