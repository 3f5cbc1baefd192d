# Bao server image: the release binary without debug info on a small Debian base, running as an unprivileged user.
#   docker build --build-arg BAO_COMMIT=$(git rev-parse HEAD) -t bao .
#   docker run -p 8080:8080 -v bao-data:/data bao
# Needs BuildKit (Docker's default builder since 23.0) or buildah, for the cache mounts below.
# The base images are arguments so that the image can be built from local copies where no registry is reachable
# (scripts/image-test.sh builds it from bases made with debootstrap); the defaults are the public images.
ARG BUILD_IMAGE=rust:1-bookworm
ARG RUNTIME_IMAGE=debian:bookworm-slim

# ---- build ----
FROM ${BUILD_IMAGE} AS build
# The commit shown by `bao-server --version`, /api/version and the page footer (the context has no .git).
ARG BAO_COMMIT=unknown
# A certificate bundle for cargo to reach the crate registry through, when the builder's own does not
# (scripts/image-test.sh mounts the host's). Unset: cargo's defaults.
ARG CARGO_HTTP_CAINFO
# rust:1-bookworm's CARGO_HOME; set for other bases so that the registry cache below is where cargo looks.
ENV CARGO_HOME=/usr/local/cargo
WORKDIR /src
# The context is only what the build reads: .dockerignore lets in the manifests, crates/, migrations/, puzzles/ and
# web/ (what the crates include at compile time; crates/bao-server/tests/release.rs checks it).
COPY . .
# The registry and the target directory are cache mounts, kept by the builder between builds: a build after a
# change compiles what changed, not every dependency again. The binary is copied out of the cache in the same step.
RUN --mount=type=cache,id=bao-cargo-registry,target=/usr/local/cargo/registry,sharing=locked \
    --mount=type=cache,id=bao-target,target=/src/target,sharing=locked \
    cargo build --profile dist --locked -p bao-server \
 && cp target/dist/bao-server /bao-server

# ---- run ----
FROM ${RUNTIME_IMAGE}
RUN useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin bao \
 && mkdir -p /data && chown bao:bao /data
# The certificate authorities for TLS to NATS (tls://): the build image's bundle, one file where rustls looks,
# instead of apt-get installing ca-certificates and openssl here (9.6 MB of packages, lists and dpkg state).
COPY --from=build /etc/ssl/certs/ca-certificates.crt /etc/ssl/certs/ca-certificates.crt
COPY --from=build /bao-server /usr/local/bin/bao-server
USER bao
ENV BAO_BIND=0.0.0.0:8080 \
    BAO_DATA_DIR=/data \
    BAO_LOG_FORMAT=json
VOLUME ["/data"]
EXPOSE 8080
HEALTHCHECK --interval=30s --timeout=5s --start-period=10s --retries=3 \
  CMD ["/usr/local/bin/bao-server", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/bao-server"]
