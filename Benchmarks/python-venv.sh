#!/usr/bin/env bash
# Prints the path of a Python virtual environment under WORK with PACKAGES installed (from PyPI or a mirror).
# Usage: python-venv.sh WORK PACKAGE...
set -euo pipefail
venv=$1/venv
shift
if [ ! -x "$venv/bin/python" ]; then
  python3 -m venv "$venv" >&2
fi
"$venv/bin/pip" install --quiet --disable-pip-version-check "$@" >&2
echo "$venv"
