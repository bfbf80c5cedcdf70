#!/bin/bash
#
# devstack plugin of heat-vision: installs it (with the extras of the
# database and job board in use) and python-heatclient, writes
# heat-vision.conf (RabbitMQ, the devstack database, Keystone auth, the
# service clients, trusts, the stack-user domain, EC2 signatures on the
# CloudFormation Query API, the task job board), syncs its database, runs
# the API under uwsgi and the engine(s) (and h-vision-tasks,
# h-vision-relay when enabled) as devstack services, and registers the
# orchestration endpoint when Heat itself is not deployed.
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

# heat_vision_api_url - the URL clients reach the API at (no /v1)
function heat_vision_api_url {
    local url="$HEAT_VISION_SERVICE_PROTOCOL://$HEAT_VISION_SERVICE_HOST"
    if [[ "$HEAT_VISION_USE_UWSGI" == "True" ]]; then
        echo "$url$HEAT_VISION_API_PATH"
    else
        echo "$url:$HEAT_VISION_SERVICE_PORT"
    fi
}

# heat_vision_extras - the setup.cfg extras the configured backends need
function heat_vision_extras {
    local extras=()
    case "$DATABASE_TYPE" in
        mysql) extras+=(mysql) ;;
        postgresql) extras+=(postgresql) ;;
    esac
    if [[ "$HEAT_VISION_TASKS_JOBBOARD" == "redis" ]]; then
        extras+=(redis)
    fi
    join_extras "${extras[@]}"
}

# check_heat_vision_settings - refuse settings that cannot work
function check_heat_vision_settings {
    case "$HEAT_VISION_TASKS_JOBBOARD" in
        redis) ;;
        local)
            if (( HEAT_VISION_ENGINE_WORKERS > 1 )) || \
                    is_service_enabled h-vision-tasks; then
                die $LINENO "HEAT_VISION_TASKS_JOBBOARD=local runs jobs" \
                    "in one process only: use redis with" \
                    "HEAT_VISION_ENGINE_WORKERS > 1 or h-vision-tasks"
            fi
            ;;
        *)
            die $LINENO "HEAT_VISION_TASKS_JOBBOARD must be redis or" \
                "local, not '$HEAT_VISION_TASKS_JOBBOARD'"
            ;;
    esac
}

# install_heat_vision_redis - the Redis server of the redis job board
function install_heat_vision_redis {
    if [[ "$HEAT_VISION_TASKS_JOBBOARD" != "redis" || \
            "$HEAT_VISION_INSTALL_REDIS" != "True" ]]; then
        return
    fi
    local service=redis
    if is_ubuntu; then
        service=redis-server
    fi
    install_package $service
    restart_service $service
}

# install_heat_vision - pip-install the tree (editable, as devstack does)
# with its extras, and python-heatclient
function install_heat_vision {
    setup_develop $HEAT_VISION_DIR $(heat_vision_extras)
    if use_library_from_git "python-heatclient"; then
        git_clone_by_name "python-heatclient"
        setup_dev_lib "python-heatclient"
    else
        pip_install_gr python-heatclient
    fi
}

# configure_heat_vision_api - bind address or uwsgi, and public URL
function configure_heat_vision_api {
    iniset $HEAT_VISION_CONF api auth_strategy keystone
    iniset $HEAT_VISION_CONF api public_endpoint $(heat_vision_api_url)
    if [[ "$HEAT_VISION_USE_UWSGI" == "True" ]]; then
        write_uwsgi_config "$HEAT_VISION_UWSGI_CONF" \
            "$HEAT_VISION_UWSGI_APP" "$HEAT_VISION_API_PATH" "" \
            "heat-vision-api"
        iniset "$HEAT_VISION_UWSGI_CONF" uwsgi threads \
            $HEAT_VISION_API_THREADS
    else
        iniset $HEAT_VISION_CONF api bind_host $HEAT_VISION_SERVICE_HOST
        iniset $HEAT_VISION_CONF api bind_port $HEAT_VISION_SERVICE_PORT
    fi
    if is_service_enabled h-vision-relay; then
        # The relay runs as its own process: not mounted in the API.
        iniset $HEAT_VISION_CONF relay mount_in_api False
        iniset $HEAT_VISION_CONF relay bind_host $HEAT_VISION_SERVICE_HOST
        iniset $HEAT_VISION_CONF relay bind_port $HEAT_VISION_RELAY_PORT
        iniset $HEAT_VISION_CONF relay native_api_url $(heat_vision_api_url)
    fi
}

# configure_heat_vision - write $HEAT_VISION_CONF
function configure_heat_vision {
    sudo install -d -o $STACK_USER -m 755 $HEAT_VISION_CONF_DIR
    sudo install -d -o $STACK_USER -m 700 $HEAT_VISION_STATE_PATH
    rm -f $HEAT_VISION_CONF

    iniset $HEAT_VISION_CONF DEFAULT debug $ENABLE_DEBUG_LOG_LEVEL
    iniset $HEAT_VISION_CONF DEFAULT state_path $HEAT_VISION_STATE_PATH
    # Logs go to the journal of each devstack@h-vision-* unit.
    setup_logging $HEAT_VISION_CONF
    iniset_rpc_backend heat-vision $HEAT_VISION_CONF DEFAULT

    iniset $HEAT_VISION_CONF database connection \
        $(database_connection_url heat_vision)

    configure_heat_vision_api
    configure_keystone_authtoken_middleware $HEAT_VISION_CONF \
        $HEAT_VISION_SERVICE_USER

    # Resources reach Nova, Neutron, Cinder, Glance, Keystone and Aodh
    # through the catalog with the request's token (or, for deferred
    # work, the stack's trust).
    iniset $HEAT_VISION_CONF clients auth_mode keystone_token
    iniset $HEAT_VISION_CONF clients auth_url $KEYSTONE_SERVICE_URI_V3
    local group
    for group in clients_openstack clients_identity clients_aodh; do
        iniset $HEAT_VISION_CONF $group region_name $REGION_NAME
    done

    # Deferred work (task jobs) runs with a trust from its user to the
    # service user.
    iniset $HEAT_VISION_CONF DEFAULT deferred_auth_method trusts
    iniset $HEAT_VISION_CONF trustee auth_type password
    iniset $HEAT_VISION_CONF trustee auth_url $KEYSTONE_SERVICE_URI
    iniset $HEAT_VISION_CONF trustee username $HEAT_VISION_SERVICE_USER
    iniset $HEAT_VISION_CONF trustee password $SERVICE_PASSWORD
    iniset $HEAT_VISION_CONF trustee user_domain_name "$SERVICE_DOMAIN_NAME"

    # The CloudFormation Query API takes EC2 signatures (checked by
    # Keystone): POLL_SERVER_CFN servers sign their metadata requests, at
    # the relay's URL.
    iniset $HEAT_VISION_CONF relay ec2_auth_url $KEYSTONE_SERVICE_URI_V3
    if is_service_enabled h-vision-relay; then
        iniset $HEAT_VISION_CONF DEFAULT heat_metadata_server_url \
            "$HEAT_VISION_SERVICE_PROTOCOL://$HEAT_VISION_SERVICE_HOST:$HEAT_VISION_RELAY_PORT"
    else
        iniset $HEAT_VISION_CONF DEFAULT heat_metadata_server_url \
            $(heat_vision_api_url)
    fi

    iniset $HEAT_VISION_CONF tasks jobboard $HEAT_VISION_TASKS_JOBBOARD
    if [[ "$HEAT_VISION_TASKS_JOBBOARD" == "redis" ]]; then
        iniset $HEAT_VISION_CONF tasks jobboard_url $HEAT_VISION_REDIS_URL
    fi
}

# create_heat_vision_accounts - the service user, and the catalog entry
# unless Heat owns the orchestration service type in this cloud
function create_heat_vision_accounts {
    create_service_user $HEAT_VISION_SERVICE_USER "admin"
    create_heat_vision_stack_user_domain

    if heat_vision_heat_enabled; then
        echo_summary "Heat is enabled: heat-vision stays out of the catalog"
        return
    fi
    get_or_create_service "heat-vision" "$HEAT_VISION_SERVICE_TYPE" \
        "Orchestration service (heat-vision)"
    get_or_create_endpoint "$HEAT_VISION_SERVICE_TYPE" "$REGION_NAME" \
        "$(heat_vision_api_url)/v1/\$(project_id)s"
}

# create_heat_vision_stack_user_domain - the domain of the users stacks
# make (servers' agents, AWS::IAM::User) and its admin, made as Heat's
# devstack lib/heat create_heat_accounts makes them (the same names, so
# heat-vision and Heat share them when both are enabled)
function create_heat_vision_stack_user_domain {
    get_or_create_role "heat_stack_user"
    local domain_id
    domain_id=$(get_or_create_domain heat 'Owns users and projects created by heat')
    iniset $HEAT_VISION_CONF DEFAULT stack_user_domain_id ${domain_id}
    get_or_create_user heat_domain_admin $SERVICE_PASSWORD heat
    get_or_add_user_domain_role admin heat_domain_admin heat
    iniset $HEAT_VISION_CONF DEFAULT stack_domain_admin heat_domain_admin
    iniset $HEAT_VISION_CONF DEFAULT stack_domain_admin_password $SERVICE_PASSWORD
}

# init_heat_vision - (re)create the database and apply the migrations
function init_heat_vision {
    recreate_database heat_vision
    $HEAT_VISION_BIN_DIR/heat-vision-manage \
        --config-file $HEAT_VISION_CONF db sync
}

# start_heat_vision - the API, the engine(s) and the optional services
function start_heat_vision {
    local binary="$HEAT_VISION_BIN_DIR/heat-vision"
    local config="--config-file=$HEAT_VISION_CONF"
    run_process h-vision-eng "$binary-engine $config"
    local i
    for ((i = 2; i <= HEAT_VISION_ENGINE_WORKERS; i++)); do
        run_process h-vision-eng$i "$binary-engine $config"
    done
    run_process h-vision-tasks "$binary-tasks $config"
    if [[ "$HEAT_VISION_USE_UWSGI" == "True" ]]; then
        run_process h-vision-api \
            "$(which uwsgi) --procname-prefix heat-vision-api --ini $HEAT_VISION_UWSGI_CONF" ""
    else
        run_process h-vision-api "$binary-api $config"
    fi

    if is_service_enabled h-vision-api; then
        echo "Waiting for heat-vision-api to answer at $(heat_vision_api_url)..."
        if ! wait_for_service $SERVICE_TIMEOUT $(heat_vision_api_url)/; then
            die $LINENO "heat-vision-api did not start"
        fi
    fi
    run_process h-vision-relay "$binary-relay $config"
}

# stop_heat_vision - stop every process start_heat_vision started
function stop_heat_vision {
    local i
    stop_process h-vision-relay
    stop_process h-vision-api
    stop_process h-vision-tasks
    stop_process h-vision-eng
    for ((i = 2; i <= HEAT_VISION_ENGINE_WORKERS; i++)); do
        stop_process h-vision-eng$i
    done
}

# cleanup_heat_vision - remove what configure and init left behind
function cleanup_heat_vision {
    if [[ "$HEAT_VISION_USE_UWSGI" == "True" ]]; then
        remove_uwsgi_config "$HEAT_VISION_UWSGI_CONF" "heat-vision-api"
    fi
    sudo rm -rf $HEAT_VISION_CONF_DIR $HEAT_VISION_STATE_PATH
}


if is_service_enabled h-vision-api h-vision-eng h-vision-tasks; then
    if [[ "$1" == "stack" && "$2" == "pre-install" ]]; then
        check_heat_vision_settings
        install_heat_vision_redis

    elif [[ "$1" == "stack" && "$2" == "install" ]]; then
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
