# Bao server image: a static-ish release binary on a small Debian base, running as an unprivileged user.
#   docker build -t bao .
#   docker run -p 8080:8080 -v bao-data:/data bao

# ---- build ----
FROM rust:1-bookworm AS build
# The commit shown in the page footer (the build has no .git): docker build --build-arg BAO_COMMIT=$(git rev-parse HEAD) .
ARG BAO_COMMIT=unknown
ENV BAO_COMMIT=$BAO_COMMIT
WORKDIR /src
COPY Cargo.toml Cargo.lock ./
COPY crates ./crates
COPY migrations ./migrations
COPY web ./web
RUN cargo build --release --locked -p bao-server \
 && cp target/release/bao-server /bao-server

# ---- run ----
FROM debian:bookworm-slim
RUN apt-get update \
 && apt-get install -y --no-install-recommends ca-certificates \
 && rm -rf /var/lib/apt/lists/* \
 && useradd --system --uid 10001 --home-dir /data --shell /usr/sbin/nologin bao \
 && mkdir -p /data && chown bao:bao /data
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
