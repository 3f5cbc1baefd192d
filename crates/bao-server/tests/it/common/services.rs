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

/// A PostgreSQL server of the test's own (its own data directory and port on 127.0.0.1), for the tests that
/// stop, restart or freeze the database under a server: never the machine's. Stopped and removed when
/// dropped. Started from Debian's packages (`/usr/lib/postgresql/*/bin`), as the user `postgres` when the
/// test runs as root (PostgreSQL refuses to run as root).
pub struct PrivatePostgres {
    /// Its port on 127.0.0.1.
    pub port: u16,
    bin: std::path::PathBuf,
    dir: tempfile::TempDir,
    settings: Vec<String>,
}

impl PrivatePostgres {
    /// A new server with trust authentication and `settings` (`-c name=value` pairs such as `ssl=on`) and a
    /// database `bao`, or `None` (outside CI) when PostgreSQL is not installed. `prepare` may write files
    /// into the data directory (certificates) before the server first starts.
    pub fn start(settings: &[&str], prepare: impl FnOnce(&Path)) -> Option<PrivatePostgres> {
        let bin = std::fs::read_dir("/usr/lib/postgresql").ok().and_then(|d| {
            d.filter_map(Result::ok)
                .map(|e| e.path().join("bin"))
                .filter(|b| b.join("initdb").exists())
                .max()
        });
        let Some(bin) = bin else {
            if std::env::var_os("CI").is_some() {
                panic!(
                    "PostgreSQL's programs are not installed (/usr/lib/postgresql/*/bin/initdb)"
                );
            }
            eprintln!("SKIPPED: PostgreSQL's programs are not installed; in CI this fails");
            return None;
        };
        let dir = tempfile::Builder::new()
            .prefix("bao-private-pg")
            .tempdir()
            .expect("a temporary directory");
        let data = dir.path().join("data");
        std::fs::create_dir(&data).expect("the data directory");
        chown_to_postgres(dir.path());
        chown_to_postgres(&data);
        let ok = as_postgres(&bin.join("initdb"))
            .arg("-D")
            .arg(&data)
            .args(["-U", "postgres", "-A", "trust"])
            .stdout(std::process::Stdio::null())
            .status()
            .expect("run initdb");
        assert!(ok.success(), "initdb: {ok}");
        prepare(&data);
        for entry in std::fs::read_dir(&data)
            .expect("the data directory")
            .flatten()
        {
            chown_to_postgres(&entry.path());
        }
        let mut pg = PrivatePostgres {
            port: unused_port(),
            bin,
            dir,
            settings: settings.iter().map(|s| (*s).to_owned()).collect(),
        };
        pg.start_again();
        let ok = as_postgres(&pg.bin.join("createdb"))
            .args([
                "-h",
                "127.0.0.1",
                "-p",
                &pg.port.to_string(),
                "-U",
                "postgres",
                "bao",
            ])
            .status()
            .expect("run createdb");
        assert!(ok.success(), "createdb: {ok}");
        Some(pg)
    }

    /// The address of its database `bao`.
    pub fn url(&self) -> String {
        format!("postgres://postgres@127.0.0.1:{}/bao", self.port)
    }

    fn data(&self) -> std::path::PathBuf {
        self.dir.path().join("data")
    }

    /// Starts it (again, after [`PrivatePostgres::stop`]) on the same port and data, and waits until it
    /// accepts connections.
    pub fn start_again(&mut self) {
        let mut options = format!(
            "-c listen_addresses=127.0.0.1 -p {} -c unix_socket_directories={}",
            self.port,
            self.data().display()
        );
        for s in &self.settings {
            options.push_str(" -c ");
            options.push_str(s);
        }
        let ok = as_postgres(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(self.data())
            .arg("-l")
            .arg(self.dir.path().join("log"))
            .args(["-w", "-t", "30", "-o", &options, "start"])
            .stdout(std::process::Stdio::null())
            .status()
            .expect("run pg_ctl start");
        let log = std::fs::read_to_string(self.dir.path().join("log")).unwrap_or_default();
        assert!(ok.success(), "pg_ctl start: {ok}\n{log}");
    }

    /// Stops it at once (`immediate`: as if the machine lost it), keeping its data.
    pub fn stop(&self) {
        let ok = as_postgres(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(self.data())
            .args(["-m", "immediate", "-w", "stop"])
            .stdout(std::process::Stdio::null())
            .status()
            .expect("run pg_ctl stop");
        assert!(ok.success(), "pg_ctl stop: {ok}");
    }

    /// The process ids of the server and every one of its processes (the postmaster first).
    fn pids(&self) -> Vec<i32> {
        let pid_file =
            std::fs::read_to_string(self.data().join("postmaster.pid")).unwrap_or_default();
        let Some(main) = pid_file
            .lines()
            .next()
            .and_then(|l| l.trim().parse::<i32>().ok())
        else {
            return Vec::new();
        };
        let children = std::process::Command::new("pgrep")
            .args(["-P", &main.to_string()])
            .output()
            .map(|o| String::from_utf8_lossy(&o.stdout).into_owned())
            .unwrap_or_default();
        std::iter::once(main)
            .chain(children.lines().filter_map(|l| l.trim().parse().ok()))
            .collect()
    }

    /// Freezes every process of the server (SIGSTOP): connections stay open and nothing answers, as when the
    /// database's machine hangs.
    pub fn freeze(&self) {
        self.signal("-STOP");
    }

    /// Lets a frozen server go on (SIGCONT).
    pub fn thaw(&self) {
        self.signal("-CONT");
    }

    fn signal(&self, signal: &str) {
        for pid in self.pids() {
            let _ = std::process::Command::new("kill")
                .args([signal, &pid.to_string()])
                .status();
        }
    }
}

impl Drop for PrivatePostgres {
    fn drop(&mut self) {
        self.thaw();
        let _ = as_postgres(&self.bin.join("pg_ctl"))
            .arg("-D")
            .arg(self.data())
            .args(["-m", "immediate", "-w", "stop"])
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .status();
    }
}

/// A port nothing listens on now (the kernel's pick, released for the server to take).
fn unused_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

fn is_root() -> bool {
    std::process::Command::new("id")
        .arg("-u")
        .output()
        .is_ok_and(|o| o.stdout.starts_with(b"0\n"))
}

/// `program` run as the user `postgres` when the test runs as root, else as the test's user.
fn as_postgres(program: &Path) -> std::process::Command {
    if is_root() {
        let mut c = std::process::Command::new("runuser");
        c.args(["-u", "postgres", "--"]).arg(program);
        c
    } else {
        std::process::Command::new(program)
    }
}

fn chown_to_postgres(path: &Path) {
    if is_root() {
        let _ = std::process::Command::new("chown")
            .arg("postgres:")
            .arg(path)
            .status();
    }
}

/// A NATS server (with JetStream) of the test's own on 127.0.0.1, for the tests that stop, restart, freeze or
/// cut it: never the machine's. Killed when dropped.
pub struct PrivateNats {
    /// Its port on 127.0.0.1.
    pub port: u16,
    dir: tempfile::TempDir,
    child: Option<std::process::Child>,
    extra: Vec<String>,
}

impl PrivateNats {
    /// A new server with `extra` arguments (`--user`, `--pass`, …), or `None` (outside CI) when nats-server
    /// is not installed.
    pub fn start(extra: &[&str]) -> Option<PrivateNats> {
        let found = std::process::Command::new("nats-server")
            .arg("--version")
            .output()
            .is_ok_and(|o| o.status.success());
        if !found {
            if std::env::var_os("CI").is_some() {
                panic!("nats-server is not installed");
            }
            eprintln!("SKIPPED: nats-server is not installed; in CI this fails");
            return None;
        }
        let mut nats = PrivateNats {
            port: unused_port(),
            dir: tempfile::Builder::new()
                .prefix("bao-private-nats")
                .tempdir()
                .expect("a temporary directory"),
            child: None,
            extra: extra.iter().map(|s| (*s).to_owned()).collect(),
        };
        nats.start_again();
        Some(nats)
    }

    /// Its address.
    pub fn url(&self) -> String {
        format!("nats://127.0.0.1:{}", self.port)
    }

    /// Starts it (again, after [`PrivateNats::stop`]) on the same port and JetStream directory, and waits
    /// until it accepts connections.
    pub fn start_again(&mut self) {
        let child = std::process::Command::new("nats-server")
            .args([
                "-a",
                "127.0.0.1",
                "-p",
                &self.port.to_string(),
                "-js",
                "-sd",
            ])
            .arg(self.dir.path())
            .args(&self.extra)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .expect("start nats-server");
        self.child = Some(child);
        let deadline = std::time::Instant::now() + Duration::from_secs(10);
        while !answers(self.port) {
            assert!(
                std::time::Instant::now() < deadline,
                "nats-server did not start"
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Kills it (its clients see the connection drop).
    pub fn stop(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }

    /// Freezes it (SIGSTOP): connections stay open and nothing answers.
    pub fn freeze(&self) {
        if let Some(child) = &self.child {
            let _ = std::process::Command::new("kill")
                .args(["-STOP", &child.id().to_string()])
                .status();
        }
    }

    /// Lets a frozen server go on (SIGCONT).
    pub fn thaw(&self) {
        if let Some(child) = &self.child {
            let _ = std::process::Command::new("kill")
                .args(["-CONT", &child.id().to_string()])
                .status();
        }
    }
}

impl Drop for PrivateNats {
    fn drop(&mut self) {
        self.thaw();
        self.stop();
    }
}
