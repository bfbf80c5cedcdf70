#!/bin/sh
cp "$conf" /etc/nginx/nginx.conf
