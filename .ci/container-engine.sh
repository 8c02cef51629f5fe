#!/usr/bin/env bash
# A container engine for tests/reliability/docker-image.test.ts on a CI machine that has none.
#
#   bash .ci/container-engine.sh start   # .ci/run calls it just before the reliability step
#   bash .ci/container-engine.sh stop    # and this after it (also from a trap on any exit)
#
# start: when `docker info` already answers, does nothing. Otherwise installs Debian's docker.io and
# debootstrap (apt-get), starts dockerd by hand (these VMs have no systemd; overlay2, default bridge
# network) and waits for it. When node:20-bookworm-slim, the Dockerfile's base, is neither present nor
# pullable (Docker Hub is not reachable from these machines), it builds a local stand-in under that tag:
# Debian bookworm (debootstrap minbase), this machine's Node 20 binary in /usr/local/bin, npm 10.8.2 (the
# npm Node 20.20 bundles), a `node` user with uid 1000 and the official image's docker-entrypoint.sh, plus
# this machine's CA bundle through NODE_EXTRA_CA_CERTS (the egress proxy re-signs TLS, so npm ci inside
# the build needs it). The Dockerfile itself is built unchanged.
# Any failed set-up step prints one line saying why the image will not be tested, undoes what start did
# and exits 0: the test then finds no engine and skips itself.
# It also provides Compose v2 (`docker compose`, which Debian bookworm does not package) for the check of
# compose.yaml in the same test file: Debian trixie's docker-compose (2.26), a static binary,
# unpacked into Docker's CLI plugin folder. Where that fails it says so, and that check skips itself.
#
# stop: only when start started the engine: removes the containers, images and volumes made since (all
# of /var/lib/docker when start created it), stops dockerd and its containerd, deletes docker0 and
# Docker's iptables rules, restores net.ipv4.ip_forward. Never fails.
set -euo pipefail

STATE="${CONTAINER_ENGINE_STATE:-/tmp/palpite-container-engine}"
BASE_IMAGE=node:20-bookworm-slim
NPM_VERSION="${NPM_VERSION:-10.8.2}"      # the npm that Node 20.20.x, and so node:20-bookworm-slim, bundles
DEBIAN_MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
COMPOSE_DEB_VERSION="${COMPOSE_DEB_VERSION:-2.26.1-4}"    # Debian trixie's docker-compose
COMPOSE_PLUGIN=/usr/libexec/docker/cli-plugins/docker-compose

say() { echo "container engine: $*"; }
now() { date +%s%N; }
since() { awk -v a="$1" -v b="$(now)" 'BEGIN { printf "%.1f s", (b - a) / 1e9 }'; }
engine_answers() { timeout 20 docker info >/dev/null 2>&1; }
alive() { [ -n "${1:-}" ] && kill -0 "$1" 2>/dev/null; }

# ---------------------------------------------------------------------------------------------- stop
stop_engine() {
  set +e +o pipefail
  trap - ERR EXIT
  local t0 dockerd_pid containerd_pid i pids
  t0=$(now)
  rm -rf "$STATE/rootfs" "$STATE"/npm-*.tgz "$STATE/compose" "$STATE"/docker-compose*.deb
  if [ -f "$STATE/installed-compose" ] && [ -z "${KEEP_COMPOSE:-}" ]; then
    rm -f "$COMPOSE_PLUGIN" "$STATE/installed-compose"
    rmdir /usr/libexec/docker/cli-plugins /usr/libexec/docker 2>/dev/null
    say "stop: removed the Compose v2 plugin that start installed"
  fi
  if [ ! -f "$STATE/started-engine" ]; then
    say "stop: no engine was started by start: nothing to stop"
    return 0
  fi
  dockerd_pid=$(cat "$STATE/dockerd.pid" 2>/dev/null)
  containerd_pid=$(cat "$STATE/containerd.pid" 2>/dev/null)

  if alive "$dockerd_pid" && engine_answers; then
    if [ -f "$STATE/created-var-lib-docker" ]; then
      # Everything in this engine was made here.
      timeout 60 docker ps -aq | xargs -r timeout 120 docker rm -fv >/dev/null 2>&1
      timeout 120 docker system prune -af --volumes >/dev/null 2>&1
    else
      # /var/lib/docker was there before: remove only what appeared since start.
      timeout 60 docker ps -aq --no-trunc | sort | comm -13 "$STATE/containers.before" - | xargs -r timeout 120 docker rm -fv >/dev/null 2>&1
      for i in 1 2 3; do  # an image goes once the images built on it have gone
        timeout 60 docker images -aq --no-trunc | sort -u | comm -13 "$STATE/images.before" - | xargs -r timeout 120 docker rmi -f >/dev/null 2>&1
      done
      timeout 60 docker volume ls -q | sort | comm -13 "$STATE/volumes.before" - | xargs -r timeout 120 docker volume rm -f >/dev/null 2>&1
      timeout 120 docker builder prune -af >/dev/null 2>&1
    fi
  fi

  # dockerd stops the containerd it started; both are waited for by their pid, then killed.
  alive "$dockerd_pid" && kill -TERM "$dockerd_pid" 2>/dev/null
  for i in $(seq 1 60); do
    alive "$dockerd_pid" || alive "$containerd_pid" || break
    sleep 0.5
  done
  for pid in $dockerd_pid $containerd_pid; do
    if alive "$pid"; then say "stop: pid $pid did not exit within 30 s: killed"; kill -KILL "$pid" 2>/dev/null; fi
  done
  # Shims of this engine's containerd (only if a container outlived its engine).
  pids=$(pgrep -f 'containerd-shim.*-address /var/run/docker/containerd/containerd.sock' 2>/dev/null)
  [ -n "$pids" ] && { say "stop: killing leftover containerd shims $pids"; kill -KILL $pids 2>/dev/null; }

  # dockerd leaves its default network namespace bind-mounted (/run/docker/netns/default).
  awk '$2 ~ "^/run/docker/netns/" { print $2 }' /proc/mounts | xargs -r -n1 umount 2>/dev/null
  if [ -f "$STATE/created-var-lib-docker" ]; then
    if grep -qE ' /(var/lib|run)/docker' /proc/mounts; then
      say "stop: something is still mounted under /var/lib/docker or /run/docker: left in place"
    else
      rm -rf /var/lib/docker /var/run/docker /var/run/docker.sock
      rmdir /var/run/containerd/s /var/run/containerd 2>/dev/null  # shim socket directories, when empty
    fi
  fi
  ip link del docker0 2>/dev/null
  if command -v iptables-save >/dev/null && iptables-save 2>/dev/null | grep -qi docker; then
    iptables-save | grep -vi docker | iptables-restore || say "stop: could not remove Docker's iptables rules"
  fi
  [ -f "$STATE/ip_forward.before" ] && cat "$STATE/ip_forward.before" >/proc/sys/net/ipv4/ip_forward 2>/dev/null
  rm -f "$STATE/started-engine" "$STATE/created-var-lib-docker" "$STATE"/*.pid "$STATE"/*.before
  say "stop: engine stopped and cleaned up in $(since "$t0") (logs kept in $STATE)"
  return 0
}

# --------------------------------------------------------------------------------------------- start
not_tested() {  # one line saying why, undo what start did, exit 0
  trap - ERR EXIT
  say "the container image will NOT be tested on this machine: $*"
  KEEP_COMPOSE=1 stop_engine >/dev/null 2>&1
  say "the engine set-up was undone; tests/reliability/docker-image.test.ts will skip itself"
  exit 0
}
# set -e stops start at any step not checked below; this turns that into not_tested too.
on_start_exit() {
  local rc=$1
  [ "$rc" = 0 ] || not_tested "unexpected failure (exit $rc) of \`$failed_command\` at line $failed_line of .ci/container-engine.sh"
}
failed_command='?' failed_line='?'

build_stand_in() {
  local t rootfs="$STATE/rootfs" node_bin node_version
  t=$(now)
  node_version=$(node -p process.versions.node 2>/dev/null) || not_tested "no node on PATH to put in a stand-in base image"
  [ "${node_version%%.*}" = 20 ] || not_tested "this machine runs Node $node_version, not 20: no honest stand-in for $BASE_IMAGE"
  node_bin=$(readlink -f "$(command -v node)")
  say "building a LOCAL STAND-IN for $BASE_IMAGE, because the registry is unreachable: Debian bookworm"
  say "  (debootstrap minbase) + this machine's Node $node_version + npm $NPM_VERSION + user node (uid 1000)"
  rm -rf "$rootfs"
  timeout 900 nice -n 10 debootstrap --variant=minbase bookworm "$rootfs" "$DEBIAN_MIRROR" >"$STATE/debootstrap.log" 2>&1 \
    || not_tested "debootstrap of Debian bookworm failed (last line: $(tail -1 "$STATE/debootstrap.log"); log: $STATE/debootstrap.log)"
  say "  debootstrap: $(since "$t")"
  install -m755 "$node_bin" "$rootfs/usr/local/bin/node"
  mkdir -p "$rootfs/usr/local/lib/node_modules/npm"
  (cd "$STATE" && timeout 180 npm pack "npm@$NPM_VERSION" --silent >/dev/null 2>"$STATE/npm-pack.log") \
    || not_tested "npm pack npm@$NPM_VERSION failed (log: $STATE/npm-pack.log)"
  tar -xzf "$STATE/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
  rm -f "$STATE/npm-$NPM_VERSION.tgz"
  ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
  ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
  chroot "$rootfs" groupadd --gid 1000 node
  chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node
  cat >"$rootfs/usr/local/bin/docker-entrypoint.sh" <<'EOF'
#!/bin/sh
set -e
# As in the official node image: `node ARGS` when the first argument is a flag or not a command.
if [ "${1#-}" != "${1}" ] || [ -z "$(command -v "${1}")" ] || { [ -f "${1}" ] && ! [ -x "${1}" ]; }; then
  set -- node "$@"
fi
exec "$@"
EOF
  chmod 755 "$rootfs/usr/local/bin/docker-entrypoint.sh"
  # The egress proxy re-signs TLS with its own CA, which Node's bundled CAs don't know: without this,
  # npm ci in the build fails with SELF_SIGNED_CERT_IN_CHAIN. Only the stand-in carries it.
  mkdir -p "$rootfs/usr/local/share/ca-certificates"
  cp "${NODE_EXTRA_CA_CERTS:-/etc/ssl/certs/ca-certificates.crt}" "$rootfs/usr/local/share/ca-certificates/ci-egress-bundle.crt"
  rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/tmp/* \
    "$rootfs"/usr/share/doc/* "$rootfs"/usr/share/man/*
  tar -C "$rootfs" -c . | timeout 300 docker import \
    -m "LOCAL STAND-IN for $BASE_IMAGE (registry unreachable): Debian bookworm minbase (debootstrap), Node $node_version from the CI machine, npm $NPM_VERSION, user node uid 1000, CI machine's CA bundle" \
    -c 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    -c "ENV NODE_VERSION=$node_version" \
    -c 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/ca-certificates/ci-egress-bundle.crt' \
    -c 'ENTRYPOINT ["docker-entrypoint.sh"]' \
    -c 'CMD ["node"]' \
    - "$BASE_IMAGE" >/dev/null \
    || not_tested "docker import of the stand-in base image failed"
  rm -rf "$rootfs"
  say "  stand-in $BASE_IMAGE built in $(since "$t")"
}

install_compose() {  # never fails: says why when it cannot
  local deb="$STATE/docker-compose_${COMPOSE_DEB_VERSION}_amd64.deb"
  if docker compose version >/dev/null 2>&1; then
    say "Compose v2 present: $(docker compose version 2>/dev/null)"
    return 0
  fi
  if [ "$(dpkg --print-architecture 2>/dev/null)" != amd64 ] || [ -e "$COMPOSE_PLUGIN" ]; then
    say "Compose v2 not installed (not amd64, or $COMPOSE_PLUGIN exists but does not work): compose.yaml will not be checked"
    return 0
  fi
  if timeout 300 curl -fsS -o "$deb" "$DEBIAN_MIRROR/pool/main/d/docker-compose/docker-compose_${COMPOSE_DEB_VERSION}_amd64.deb" \
    && rm -rf "$STATE/compose" && dpkg-deb -x "$deb" "$STATE/compose" \
    && install -D -m755 "$STATE/compose$COMPOSE_PLUGIN" "$COMPOSE_PLUGIN"; then
    touch "$STATE/installed-compose"
    say "installed Compose v2 from Debian trixie's docker-compose $COMPOSE_DEB_VERSION: $(docker compose version 2>/dev/null)"
  else
    say "Compose v2 could not be installed from $DEBIAN_MIRROR (docker-compose $COMPOSE_DEB_VERSION): compose.yaml will not be checked"
  fi
  rm -rf "$STATE/compose" "$deb"
  return 0
}

start_engine() {
  local t0 t dockerd containerd_pid i
  t0=$(now)
  # Compose first: checking compose.yaml needs no engine, so it stays even where the engine cannot start.
  if [ "$(id -u)" = 0 ] && command -v docker >/dev/null; then mkdir -p "$STATE"; install_compose; fi
  if engine_answers; then
    say "an engine already answers docker info ($(docker info --format '{{.ServerVersion}}' 2>/dev/null)): used as it is"
    return 0
  fi
  [ "$(id -u)" = 0 ] || not_tested "start needs root (apt-get, dockerd), and runs as $(id -un)"
  mkdir -p "$STATE"
  if alive "$(cat "$STATE/dockerd.pid" 2>/dev/null || true)"; then  # an earlier start's engine that stopped answering
    touch "$STATE/started-engine"; stop_engine; set -e -o pipefail
  fi
  set -E
  trap 'failed_command=$BASH_COMMAND failed_line=$LINENO' ERR
  trap 'on_start_exit $?' EXIT
  rm -f "$STATE"/*.pid "$STATE"/*.before "$STATE/started-engine" "$STATE/created-var-lib-docker"

  # 1. packages
  if ! command -v dockerd >/dev/null || ! command -v debootstrap >/dev/null || ! command -v docker >/dev/null; then
    t=$(now)
    command -v apt-get >/dev/null || not_tested "no docker engine installed and no apt-get to install one"
    export DEBIAN_FRONTEND=noninteractive
    { timeout 300 apt-get update -qq &&
      timeout 600 apt-get install -y -qq --no-install-recommends docker.io debootstrap debian-archive-keyring; } \
      >"$STATE/apt.log" 2>&1 \
      || not_tested "apt-get install docker.io debootstrap failed (last line: $(tail -1 "$STATE/apt.log"); log: $STATE/apt.log)"
    say "installed docker.io and debootstrap (apt-get) in $(since "$t")"
  fi

  # 2. dockerd
  t=$(now)
  [ -d /var/lib/docker ] || touch "$STATE/created-var-lib-docker"
  cat /proc/sys/net/ipv4/ip_forward >"$STATE/ip_forward.before" 2>/dev/null || true
  dockerd=$(command -v dockerd)
  "$dockerd" --storage-driver=overlay2 </dev/null >"$STATE/dockerd.log" 2>&1 &
  echo $! >"$STATE/dockerd.pid"
  touch "$STATE/started-engine"
  for i in $(seq 1 60); do
    engine_answers && break
    alive "$(cat "$STATE/dockerd.pid")" || break
    sleep 0.5
  done
  engine_answers || not_tested "dockerd did not answer within 30 s (last line of $STATE/dockerd.log: $(tail -1 "$STATE/dockerd.log"))"
  containerd_pid=$(pgrep -P "$(cat "$STATE/dockerd.pid")" -x containerd || true)
  [ -n "$containerd_pid" ] && echo "$containerd_pid" >"$STATE/containerd.pid"
  timeout 60 docker ps -aq --no-trunc | sort >"$STATE/containers.before"
  timeout 60 docker images -aq --no-trunc | sort -u >"$STATE/images.before"
  timeout 60 docker volume ls -q | sort >"$STATE/volumes.before"
  say "dockerd $(docker info --format '{{.ServerVersion}}, storage {{.Driver}}, cgroup v{{.CgroupVersion}}') answers after $(since "$t") (log: $STATE/dockerd.log)"

  # 3. the Dockerfile's base image
  t=$(now)
  if docker image inspect "$BASE_IMAGE" >/dev/null 2>&1; then
    say "$BASE_IMAGE is present: $(docker image inspect -f '{{.Created}} {{.Comment}}' "$BASE_IMAGE")"
  elif timeout 60 docker pull -q "$BASE_IMAGE" >"$STATE/pull.log" 2>&1; then
    say "pulled $BASE_IMAGE in $(since "$t")"
  else
    say "$BASE_IMAGE cannot be pulled ($(tail -1 "$STATE/pull.log" | cut -c1-160))"
    build_stand_in
  fi

  # 4. a container of it starts and reaches the npm registry (the build's npm ci needs it)
  t=$(now)
  timeout 120 docker run --rm "$BASE_IMAGE" node -e '
    fetch("https://registry.npmjs.org/npm/latest", { signal: AbortSignal.timeout(20000) })
      .then((r) => { console.log(`node ${process.version}, npm registry HTTP ${r.status}`); process.exit(r.ok ? 0 : 1); },
            (e) => { console.log(`npm registry unreachable: ${e.cause?.code ?? e.message}`); process.exit(1); });' \
    >"$STATE/smoke.log" 2>&1 \
    || not_tested "a container of $BASE_IMAGE could not run or reach the npm registry: $(tail -1 "$STATE/smoke.log")"
  say "a container of $BASE_IMAGE runs: $(tail -1 "$STATE/smoke.log") ($(since "$t"))"
  trap - ERR EXIT
  say "ready in $(since "$t0"): tests/reliability/docker-image.test.ts will build the Dockerfile on it"
}

case "${1:-}" in
  start) start_engine ;;
  stop) stop_engine; exit 0 ;;
  *) echo "usage: $0 start|stop" >&2; exit 2 ;;
esac
