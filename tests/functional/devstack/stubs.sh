# Stand-ins for the devstack functions devstack/settings and
# devstack/plugin.sh call, with devstack's names and arguments
# (functions-common, functions, inc/python, inc/ini-config, lib/apache,
# lib/keystone, lib/database, lib/rpc_backend of openstack/devstack).
#
# Each call is recorded as one line of $HV_CALLS: the function's name and
# its arguments, separated by tabs. iniset edits its file for real;
# write_uwsgi_config writes the uwsgi ini file (not Apache's);
# run_process and stop_process act, as devstack's do, on enabled
# services only, so only those are recorded.

function _record {
    local IFS=$'\t'
    echo "$*" >> "$HV_CALLS"
}

function is_service_enabled {
    local service
    for service in "$@"; do
        if [[ ",$ENABLED_SERVICES," == *",$service,"* ]]; then
            return 0
        fi
        # A lib/<service> may say: lib/keystone's is_keystone_enabled.
        if declare -F is_${service}_enabled > /dev/null && \
                is_${service}_enabled; then
            return 0
        fi
    done
    return 1
}

function is_keystone_enabled {
    [[ ",$ENABLED_SERVICES," == *",key,"* ]]
}

function enable_service {
    local service
    for service in "$@"; do
        if ! is_service_enabled $service; then
            ENABLED_SERVICES+=",$service"
        fi
    done
}

# trueorfalse default VARNAME
function trueorfalse {
    local default=$1
    local value=${!2:-$default}
    case "${value,,}" in
        1|yes|true|on) echo True ;;
        0|no|false|off) echo False ;;
        *) echo $default ;;
    esac
}

function join_extras {
    local IFS=","
    echo "$*"
}

# iniset [-sudo] file section option value
function iniset {
    if [[ "$1" == "-sudo" ]]; then
        shift
    fi
    _record iniset "$@"
    local file=$1
    touch "$file"
    HV_SECTION=$2 HV_OPTION=$3 HV_VALUE=$4 awk '
        function put() { print ENVIRON["HV_OPTION"] " = " ENVIRON["HV_VALUE"]; done = 1 }
        /^\[.*\][ \t]*$/ {
            if (here && !done) put()
            here = ($0 == "[" ENVIRON["HV_SECTION"] "]")
            print
            next
        }
        here && !done {
            key = $0
            sub(/[ \t]*=.*$/, "", key)
            if (index($0, "=") && key == ENVIRON["HV_OPTION"]) { put(); next }
        }
        { print }
        END {
            if (!done) {
                if (!here) print "[" ENVIRON["HV_SECTION"] "]"
                put()
            }
        }' "$file" > "$file.new"
    mv "$file.new" "$file"
}

function iniset_rpc_backend {
    _record iniset_rpc_backend "$@"
    iniset $2 ${3:-DEFAULT} transport_url \
        "rabbit://stackrabbit:$SERVICE_PASSWORD@$SERVICE_HOST:5672/"
}

function database_connection_url {
    case "$DATABASE_TYPE" in
        mysql)
            echo "mysql+pymysql://root:$SERVICE_PASSWORD@127.0.0.1/$1?charset=utf8" ;;
        postgresql)
            echo "postgresql://root:$SERVICE_PASSWORD@127.0.0.1/$1?client_encoding=utf8" ;;
    esac
}

function configure_keystone_authtoken_middleware {
    _record configure_keystone_authtoken_middleware "$@"
    local section=${3:-keystone_authtoken}
    iniset $1 $section auth_type password
    iniset $1 $section auth_url $KEYSTONE_SERVICE_URI
    iniset $1 $section username $2
    iniset $1 $section password $SERVICE_PASSWORD
    iniset $1 $section www_authenticate_uri $KEYSTONE_SERVICE_URI
}

# write_uwsgi_config conf wsgi url http name
function write_uwsgi_config {
    _record write_uwsgi_config "$@"
    local conf=$1 wsgi=$2 http=$4
    rm -f $conf
    if [[ "$wsgi" =~ ^[a-zA-Z0-9_.]+:[a-zA-Z0-9_]+$ ]]; then
        iniset $conf uwsgi module "$wsgi"
    else
        iniset $conf uwsgi wsgi-file "$wsgi"
    fi
    iniset $conf uwsgi processes $API_WORKERS
    iniset $conf uwsgi master true
    if [[ -n "$http" ]]; then
        iniset $conf uwsgi http $http
    else
        iniset $conf uwsgi socket "/var/run/uwsgi/${5:-$(basename $wsgi)}.socket"
    fi
}

function remove_uwsgi_config {
    _record remove_uwsgi_config "$@"
    rm -f $1
}

function use_library_from_git {
    [[ ${LIBS_FROM_GIT} == ALL || ",${LIBS_FROM_GIT}," == *",$1,"* ]]
}

function run_process {
    if is_service_enabled $1; then
        _record run_process "$@"
    fi
}

function stop_process {
    if is_service_enabled $1; then
        _record stop_process "$@"
    fi
}

function die {
    local line=$1
    shift
    echo "die at line $line: $*" >&2
    _record die "$*"
    exit 1
}

function echo_summary {
    echo "$@"
}

function get_python_exec_prefix {
    echo $HV_BIN
}

function is_ubuntu {
    return 0
}

function sudo {
    "$@"
}

for _hv_function in setup_develop setup_install setup_dev_lib \
        pip_install pip_install_gr git_clone_by_name install_package \
        restart_service start_service setup_logging recreate_database \
        create_service_user get_or_create_service get_or_create_endpoint \
        get_or_create_role get_or_create_user get_or_add_user_domain_role \
        wait_for_service; do
    eval "function $_hv_function { _record $_hv_function \"\$@\"; }"
done
unset _hv_function

# devstack's get_or_create_domain prints the domain's id.
function get_or_create_domain {
    _record get_or_create_domain "$@"
    echo "stack-domain-id-$1"
}
