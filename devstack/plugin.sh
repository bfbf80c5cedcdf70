#!/bin/bash
#
# devstack plugin of heat-vision: installs it, writes heat-vision.conf
# (RabbitMQ and the devstack database, Keystone auth), syncs its database,
# starts and stops heat-vision-api and heat-vision-engine, and registers
# the orchestration endpoint when Heat itself is not deployed.
#
# Enable with, in local.conf:
#
#     enable_plugin heat-vision https://opendev.org/openstack/heat-vision

# Save trace setting
_XTRACE_HEAT_VISION=$(set +o | grep xtrace)
set -o xtrace


function heat_vision_heat_enabled {
    is_service_enabled h-api heat
}

# install_heat_vision - pip-install the tree (editable, as devstack does)
function install_heat_vision {
    setup_develop $HEAT_VISION_DIR
}

# configure_heat_vision - write $HEAT_VISION_CONF
function configure_heat_vision {
    sudo install -d -o $STACK_USER -m 755 $HEAT_VISION_CONF_DIR
    sudo install -d -o $STACK_USER -m 700 $HEAT_VISION_STATE_PATH
    rm -f $HEAT_VISION_CONF

    iniset $HEAT_VISION_CONF DEFAULT debug $ENABLE_DEBUG_LOG_LEVEL
    iniset $HEAT_VISION_CONF DEFAULT state_path $HEAT_VISION_STATE_PATH
    iniset_rpc_backend heat-vision $HEAT_VISION_CONF DEFAULT

    iniset $HEAT_VISION_CONF database connection \
        $(database_connection_url heat_vision)

    iniset $HEAT_VISION_CONF api bind_host $HEAT_VISION_SERVICE_HOST
    iniset $HEAT_VISION_CONF api bind_port $HEAT_VISION_SERVICE_PORT
    iniset $HEAT_VISION_CONF api auth_strategy keystone
    if is_service_enabled h-vision-relay; then
        # The relay runs as its own process: not mounted in the API.
        iniset $HEAT_VISION_CONF relay mount_in_api False
        iniset $HEAT_VISION_CONF relay bind_host $HEAT_VISION_SERVICE_HOST
        iniset $HEAT_VISION_CONF relay bind_port $HEAT_VISION_RELAY_PORT
        iniset $HEAT_VISION_CONF relay native_api_url \
            $HEAT_VISION_SERVICE_PROTOCOL://$HEAT_VISION_SERVICE_HOST:$HEAT_VISION_SERVICE_PORT
    fi
    configure_keystone_authtoken_middleware $HEAT_VISION_CONF \
        $HEAT_VISION_SERVICE_USER

    # Deferred work (task jobs) runs with a trust from its user to the
    # service user.
    iniset $HEAT_VISION_CONF DEFAULT deferred_auth_method trusts
    iniset $HEAT_VISION_CONF trustee auth_type password
    iniset $HEAT_VISION_CONF trustee auth_url $KEYSTONE_SERVICE_URI
    iniset $HEAT_VISION_CONF trustee username $HEAT_VISION_SERVICE_USER
    iniset $HEAT_VISION_CONF trustee password $SERVICE_PASSWORD
    iniset $HEAT_VISION_CONF trustee user_domain_name "$SERVICE_DOMAIN_NAME"
}

# create_heat_vision_accounts - the service user, and the catalog entry
# unless Heat owns the orchestration service type in this cloud
function create_heat_vision_accounts {
    create_service_user $HEAT_VISION_SERVICE_USER "admin"

    if heat_vision_heat_enabled; then
        echo_summary "Heat is enabled: heat-vision stays out of the catalog"
        return
    fi
    local url
    url="$HEAT_VISION_SERVICE_PROTOCOL://$HEAT_VISION_SERVICE_HOST"
    url+=":$HEAT_VISION_SERVICE_PORT/v1/\$(project_id)s"
    get_or_create_service "heat-vision" "$HEAT_VISION_SERVICE_TYPE" \
        "Orchestration service (heat-vision)"
    get_or_create_endpoint "$HEAT_VISION_SERVICE_TYPE" "$REGION_NAME" "$url"
}

# init_heat_vision - (re)create the database and apply the migrations
function init_heat_vision {
    recreate_database heat_vision
    $HEAT_VISION_BIN_DIR/heat-vision-manage \
        --config-file $HEAT_VISION_CONF db sync
}

# start_heat_vision - the API and the engine(s) as devstack services
function start_heat_vision {
    run_process h-vision-eng \
        "$HEAT_VISION_BIN_DIR/heat-vision-engine --config-file=$HEAT_VISION_CONF"
    local i
    for ((i = 2; i <= HEAT_VISION_ENGINE_WORKERS; i++)); do
        run_process h-vision-eng$i \
            "$HEAT_VISION_BIN_DIR/heat-vision-engine --config-file=$HEAT_VISION_CONF"
    done
    run_process h-vision-api \
        "$HEAT_VISION_BIN_DIR/heat-vision-api --config-file=$HEAT_VISION_CONF"

    local url="$HEAT_VISION_SERVICE_HOST:$HEAT_VISION_SERVICE_PORT"
    echo "Waiting for heat-vision-api to answer at $url..."
    if ! wait_for_service $SERVICE_TIMEOUT \
            $HEAT_VISION_SERVICE_PROTOCOL://$url/; then
        die $LINENO "heat-vision-api did not start"
    fi
    run_process h-vision-relay \
        "$HEAT_VISION_BIN_DIR/heat-vision-relay --config-file=$HEAT_VISION_CONF"
}

# stop_heat_vision - stop every process start_heat_vision started
function stop_heat_vision {
    local i
    stop_process h-vision-relay
    stop_process h-vision-api
    stop_process h-vision-eng
    for ((i = 2; i <= HEAT_VISION_ENGINE_WORKERS; i++)); do
        stop_process h-vision-eng$i
    done
}

# cleanup_heat_vision - remove what configure and init left behind
function cleanup_heat_vision {
    sudo rm -rf $HEAT_VISION_CONF_DIR $HEAT_VISION_STATE_PATH
}


if is_service_enabled h-vision-api h-vision-eng; then
    if [[ "$1" == "stack" && "$2" == "install" ]]; then
        echo_summary "Installing heat-vision"
        install_heat_vision

    elif [[ "$1" == "stack" && "$2" == "post-config" ]]; then
        echo_summary "Configuring heat-vision"
        configure_heat_vision
        if is_service_enabled keystone; then
            create_heat_vision_accounts
        fi

    elif [[ "$1" == "stack" && "$2" == "extra" ]]; then
        echo_summary "Initializing and starting heat-vision"
        init_heat_vision
        start_heat_vision
    fi

    if [[ "$1" == "unstack" ]]; then
        stop_heat_vision
    fi

    if [[ "$1" == "clean" ]]; then
        cleanup_heat_vision
    fi
fi

# Restore xtrace
$_XTRACE_HEAT_VISION
