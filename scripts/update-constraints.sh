#!/usr/bin/env bash
# Refresh constraints.txt: the exact versions of every library the toolkit installs, for
# Python 3.11-3.13 on Linux, macOS and Windows (one universal resolution by uv), so a new
# release of a dependency never reaches an evening's install unasked.
#   bash scripts/update-constraints.sh     then run the tests (README) and commit the file
# Needs the package index (PyPI); uv is installed into a temporary folder and removed after.
set -euo pipefail
cd "$(dirname "$0")/.."

tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
python3 -m venv "$tmp/venv"
"$tmp/venv/bin/python" -m pip install --quiet --disable-pip-version-check uv
{
  echo "# The versions the test suite passed with, for Python 3.11-3.13 (all extras)."
  echo "# scripts/install.sh and .ci/run install exactly these. Do not edit by hand:"
  echo "# refresh with 'bash scripts/update-constraints.sh', run the tests, then commit."
  "$tmp/venv/bin/uv" pip compile pyproject.toml --all-extras --universal \
    --python-version 3.11 --no-header --no-annotate 2>"$tmp/uv.log" || { cat "$tmp/uv.log" >&2; exit 1; }
} >"$tmp/constraints.txt"
mv "$tmp/constraints.txt" constraints.txt
echo "constraints.txt refreshed: $(grep -c '==' constraints.txt) pins. Now run the tests and commit it."
