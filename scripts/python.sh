# What the Python-driven test scripts share (sourced).
#
# make_venv DIR makes a Python venv at DIR unless one is there. Debian's
# python3 may lack ensurepip: then its python3-venv package (apt-get, when
# it can), else virtualenv from pip.
make_venv() {
  local venv=$1
  [ -x "$venv/bin/python" ] && return 0
  python3 -m venv "$venv" 2> /dev/null && return 0
  rm -rf "$venv"
  if command -v apt-get > /dev/null && apt-get update -qq > /dev/null 2>&1 \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv > /dev/null 2>&1 \
    && python3 -m venv "$venv"; then
    return 0
  fi
  rm -rf "$venv"
  python3 -m pip install -q --user virtualenv \
    || python3 -m pip install -q --user --break-system-packages virtualenv
  python3 -m virtualenv -q "$venv"
}

# pytest_of NAME COMMAND...: runs a pytest command and exits with its code,
# but a run that collected no test (pytest's 5) fails, said by NAME.
pytest_of() {
  local name=$1 status
  shift
  set +e
  "$@"
  status=$?
  set -e
  if [ "$status" -eq 5 ]; then
    echo "$name: pytest collected no test" >&2
    exit 1
  fi
  exit "$status"
}
