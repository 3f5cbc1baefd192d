//! The systemd units of `deploy/` (README, "Installing with systemd"): the settings the README promises, the
//! backup service's command run for real, and, when `systemd-analyze` is installed (Debian's `systemd`),
//! systemd's own checks: `verify` (no unknown or malformed setting) and the sandbox's exposure score.
//!
//! The machines the tests run on have no systemd running (no PID 1 to start the units under), so the
//! sandbox itself is not exercised here.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use bao_server::config::Config;
use clap::CommandFactory;

fn deploy(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy")
        .join(file)
}

/// A unit file's settings: `(section, key)` to every value given, in order (`Environment=` and
/// `SystemCallFilter=` may be repeated).
type Unit = BTreeMap<(String, String), Vec<String>>;

/// Reads a unit file as systemd does: `[Section]` lines, `Key=value` lines, `#` and `;` comments.
fn unit(file: &str) -> Unit {
    let text = std::fs::read_to_string(deploy(file)).unwrap();
    let mut section = String::new();
    let mut out = Unit::new();
    for (n, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') || line.starts_with(';') {
            continue;
        }
        if let Some(name) = line.strip_prefix('[').and_then(|l| l.strip_suffix(']')) {
            section = name.to_owned();
            continue;
        }
        let (k, v) = line
            .split_once('=')
            .unwrap_or_else(|| panic!("{file}:{}: not Key=value: {line}", n + 1));
        assert!(
            !section.is_empty(),
            "{file}:{}: a setting outside a section",
            n + 1
        );
        out.entry((section.clone(), k.trim().to_owned()))
            .or_default()
            .push(v.trim().to_owned());
    }
    out
}

/// The one value of `key` in `section`.
fn one<'a>(u: &'a Unit, section: &str, key: &str) -> &'a str {
    match u
        .get(&(section.to_owned(), key.to_owned()))
        .map(Vec::as_slice)
    {
        Some([v]) => v,
        other => panic!("[{section}] {key}: {other:?}"),
    }
}

/// Every value of `key` in `[Service]`.
fn all<'a>(u: &'a Unit, key: &str) -> &'a [String] {
    u.get(&("Service".to_owned(), key.to_owned()))
        .map(Vec::as_slice)
        .unwrap_or(&[])
}

/// The `Environment=` variables of a unit.
fn environment(u: &Unit) -> BTreeMap<String, String> {
    all(u, "Environment")
        .iter()
        .map(|e| {
            let (k, v) = e.split_once('=').unwrap();
            (k.to_owned(), v.to_owned())
        })
        .collect()
}

/// Seconds of a systemd time span such as `45s`, `2min` or `90`.
fn seconds(span: &str) -> u64 {
    let digits: String = span.chars().take_while(char::is_ascii_digit).collect();
    let n: u64 = digits.parse().unwrap();
    match &span[digits.len()..] {
        "" | "s" => n,
        "min" => n * 60,
        other => panic!("unit {other:?} in {span}"),
    }
}

/// The sandbox settings both services share: the service runs as a user of its own with no privileges, sees
/// the system read-only and no home directories.
fn assert_sandboxed(u: &Unit, file: &str) {
    for (key, want) in [
        ("DynamicUser", "yes"),
        ("User", "bao"),
        ("NoNewPrivileges", "yes"),
        ("ProtectSystem", "strict"),
        ("ProtectHome", "yes"),
        ("PrivateTmp", "yes"),
        ("PrivateDevices", "yes"),
        ("CapabilityBoundingSet", ""),
        ("AmbientCapabilities", ""),
        ("SystemCallArchitectures", "native"),
        ("UMask", "0077"),
    ] {
        assert_eq!(one(u, "Service", key), want, "{file}: {key}");
    }
    assert!(
        all(u, "SystemCallFilter").contains(&"@system-service".to_owned()),
        "{file}: SystemCallFilter"
    );
    // Every BAO_ variable the unit sets is one the server reads.
    let known: Vec<String> = Config::command()
        .get_arguments()
        .filter_map(|a| a.get_env().map(|e| e.to_string_lossy().into_owned()))
        .collect();
    for k in environment(u).keys() {
        assert!(
            known.contains(k),
            "{file}: {k} is not a setting of bao-server"
        );
    }
}

#[test]
fn the_server_unit_runs_the_server_sandboxed_on_its_state_directory() {
    let u = unit("bao-server.service");
    assert_sandboxed(&u, "bao-server.service");
    assert_eq!(one(&u, "Service", "ExecStart"), "/usr/local/bin/bao-server");
    assert_eq!(one(&u, "Service", "StateDirectory"), "bao");
    assert_eq!(environment(&u)["BAO_DATA_DIR"], "/var/lib/bao");
    let families = one(&u, "Service", "RestrictAddressFamilies");
    for f in ["AF_INET", "AF_INET6"] {
        assert!(families.split(' ').any(|x| x == f), "{families}");
    }
    // The server warns below 4,096 open files (one per connection).
    let nofile: u64 = one(&u, "Service", "LimitNOFILE").parse().unwrap();
    assert!(nofile >= 4096, "LimitNOFILE={nofile}");
    // systemd must not kill the server before its graceful stop is over: the requests' grace, then every
    // game's last write and the WAL's checkpoint.
    let stop = seconds(one(&u, "Service", "TimeoutStopSec"));
    let grace = Config::defaults().shutdown_timeout_secs;
    assert!(
        stop >= grace + 20,
        "TimeoutStopSec={stop} s, shutdown timeout {grace} s"
    );
    assert_eq!(one(&u, "Install", "WantedBy"), "multi-user.target");
}

#[test]
fn the_backup_unit_shares_the_servers_user_and_database() {
    let server = unit("bao-server.service");
    let backup = unit("bao-backup.service");
    assert_sandboxed(&backup, "bao-backup.service");
    assert_eq!(one(&backup, "Service", "Type"), "oneshot");
    assert_eq!(
        one(&backup, "Service", "User"),
        one(&server, "Service", "User"),
        "the same dynamic user, so that it may read the database"
    );
    let dirs = one(&backup, "Service", "StateDirectory");
    assert!(
        dirs.split(' ')
            .any(|d| d == one(&server, "Service", "StateDirectory")),
        "{dirs}"
    );
    assert_eq!(
        environment(&backup)["BAO_DATA_DIR"],
        environment(&server)["BAO_DATA_DIR"]
    );
    let timer = unit("bao-backup.timer");
    assert_eq!(one(&timer, "Timer", "OnCalendar"), "daily");
    assert_eq!(one(&timer, "Timer", "Persistent"), "true");
    assert_eq!(one(&timer, "Install", "WantedBy"), "timers.target");
}

/// The backup unit's `ExecStart`, run as it stands with this build's binary and temporary directories in
/// place of `/usr/local/bin` and `/var/lib`: it backs up a server's database and keeps the newest backups.
#[tokio::test]
async fn the_backup_units_command_backs_up_and_keeps_the_newest() {
    let backup = unit("bao-backup.service");
    let dir = tempfile::tempdir().unwrap();
    // The unit's paths, in a temporary directory instead of /var/lib.
    let here = |path: &str| path.replace("/var/lib/", &format!("{}/", dir.path().display()));
    let data = PathBuf::from(here(&environment(&backup)["BAO_DATA_DIR"]));
    let s = crate::common::Server::start(&data).await;
    s.friends_game("kujifunza").await;
    s.stop().await;
    let backups = dir.path().join("bao-backups");
    std::fs::create_dir(&backups).unwrap();
    // Older backups, as the timer left them on earlier days; more than --keep.
    let keep: usize = one(&backup, "Service", "ExecStart")
        .split_once("--keep ")
        .map(|(_, n)| n.split(' ').next().unwrap().parse().unwrap())
        .expect("the backup unit keeps a number of backups");
    for day in 0..keep + 3 {
        let name = bao_server::backup::name_at(1_700_000_000 + day as i64 * 86_400);
        std::fs::write(backups.join(name), "an old backup").unwrap();
    }
    let exec = here(one(&backup, "Service", "ExecStart")).replace(
        "/usr/local/bin/bao-server",
        env!("CARGO_BIN_EXE_bao-server"),
    );
    let mut words = exec.split(' ');
    let out = std::process::Command::new(words.next().unwrap())
        .args(words)
        .env("BAO_DATA_DIR", &data)
        .output()
        .unwrap();
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{exec}: {stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut left: Vec<String> = std::fs::read_dir(&backups)
        .unwrap()
        .map(|e| e.unwrap().file_name().into_string().unwrap())
        .collect();
    left.sort();
    assert_eq!(left.len(), keep, "{left:?}");
    let newest = backups.join(left.last().unwrap());
    assert!(stdout.contains(&newest.display().to_string()), "{stdout}");
    let games: i64 = {
        use sqlx::Connection;
        let mut c = sqlx::SqliteConnection::connect(&format!("sqlite://{}", newest.display()))
            .await
            .unwrap();
        sqlx::query_scalar("SELECT COUNT(*) FROM games")
            .fetch_one(&mut c)
            .await
            .unwrap()
    };
    assert_eq!(games, 1, "the new backup holds the server's game");
}

/// `systemd-analyze`, when installed; a test that needs it is a failure in CI without it.
fn systemd_analyze() -> Option<std::process::Command> {
    let found = std::process::Command::new("systemd-analyze")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    if found {
        return Some(std::process::Command::new("systemd-analyze"));
    }
    assert!(
        std::env::var_os("CI").is_none(),
        "systemd-analyze is missing (Debian: apt-get install systemd)"
    );
    eprintln!(
        "SKIPPED: systemd-analyze is not installed (Debian's systemd package); in CI this fails"
    );
    None
}

/// The units of `deploy/` in a directory of their own, naming this build's binary (`verify` checks that
/// `ExecStart`'s program exists).
fn units_with_this_binary() -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for f in [
        "bao-server.service",
        "bao-backup.service",
        "bao-backup.timer",
    ] {
        let text = std::fs::read_to_string(deploy(f)).unwrap().replace(
            "/usr/local/bin/bao-server",
            env!("CARGO_BIN_EXE_bao-server"),
        );
        std::fs::write(dir.path().join(f), text).unwrap();
    }
    dir
}

#[test]
fn systemd_accepts_the_units_and_rates_their_sandbox_safe() {
    let Some(mut verify) = systemd_analyze() else {
        return;
    };
    let units = units_with_this_binary();
    // `verify` exits 0 on an unknown or malformed setting too (it only warns): it must say nothing at all.
    let out = verify
        .args([
            "verify",
            "bao-server.service",
            "bao-backup.service",
            "bao-backup.timer",
        ])
        .current_dir(units.path())
        .output()
        .unwrap();
    let said = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        out.status.success() && said.is_empty(),
        "systemd-analyze verify:\n{said}"
    );
    // The exposure score of `systemd-analyze security` (0 safest, 10 not sandboxed at all; under 2 is "OK"
    // or better): the sandbox must not be loosened by accident.
    for unit in ["bao-server.service", "bao-backup.service"] {
        let out = systemd_analyze()
            .unwrap()
            .args([
                "security",
                "--offline=yes",
                "--threshold=20",
                "--no-pager",
                unit,
            ])
            .current_dir(units.path())
            .output()
            .unwrap();
        let text = String::from_utf8_lossy(&out.stdout);
        assert!(
            out.status.success(),
            "{unit}: {text}{}",
            String::from_utf8_lossy(&out.stderr)
        );
        let score: f64 = text
            .lines()
            .find_map(|l| l.split("exposure level for ").nth(1))
            .and_then(|rest| rest.split(": ").nth(1))
            .and_then(|rest| rest.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap_or_else(|| panic!("{unit}: no exposure level in {text}"));
        eprintln!("{unit}: exposure {score}");
        assert!(score <= 2.0, "{unit}: exposure {score}\n{text}");
    }
}
