#!/usr/bin/env bash
# Upgrade without rebuilding under the running server (docs/operations.md, "Upgrading"). `npm start` in a checkout
# rebuilds into the folder the running server serves; instead, from an updated checkout (npm ci done):
#   scripts/upgrade-release.sh /srv/rfp [check port] [service]
# 1. packages a new release folder beside the others: /srv/rfp/releases/rfp-donations-<version>-<time>;
# 2. copies the settings (.env.production.local) of /srv/rfp/current into it;
# 3. starts it on the check port (default 3999, loopback) and waits for /api/ready: with DATABASE_URL this applies the
#    new release's migrations to the live database (each once, under an advisory lock; keep them additive so the old
#    release keeps working until the restart); on the embedded database, which only one process may open, it starts
#    on a scratch copy of nothing (an empty DATA_DIR), which proves the folder starts and migrates;
# 4. stops it, switches the symlink /srv/rfp/current to it in one rename, and restarts the service (systemd unit
#    name, default rfp) that runs `node server.js` in /srv/rfp/current.
# DATA_DIR must be outside the release folders (e.g. /srv/rfp/data): a release's own ./data would stay behind.
set -euo pipefail

base=${1:?usage: scripts/upgrade-release.sh BASE_DIR [CHECK_PORT] [SERVICE]}
check_port=${2:-3999}
service=${3:-rfp}
root=$(cd "$(dirname "$0")/.." && pwd)
base=$(cd "$base" && pwd)
version=$(node -p "require('$root/package.json').version")
new="$base/releases/rfp-donations-$version-$(date +%Y%m%d-%H%M%S)"
settings="$base/current/.env.production.local"

mkdir -p "$base/releases"
(cd "$root" && RELEASE_DIR="$new" node scripts/package.mjs)
if [[ -f "$settings" ]]; then
  cp -p "$settings" "$new/"
  if ! grep -Eq '^(DATA_DIR|DATABASE_URL)=' "$settings"; then
    echo "upgrade: $settings sets neither DATABASE_URL nor DATA_DIR: the data would stay in the old folder. Set one." >&2
    exit 1
  fi
fi

scratch=""
check_env=(PORT="$check_port" HOSTNAME=127.0.0.1 REMINDERS_CRON=off)
if ! grep -Eq '^DATABASE_URL=.+' "$new/.env.production.local" 2>/dev/null && [[ -z "${DATABASE_URL:-}" ]]; then
  scratch=$(mktemp -d)
  check_env+=(DATA_DIR="$scratch")
fi
(cd "$new" && exec env "${check_env[@]}" node server.js) > "$new/upgrade-check.log" 2>&1 &
pid=$!
stop_check() {
  kill -TERM "$pid" 2> /dev/null || true
  wait "$pid" 2> /dev/null || true
  [[ -n "$scratch" ]] && rm -rf "$scratch"
  return 0
}
ready=""
for _ in $(seq 1 90); do
  if node -e "fetch('http://127.0.0.1:$check_port/api/ready').then(r=>process.exit(r.ok?0:1),()=>process.exit(1))"; then
    ready=yes
    break
  fi
  kill -0 "$pid" 2> /dev/null || break
  sleep 2
done
stop_check
if [[ -z "$ready" ]]; then
  echo "upgrade: $new did not become ready on port $check_port; nothing switched. See $new/upgrade-check.log." >&2
  exit 1
fi

ln -sfn "$new" "$base/current.next"
mv -T "$base/current.next" "$base/current"
echo "upgrade: $base/current -> $new"
if command -v systemctl > /dev/null && systemctl list-unit-files "$service.service" > /dev/null 2>&1; then
  systemctl restart "$service"
  echo "upgrade: restarted $service (SIGTERM: requests in flight finish, then the new release starts)"
else
  echo "upgrade: restart the service that runs node server.js in $base/current now."
fi
