# Shell helpers of the test scripts (sourced, not run): timed steps with a summary, and starting a server on a
# port it chooses itself.

# `step NAME`: starts a step of the run, printing `== NAME` and how long the previous one took; `steps_summary`
# prints every step's seconds (scripts/test.sh calls it at exit, so that CI's log says where the time went).
_step_names=()
_step_starts=()
step() {
  local now=$SECONDS
  if [ "${#_step_names[@]}" -gt 0 ]; then
    local last=$((${#_step_names[@]} - 1))
    echo "   (${_step_names[$last]}: $((now - ${_step_starts[$last]})) s)"
  fi
  _step_names+=("$*")
  _step_starts+=("$now")
  echo "== $*"
}
steps_summary() {
  local now=$SECONDS i end
  [ "${#_step_names[@]}" -gt 0 ] || return 0
  echo "== time per step (s)"
  for i in "${!_step_names[@]}"; do
    if [ "$i" -lt $((${#_step_names[@]} - 1)) ]; then end=${_step_starts[$((i + 1))]}; else end=$now; fi
    printf '%6d  %s\n' "$((end - ${_step_starts[$i]}))" "${_step_names[$i]}"
  done
  printf '%6d  %s\n' "$now" "in all"
}

# `start_server LOG COMMAND…`: starts `COMMAND… --bind 127.0.0.1:0` in the background with its output in LOG,
# then waits (at most 60 s) for its "listening on http://127.0.0.1:PORT" line: the server binds a free port
# itself, so that no other program can take one guessed here. Sets `server_pid` and `port`; returns non-zero
# (with the log printed) when the server exits or says nothing in time.
start_server() {
  local log=$1
  shift
  RUST_LOG="${RUST_LOG:-warn},bao_server::app=info" "$@" --bind 127.0.0.1:0 >"$log" 2>&1 &
  server_pid=$!
  port=""
  local _
  for _ in $(seq 1 600); do
    port="$(sed -n 's|.*listening on http://127\.0\.0\.1:\([0-9]*\).*|\1|p' "$log" | head -n 1)"
    [ -n "$port" ] && return 0
    if ! kill -0 "$server_pid" 2>/dev/null; then
      echo "the server exited during start-up:" >&2
      cat "$log" >&2
      return 1
    fi
    sleep 0.1
  done
  echo "the server did not say where it listens within 60 s:" >&2
  cat "$log" >&2
  return 1
}
