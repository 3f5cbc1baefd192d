//! Starting the server binary on a free loopback port with a temporary data directory.

use std::net::{Ipv4Addr, SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

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

/// A free TCP port on 127.0.0.1 (bound then released; a small race with other programs is possible).
pub fn free_port() -> std::io::Result<u16> {
    let l = TcpListener::bind((Ipv4Addr::LOCALHOST, 0))?;
    Ok(l.local_addr()?.port())
}

impl SpawnedServer {
    /// Starts `bin --bind 127.0.0.1:PORT --data-dir TMP [extra…]` and waits until `/healthz` answers 200.
    ///
    /// The per-address game-creation limit is lifted (`BAO_CREATE_PER_MINUTE`) and logging is quieted
    /// (`RUST_LOG=warn`) unless those are already set in the environment or given in `extra`.
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
        let port = free_port().map_err(|e| format!("free port: {e}"))?;
        let addr = SocketAddr::from((Ipv4Addr::LOCALHOST, port));
        let mut cmd = Command::new(bin);
        cmd.arg("--bind")
            .arg(addr.to_string())
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
        if std::env::var_os("RUST_LOG").is_none() {
            cmd.env("RUST_LOG", "warn");
        }
        match log {
            Some(path) => {
                let f = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(path)
                    .map_err(|e| format!("server log {}: {e}", path.display()))?;
                let f2 = f
                    .try_clone()
                    .map_err(|e| format!("server log {}: {e}", path.display()))?;
                cmd.stdout(f).stderr(f2);
            }
            None => {
                cmd.stdout(Stdio::null()).stderr(Stdio::null());
            }
        }
        let mut child = cmd
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", bin.display()))?;
        let pid = child
            .id()
            .ok_or_else(|| "the server exited at once".to_string())?;
        let url = format!("http://{addr}/healthz");
        let deadline = Instant::now() + Duration::from_secs(60);
        loop {
            if let Ok(Some(status)) = child.try_wait() {
                return Err(format!("the server exited during start-up: {status}"));
            }
            if let Ok(r) = http.get(&url).send().await {
                if r.status().is_success() {
                    break;
                }
            }
            if Instant::now() > deadline {
                let _ = child.start_kill();
                return Err(format!("the server did not answer {url} within 60 s"));
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
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
    fn free_ports_are_bindable() {
        let p = free_port().unwrap();
        assert!(p > 0);
        let _l = TcpListener::bind((Ipv4Addr::LOCALHOST, p)).unwrap();
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
