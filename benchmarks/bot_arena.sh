#!/usr/bin/env bash
# The arena runs behind the riichi bot figures (docs/play.md, docs/bots.md): 400 duplicate Doman hanchan each.
# Each takes about 10-15 minutes on one core; add --jobs N to spread it.
set -euo pipefail
jantaku arena --rules doman --players defensive,efficiency,efficiency,efficiency \
    --games 400 --seed 2026 --duplicate --json
jantaku arena --rules doman --players strong,defensive,defensive,defensive \
    --games 400 --seed 2026 --duplicate --json
