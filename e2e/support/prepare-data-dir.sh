#!/bin/sh
# A data folder with the demo data plus users the browser cannot create, for the tests gated on E2E_EXTRA_USERS
# (no-branch message, change password refused to a workplace user, the Toronto lead of e2e/screen-status.spec.ts):
#   D=$(mktemp -d) && sh e2e/support/prepare-data-dir.sh "$D" &&
#   E2E_DATA_DIR="$D" E2E_EXTRA_USERS=1 npx playwright test e2e/auth.spec.ts e2e/account.spec.ts
set -e
D="${1:?data folder}"
export DATA_DIR="$D" DATABASE_URL= LOG_LEVEL=warn
node_modules/.bin/tsx scripts/seed.ts >/dev/null
node_modules/.bin/tsx scripts/admin.ts create-user nobranch nobranch@foodbank.example.org No-Branch-2026 Admin en >/dev/null
node_modules/.bin/tsx scripts/admin.ts create-user chatuser chatuser@foodbank.example.org Chat-User-2026 Admin en --workplace >/dev/null
node_modules/.bin/tsx scripts/admin.ts link-user chatuser 'Toronto Community Food Bank' >/dev/null
node_modules/.bin/tsx scripts/admin.ts create-user lead lead@foodbank.example.org Lead-User-2026 Admin en >/dev/null
node_modules/.bin/tsx scripts/admin.ts set-lead lead 'Toronto Community Food Bank' >/dev/null
