#!/usr/bin/env bash
# Builds crates/bao-wasm (bao-core + bao-ai) into web/engine/bao.wasm, the engine the pages run in a Web Worker.
#
# The rustup toolchain has no wasm32 target, so the module is built with Debian's second Rust toolchain (the one
# Debian builds browsers with: `apt-get install rustc-web cargo-web rust-web-src lld-19`), std included
# (-Zbuild-std), and checked in: the README's run command needs nothing but the Rust toolchain. The build is
# reproducible: fixed profile settings and flags (not the workspace's release profile), and every path that
# could end up in the module (this clone, cargo's registry, the toolchain's sources) remapped to a fixed name,
# so that any clone on any machine with the same Debian packages makes the same bytes.
#
# The module is also written precompressed, web/engine/bao.wasm.br (brotli at its best, quality 11: about 147 KB
# instead of the 161 KB the server's on-the-fly quality 6 sends); the server sends it to browsers that take
# brotli. Debian's brotli makes the same bytes from the same module, so it is checked like the module.
#
#   scripts/build-wasm.sh           builds and writes web/engine/bao.wasm
#   scripts/build-wasm.sh --check   builds into the build directory only and fails when the bytes differ from
#                                   the checked-in module (scripts/test.sh runs this)
#
# BAO_WASM_TARGET_DIR: the build directory (default target/wasm).
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"
check=0
[ "${1:-}" = "--check" ] && check=1

for tool in /usr/bin/cargo /usr/bin/rustc /usr/bin/wasm-ld-19 /usr/bin/brotli; do
  [ -x "$tool" ] || { echo "build-wasm.sh: $tool is missing; as root run: apt-get install -y rustc-web cargo-web rust-web-src lld-19 brotli" >&2; exit 1; }
done
sysroot="$(/usr/bin/rustc --print sysroot)"
[ -d "$sysroot/lib/rustlib/src/rust/library" ] || { echo "build-wasm.sh: the standard library's sources are missing; as root run: apt-get install -y rust-web-src" >&2; exit 1; }

target_dir="${BAO_WASM_TARGET_DIR:-$root/target/wasm}"
cargo_home="${CARGO_HOME:-$HOME/.cargo}"
out="$target_dir/wasm32-unknown-unknown/release/bao_wasm.wasm"

# Debian's cargo and rustc first; nothing of rustup's may take part (it would change the bytes).
env -i HOME="$HOME" PATH=/usr/bin:/bin CARGO_HOME="$cargo_home" \
  RUSTC=/usr/bin/rustc RUSTC_BOOTSTRAP=1 \
  CARGO_TARGET_DIR="$target_dir" \
  CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_LINKER=/usr/bin/wasm-ld-19 \
  CARGO_PROFILE_RELEASE_OPT_LEVEL=3 \
  CARGO_PROFILE_RELEASE_LTO=fat \
  CARGO_PROFILE_RELEASE_CODEGEN_UNITS=1 \
  CARGO_PROFILE_RELEASE_DEBUG=false \
  CARGO_PROFILE_RELEASE_STRIP=true \
  CARGO_PROFILE_RELEASE_PANIC=abort \
  CARGO_PROFILE_RELEASE_INCREMENTAL=false \
  RUSTFLAGS="--remap-path-prefix=$root=/bao --remap-path-prefix=$cargo_home=/cargo --remap-path-prefix=$sysroot=/rustc" \
  /usr/bin/cargo build --release --locked --quiet -p bao-wasm --lib \
    --target wasm32-unknown-unknown -Zbuild-std=std,panic_abort

/usr/bin/brotli --quality=11 --force --output="$out.br" "$out"

if [ "$check" = 1 ]; then
  if ! cmp -s "$out" web/engine/bao.wasm; then
    echo "build-wasm.sh: web/engine/bao.wasm differs from what its sources build ($(stat -c %s "$out") bytes, checked in: $(stat -c %s web/engine/bao.wasm 2>/dev/null || echo none)); run scripts/build-wasm.sh and commit the module" >&2
    exit 1
  fi
  if ! cmp -s "$out.br" web/engine/bao.wasm.br; then
    echo "build-wasm.sh: web/engine/bao.wasm.br is not the module compressed by brotli -q 11; run scripts/build-wasm.sh and commit it" >&2
    exit 1
  fi
  echo "build-wasm.sh: web/engine/bao.wasm is what its sources build ($(stat -c %s "$out") bytes, $(stat -c %s "$out.br") with brotli)"
else
  mkdir -p web/engine
  cp "$out" web/engine/bao.wasm
  cp "$out.br" web/engine/bao.wasm.br
  echo "build-wasm.sh: wrote web/engine/bao.wasm ($(stat -c %s web/engine/bao.wasm) bytes) and bao.wasm.br ($(stat -c %s web/engine/bao.wasm.br) bytes)"
fi
