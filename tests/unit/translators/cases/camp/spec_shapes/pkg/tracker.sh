#!/bin/sh
echo tracker
