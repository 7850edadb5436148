#!/usr/bin/env bash
# Lint and type checks, exactly as CI runs them (.ci/run calls this after `uv sync --locked`).
# ruff: the rule set in pyproject.toml [tool.ruff]; mypy: --strict on the whole package ([tool.mypy]).
# Run from anywhere: tools/lint.sh
set -euo pipefail
cd "$(dirname "$0")/.."

# both run even when the first fails, so one CI log shows every finding
status=0
uv run --locked ruff check ne_game tests benchmarks tools || status=1
uv run --locked mypy --strict ne_game || status=1
exit "$status"
