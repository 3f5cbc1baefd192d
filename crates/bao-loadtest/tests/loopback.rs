//! The load generator refuses targets that are not on this machine: it is for measuring one's own server.

use bao_loadtest::args::Args;

#[tokio::test]
async fn refuses_non_loopback_targets() {
    for target in [
        "http://10.1.2.3:8080",
        "http://192.168.0.1:80",
        "http://example.org",
    ] {
        let mut a = Args::defaults();
        a.target = vec![target.into()];
        let e = bao_loadtest::run::run(a).await.unwrap_err();
        assert!(e.contains("loopback"), "{target}: {e}");
    }
}
