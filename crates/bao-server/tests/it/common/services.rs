//! PostgreSQL for tests: the machine's server at 127.0.0.1:5432 when it answers, else one started from
//! Debian's packages by `scripts/services.sh`. Each test gets a schema of its own in the database `test`, so
//! tests run in parallel; it is dropped with the [`TestDb`].
//!
//! When no PostgreSQL can be had, a test fails in CI (the `CI` variable set) and is skipped with a message
//! elsewhere. Also compiled into the server's unit tests (`src/store/tests.rs`).

#![allow(dead_code)]

use std::net::{SocketAddr, TcpStream};
use std::path::Path;
use std::sync::atomic::{AtomicU32, Ordering};
use std::sync::OnceLock;
use std::time::Duration;

use sqlx::Connection;

/// The database that test schemas are made in.
pub const PG_TEST_DB: &str = "postgres://postgres@127.0.0.1:5432/test";

fn answers(port: u16) -> bool {
    let addr = SocketAddr::from(([127, 0, 0, 1], port));
    TcpStream::connect_timeout(&addr, Duration::from_secs(1)).is_ok()
}

/// Whether the server of `service` (`postgres`, `nats`) on `port` answers, after starting it if it did not.
/// Panics in CI when it cannot be had.
pub fn ensure(service: &str, port: u16) -> bool {
    static TRIED: OnceLock<std::sync::Mutex<Vec<String>>> = OnceLock::new();
    if answers(port) {
        return true;
    }
    let tried = TRIED.get_or_init(Default::default);
    let mut tried = tried.lock().unwrap_or_else(|p| p.into_inner());
    if !tried.iter().any(|s| s == service) {
        tried.push(service.to_owned());
        let script = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../scripts/services.sh");
        match std::process::Command::new(&script).arg(service).status() {
            Ok(s) if s.success() => {}
            Ok(s) => eprintln!("{} {service}: {s}", script.display()),
            Err(e) => eprintln!("{} {service}: {e}", script.display()),
        }
    }
    if answers(port) {
        return true;
    }
    if std::env::var_os("CI").is_some() {
        panic!("{service} does not answer on 127.0.0.1:{port} and scripts/services.sh could not start it");
    }
    eprintln!(
        "SKIPPED: {service} does not answer on 127.0.0.1:{port} and could not be started \
         (scripts/services.sh {service}); in CI this fails"
    );
    false
}

/// A fresh, empty schema in the test database, dropped (with everything in it) when this is dropped.
pub struct TestDb {
    /// The address to give the server: the test database with the schema first on the search path.
    pub url: String,
    schema: String,
}

impl TestDb {
    /// A new schema, or `None` (outside CI) when there is no PostgreSQL.
    pub async fn create() -> Option<TestDb> {
        if !ensure("postgres", 5432) {
            return None;
        }
        static N: AtomicU32 = AtomicU32::new(0);
        let schema = format!(
            "bao_test_{}_{}_{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed),
            rand::random::<u32>()
        );
        let mut admin = sqlx::PgConnection::connect(PG_TEST_DB)
            .await
            .expect("connect to the test database");
        sqlx::query(&format!("CREATE SCHEMA {schema}"))
            .execute(&mut admin)
            .await
            .expect("create a test schema");
        let _ = admin.close().await;
        Some(TestDb {
            url: format!("{PG_TEST_DB}?options=-c%20search_path%3D{schema}"),
            schema,
        })
    }
}

impl Drop for TestDb {
    fn drop(&mut self) {
        let schema = self.schema.clone();
        // Drop runs inside the test's runtime, which cannot be blocked on: a thread with its own.
        let dropped = std::thread::spawn(move || {
            let rt = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .ok()?;
            rt.block_on(async {
                let mut admin = sqlx::PgConnection::connect(PG_TEST_DB).await.ok()?;
                sqlx::query(&format!("DROP SCHEMA IF EXISTS {schema} CASCADE"))
                    .execute(&mut admin)
                    .await
                    .ok()?;
                admin.close().await.ok()
            })
        })
        .join();
        if !matches!(dropped, Ok(Some(()))) {
            eprintln!("could not drop the test schema {}", self.schema);
        }
    }
}
