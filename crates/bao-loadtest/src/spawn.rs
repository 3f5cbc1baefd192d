//! Starting the server binary on a free loopback port with a temporary data directory.

use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::Duration;

use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::process::{Child, Command};

/// A server process started by the load generator; killed when dropped.
#[derive(Debug)]
pub struct SpawnedServer {
    child: Child,
    /// Its address (127.0.0.1 and a free port).
    pub addr: SocketAddr,
    /// Its process id.
    pub pid: u32,
    data_dir: tempfile::TempDir,
    bin: PathBuf,
    extra: Vec<String>,
    log: Option<PathBuf>,
}

/// How long the server may take to say where it listens.
const START_TIMEOUT: Duration = Duration::from_secs(60);

/// The address in the server's start-up log line (`bao-server listening on http://ADDR`), if `line` is it.
fn listening_addr(line: &str) -> Option<SocketAddr> {
    let rest = line.split("listening on http://").nth(1)?;
    let addr: String = rest
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.' || *c == ':')
        .collect();
    addr.parse().ok()
}

/// `RUST_LOG` for the server: the caller's filter (or `warn`), with the start-up line kept, which says where
/// the server listens.
fn log_filter() -> String {
    let base = std::env::var("RUST_LOG").unwrap_or_else(|_| "warn".into());
    format!("{base},bao_server::app=info")
}

impl SpawnedServer {
    /// Starts `bin --bind 127.0.0.1:0 --data-dir TMP [extra…]`, reads the port the server bound from its log
    /// (no port is guessed here, so no other program can take it in between), and waits until `/healthz`
    /// answers 200.
    ///
    /// The per-address game-creation limit is lifted (`BAO_CREATE_PER_MINUTE`) unless already set in the
    /// environment; logging is quieted to `RUST_LOG` (default `warn`) and the start-up line.
    pub async fn start(
        bin: &Path,
        extra: &[String],
        log: Option<&PathBuf>,
        http: &reqwest::Client,
    ) -> Result<SpawnedServer, String> {
        let data_dir = tempfile::Builder::new()
            .prefix("bao-loadtest-")
            .tempdir()
            .map_err(|e| format!("temporary data directory: {e}"))?;
        Self::start_in(bin, extra, log, http, data_dir).await
    }

    async fn start_in(
        bin: &Path,
        extra: &[String],
        log: Option<&PathBuf>,
        http: &reqwest::Client,
        data_dir: tempfile::TempDir,
    ) -> Result<SpawnedServer, String> {
        let mut cmd = Command::new(bin);
        cmd.arg("--bind")
            .arg("127.0.0.1:0")
            .arg("--data-dir")
            .arg(data_dir.path())
            .args(extra)
            .stdin(Stdio::null())
            .kill_on_drop(true);
        // Every game and socket comes from 127.0.0.1: lift the server's per-address limits (unless the
        // caller set them).
        for (var, value) in [
            ("BAO_CREATE_PER_MINUTE", "100000000"),
            ("BAO_WS_PER_ADDRESS", "1000000"),
            ("BAO_WS_CONNECT_RATE", "1000000"),
            ("BAO_WS_CONNECT_BURST", "1000000"),
            ("BAO_WS_ADDRESS_RATE", "1000000"),
            ("BAO_WS_ADDRESS_BURST", "1000000"),
        ] {
            if std::env::var_os(var).is_none() {
                cmd.env(var, value);
            }
        }
        cmd.env("RUST_LOG", log_filter());
        // The log (on stderr) is read here for the address, then copied to `log` (or dropped) as it comes.
        let mut sink = match log {
            Some(path) => {
                let f = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("server log {}: {e}", path.display()))?;
                let f2 = f
                    .try_clone()
                    .map_err(|e| format!("server log {}: {e}", path.display()))?;
                cmd.stdout(f);
                Some(tokio::fs::File::from_std(f2))
            }
            None => {
                cmd.stdout(Stdio::null());
                None
            }
        };
        cmd.stderr(Stdio::piped());
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
        let pid = child
            .id()
            .ok_or_else(|| "the server exited at once".to_string())?;
        let stderr = child
            .stderr
            .take()
            .ok_or_else(|| "the server's stderr was not piped".to_string())?;
        let (addr_tx, addr_rx) = tokio::sync::oneshot::channel();
        tokio::spawn(async move {
            let mut lines = BufReader::new(stderr).lines();
            let mut addr_tx = Some(addr_tx);
            while let Ok(Some(line)) = lines.next_line().await {
                if let Some(addr) = listening_addr(&line) {
                    if let Some(tx) = addr_tx.take() {
                        let _ = tx.send(addr);
                    }
                }
                if let Some(f) = sink.as_mut() {
                    let _ = f.write_all(format!("{line}\n").as_bytes()).await;
                }
            }
        });
        // The address, or the end of the log (the server exited) or the time out.
        let addr = match tokio::time::timeout(START_TIMEOUT, addr_rx).await {
            Ok(Ok(addr)) => addr,
            Ok(Err(_)) => {
                let status = child
                    .wait()
                    .await
                    .map(|s| s.to_string())
                    .unwrap_or_default();
                return Err(format!("the server exited during start-up: {status}"));
            }
            Err(_) => {
                let _ = child.start_kill();
                return Err(format!(
                    "the server did not say where it listens within {} s",
                    START_TIMEOUT.as_secs()
                ));
            }
        };
        let url = format!("http://{addr}/healthz");
        let healthy = async {
            loop {
                if let Ok(r) = http.get(&url).send().await {
                    if r.status().is_success() {
                        return;
                    }
                }
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
        };
        if tokio::time::timeout(START_TIMEOUT, healthy).await.is_err() {
            let _ = child.start_kill();
            return Err(format!(
                "the server did not answer {url} within {} s",
                START_TIMEOUT.as_secs()
            ));
        }
        Ok(SpawnedServer {
            child,
            addr,
            pid,
            data_dir,
            bin: bin.to_path_buf(),
            extra: extra.to_vec(),
            log: log.cloned(),
        })
    }

    /// Kills the server with SIGKILL (no graceful shutdown, nothing flushed on the way out) and starts it
    /// again on the same data directory and a new port: what it then serves is what it had committed.
    pub async fn restart_after_kill(
        mut self,
        http: &reqwest::Client,
    ) -> Result<SpawnedServer, String> {
        let _ = self.child.kill().await;
        let SpawnedServer {
            data_dir,
            bin,
            extra,
            log,
            ..
        } = self;
        Self::start_in(&bin, &extra, log.as_ref(), http, data_dir).await
    }

    /// The temporary data directory (removed when this is dropped).
    pub fn data_dir(&self) -> &Path {
        self.data_dir.path()
    }

    /// Stops the server: SIGTERM (graceful shutdown), then SIGKILL after 10 s. Returns its exit status text.
    pub async fn stop(mut self) -> String {
        let _ = Command::new("kill")
            .arg("-TERM")
            .arg(self.pid.to_string())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
            .await;
        match tokio::time::timeout(Duration::from_secs(10), self.child.wait()).await {
            Ok(Ok(status)) => status.to_string(),
            Ok(Err(e)) => format!("wait failed: {e}"),
            Err(_) => {
                let _ = self.child.kill().await;
                "killed after 10 s without exiting".into()
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_is_read_from_the_start_up_line() {
        let line = "2026-12-01T19:00:00Z  INFO bao_server::app: bao-server listening on http://127.0.0.1:40123 addr=127.0.0.1:40123";
        assert_eq!(
            listening_addr(line),
            Some("127.0.0.1:40123".parse().unwrap())
        );
        let json = r#"{"fields":{"message":"bao-server listening on http://127.0.0.1:8080"}}"#;
        assert_eq!(
            listening_addr(json),
            Some("127.0.0.1:8080".parse().unwrap())
        );
        assert_eq!(listening_addr("bao-server starting"), None);
    }

    #[tokio::test]
    async fn a_missing_binary_is_an_error() {
        let http = reqwest::Client::new();
        let e = SpawnedServer::start(Path::new("/nonexistent/bao-server"), &[], None, &http)
            .await
            .unwrap_err();
        assert!(e.contains("cannot start"), "{e}");
    }

    #[tokio::test]
    async fn a_binary_that_exits_is_an_error() {
        let http = reqwest::Client::new();
        let e = SpawnedServer::start(Path::new("/bin/false"), &[], None, &http)
            .await
            .unwrap_err();
        assert!(e.contains("exited"), "{e}");
    }
}
