# Installs Debian packages that are missing, with apt-get (through sudo when
# not root). Source this file, then call
# `install_debian_packages PACKAGE...`; it returns non-zero when one could
# not be installed.

install_debian_packages() {
    local missing="" package
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing="$missing $package"
    done
    [ -n "$missing" ] || return 0
    local sudo=""
    [ "$(id -u)" -eq 0 ] || sudo="sudo"
    # The package lists are read once per run: scripts/test installs in
    # several steps, and each `apt-get update` costs a fresh machine seconds.
    if [ -z "${GRIDFORGE_APT_UPDATED:-}" ]; then
        $sudo apt-get update || return 1
        GRIDFORGE_APT_UPDATED=1
    fi
    # shellcheck disable=SC2086 # one word per package
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y $missing
}
