//! `bao-server healthcheck`: asks a running server's `/healthz` and exits 0 when it answers 200. It is what
//! the Docker image's HEALTHCHECK runs, so the image needs no curl.

use std::time::Duration;

use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

/// Where to reach the server listening on `bind`: a wildcard address is reached over loopback.
pub fn target(bind: &str) -> String {
    if let Some(port) = bind.strip_prefix("0.0.0.0:") {
        format!("127.0.0.1:{port}")
    } else if let Some(port) = bind.strip_prefix("[::]:") {
        format!("[::1]:{port}")
    } else {
        bind.to_owned()
    }
}

/// GETs `/healthz` from `addr` (host:port) and returns the status line's code.
pub async fn check(addr: &str, timeout: Duration) -> Result<u16, String> {
    let ask = async {
        let mut s = TcpStream::connect(addr)
            .await
            .map_err(|e| format!("cannot connect to {addr}: {e}"))?;
        // HTTP/1.0 without keep-alive: the server closes the connection after the answer.
        let req = format!(
            "GET /healthz HTTP/1.0\r\nHost: {addr}\r\nUser-Agent: bao-server-healthcheck\r\n\r\n"
        );
        s.write_all(req.as_bytes())
            .await
            .map_err(|e| e.to_string())?;
        let mut buf = Vec::with_capacity(256);
        s.take(4096)
            .read_to_end(&mut buf)
            .await
            .map_err(|e| e.to_string())?;
        let text = String::from_utf8_lossy(&buf);
        let line = text.lines().next().unwrap_or_default();
        line.split_whitespace()
            .nth(1)
            .and_then(|c| c.parse::<u16>().ok())
            .ok_or_else(|| format!("not an HTTP answer: {line:?}"))
    };
    tokio::time::timeout(timeout, ask)
        .await
        .map_err(|_| format!("no answer from {addr} within {timeout:?}"))?
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn wildcard_binds_are_checked_over_loopback() {
        assert_eq!(target("0.0.0.0:8080"), "127.0.0.1:8080");
        assert_eq!(target("[::]:9000"), "[::1]:9000");
        assert_eq!(target("127.0.0.1:8080"), "127.0.0.1:8080");
    }
}
