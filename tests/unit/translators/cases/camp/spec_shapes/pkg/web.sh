#!/bin/sh
echo web
