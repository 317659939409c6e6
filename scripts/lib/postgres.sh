# Starts a throwaway PostgreSQL server on loopback for tests and the load
# script, and stops it when the calling script exits. Source this file, then
# call `start_test_postgres`; it exports GRIDFORGE_TEST_POSTGRES_URL (the
# superuser on the `postgres` database: tests create their own databases).
#
# Installs PostgreSQL from Debian's packages when it is missing. PostgreSQL
# refuses to run as root, so its commands run as the `postgres` user.

start_test_postgres() {
    local bin
    bin=$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -n 1 || true)
    if [ -z "$bin" ] || [ ! -x "$bin/initdb" ]; then
        echo "== installing PostgreSQL (apt)"
        local sudo=""
        [ "$(id -u)" = 0 ] || sudo="sudo"
        $sudo apt-get update -qq
        $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null
        bin=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
    fi
    as_postgres() {
        if [ "$(id -u)" = 0 ]; then
            runuser -u postgres -- "$@"
        else
            "$@"
        fi
    }
    GRIDFORGE_PG_DIR=$(mktemp -d /tmp/gridforge-pg.XXXXXX)
    chmod 755 "$GRIDFORGE_PG_DIR"
    if [ "$(id -u)" = 0 ]; then
        chown postgres: "$GRIDFORGE_PG_DIR"
    fi
    as_postgres "$bin/initdb" -D "$GRIDFORGE_PG_DIR/data" -U postgres -A trust \
        --no-instructions >"$GRIDFORGE_PG_DIR/initdb.log" 2>&1 \
        || { cat "$GRIDFORGE_PG_DIR/initdb.log"; return 1; }
    # The first free port from 55432 on.
    local port=55432
    while (exec 3<>"/dev/tcp/127.0.0.1/$port") 2>/dev/null; do
        port=$((port + 1))
    done
    as_postgres "$bin/pg_ctl" -D "$GRIDFORGE_PG_DIR/data" -l "$GRIDFORGE_PG_DIR/server.log" -w \
        -o "-c listen_addresses=127.0.0.1 -p $port -k $GRIDFORGE_PG_DIR -c max_connections=300" \
        start >/dev/null \
        || { cat "$GRIDFORGE_PG_DIR/server.log"; return 1; }
    GRIDFORGE_PG_BIN=$bin
    export GRIDFORGE_TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
    trap stop_test_postgres EXIT
    echo "== PostgreSQL $("$bin/postgres" --version | awk '{print $3}') on 127.0.0.1:$port ($GRIDFORGE_PG_DIR)"
}

stop_test_postgres() {
    if [ -n "${GRIDFORGE_PG_DIR:-}" ] && [ -d "$GRIDFORGE_PG_DIR/data" ]; then
        if [ "$(id -u)" = 0 ]; then
            runuser -u postgres -- "$GRIDFORGE_PG_BIN/pg_ctl" -D "$GRIDFORGE_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
        else
            "$GRIDFORGE_PG_BIN/pg_ctl" -D "$GRIDFORGE_PG_DIR/data" -m fast -w stop >/dev/null 2>&1 || true
        fi
        rm -rf "$GRIDFORGE_PG_DIR"
    fi
}
