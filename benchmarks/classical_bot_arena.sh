#!/usr/bin/env bash
# The classical arena runs behind the classical bot figures (docs/play.md): duplicate quick games
# (the East wind round). 200 games take about 5-10 minutes on one core; add --jobs N to spread.
set -euo pipefail
jantaku arena --rules sontag --players strongest,efficiency,efficiency,efficiency \
    --games 200 --seed 2026 --duplicate --length quick --json
jantaku arena --rules sontag --players strongest,defensive,efficiency,random \
    --games 200 --seed 2026 --duplicate --length quick --json
