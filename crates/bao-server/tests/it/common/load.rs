//! The real server in this process, on its own runtime thread (apart from the load generator's), for the
//! load runs (`loadtest_*.rs`).

use std::path::PathBuf;
use std::time::Duration;

/// Starts the real server in this process on its own runtime; returns its address and a stop handle.
pub fn start_in_process_server(
    data_dir: PathBuf,
) -> (
    std::net::SocketAddr,
    tokio::sync::oneshot::Sender<()>,
    std::thread::JoinHandle<()>,
) {
    let (addr_tx, addr_rx) = std::sync::mpsc::channel();
    let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
    let handle = std::thread::spawn(move || {
        let rt = tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
            .unwrap();
        rt.block_on(async move {
            let mut config = bao_server::config::Config::defaults();
            config.bind = "127.0.0.1:0".into();
            config.web_dir = Some(data_dir.join("no-web"));
            config.data_dir = data_dir;
            // Every game and socket comes from 127.0.0.1: lift the per-address limits.
            config.create_per_minute = 1e9;
            config.ws_per_address = 1_000_000;
            config.ws_connect_rate = 1e9;
            config.ws_connect_burst = 1e9;
            config.ws_address_rate = 1e9;
            config.ws_address_burst = 1e9;
            let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
            addr_tx.send(listener.local_addr().unwrap()).unwrap();
            bao_server::app::serve(config, listener, async {
                let _ = stop_rx.await;
            })
            .await
            .unwrap();
        });
    });
    let addr = addr_rx.recv_timeout(Duration::from_secs(30)).unwrap();
    (addr, stop_tx, handle)
}

/// Waits until the server at `addr` answers `/healthz`.
pub async fn wait_until_up(addr: std::net::SocketAddr) {
    let http = reqwest::Client::builder().no_proxy().build().unwrap();
    for _ in 0..300 {
        if let Ok(r) = http.get(format!("http://{addr}/healthz")).send().await {
            if r.status().is_success() {
                return;
            }
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("server did not come up");
}
