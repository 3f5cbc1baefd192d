//! The monitoring files of `deploy/` (README, "Monitoring"): the Prometheus alert rules, the scrape example and
//! the Grafana dashboard ask only for metrics the server really serves, and cover what they promise. When
//! Prometheus's `promtool` is installed, it checks the files and runs the alert rules' unit tests too.

use crate::common;

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

use common::Server;
use prometheus_parse::{Scrape, Value};
use regex::Regex;
use yaml_rust2::{Yaml, YamlLoader};

fn deploy(file: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../deploy")
        .join(file)
}

fn yaml(file: &str) -> Yaml {
    let text = std::fs::read_to_string(deploy(file)).unwrap();
    let mut docs = YamlLoader::load_from_str(&text).unwrap_or_else(|e| panic!("{file}: {e}"));
    assert_eq!(docs.len(), 1, "{file} is one YAML document");
    docs.remove(0)
}

/// The series names a scrape of a fresh server offers a query: every metric's name, a histogram's
/// `_bucket`, `_sum` and `_count`, and `up`, which Prometheus adds to every target it scrapes.
async fn served() -> BTreeSet<String> {
    let s = Server::fresh().await;
    let (_, text) = s.get_text("/metrics").await;
    s.stop().await;
    let scrape = Scrape::parse(text.lines().map(|l| Ok(l.to_owned()))).unwrap();
    let mut names: BTreeSet<String> = scrape.docs.keys().cloned().collect();
    for x in &scrape.samples {
        if let Value::Histogram(_) = x.value {
            for suffix in ["_bucket", "_sum", "_count"] {
                names.insert(format!("{}{suffix}", x.metric));
            }
        }
    }
    assert!(names.contains("bao_moves_total"), "{names:?}");
    names.insert("up".into());
    names
}

/// The metric names a PromQL expression selects: what is left once strings, label matchers, ranges and
/// `by (…)`-like label lists are removed, and functions (a name before `(`) and keywords are skipped.
fn metrics_in(expr: &str) -> BTreeSet<String> {
    let strip = [
        r#""(?:[^"\\]|\\.)*""#,
        r"\{[^}]*\}",
        r"\[[^\]]*\]",
        r"\b(?:by|without|on|ignoring|group_left|group_right)\s*\([^)]*\)",
    ];
    let mut rest = expr.to_owned();
    for pattern in strip {
        rest = Regex::new(pattern)
            .unwrap()
            .replace_all(&rest, " ")
            .into_owned();
    }
    let keywords = ["and", "or", "unless", "bool", "offset", "by", "without"];
    let ident = Regex::new(r"[A-Za-z_:][A-Za-z0-9_:]*").unwrap();
    let mut out = BTreeSet::new();
    for m in ident.find_iter(&rest) {
        // Part of a number such as 1e3, or a name in a function call.
        let before = rest[..m.start()].chars().next_back();
        let after = rest[m.end()..].trim_start().chars().next();
        if before.is_some_and(|c| c.is_ascii_digit() || c == '.') || after == Some('(') {
            continue;
        }
        if !keywords.contains(&m.as_str()) {
            out.insert(m.as_str().to_owned());
        }
    }
    out
}

#[test]
fn metric_names_are_found_in_expressions() {
    let names = |e| metrics_in(e).into_iter().collect::<Vec<_>>();
    assert_eq!(
        names(
            r#"histogram_quantile(0.99, sum by (instance, le) (rate(bao_x_bucket{job="a{b}"}[5m]))) > 0.1"#
        ),
        ["bao_x_bucket"]
    );
    assert_eq!(names("a / b > 0.8 and on(instance) c"), ["a", "b", "c"]);
    assert_eq!(names(r#"up{job="bao"} == 0 unless 1e3 < x"#), ["up", "x"]);
}

/// Every name `exprs` select is served, and each selects at least one.
fn check_served(what: &str, exprs: &[String], served: &BTreeSet<String>) -> BTreeSet<String> {
    let mut used = BTreeSet::new();
    for e in exprs {
        let names = metrics_in(e);
        assert!(!names.is_empty(), "{what}: {e} selects no metric");
        for n in names {
            assert!(served.contains(&n), "{what}: {n} (in {e}) is not served");
            used.insert(n);
        }
    }
    used
}

#[tokio::test]
async fn the_alert_rules_watch_served_metrics_and_cover_the_promised_alerts() {
    let served = served().await;
    let doc = yaml("prometheus-alerts.yml");
    let mut alerts = BTreeSet::new();
    let mut exprs = Vec::new();
    let duration = Regex::new(r"^([0-9]+(ms|s|m|h|d|w|y))+$").unwrap();
    for group in doc["groups"].as_vec().expect("groups") {
        assert!(group["name"].as_str().is_some(), "a group has a name");
        for rule in group["rules"].as_vec().expect("rules") {
            let name = rule["alert"].as_str().expect("every rule is an alert");
            let expr = rule["expr"]
                .as_str()
                .unwrap_or_else(|| panic!("{name}: expr"));
            if let Some(f) = rule["for"].as_str() {
                assert!(duration.is_match(f), "{name}: for {f}");
            }
            let severity = rule["labels"]["severity"].as_str();
            assert!(
                matches!(severity, Some("critical" | "warning")),
                "{name}: severity"
            );
            assert!(rule["annotations"]["summary"].as_str().is_some(), "{name}");
            assert!(
                rule["annotations"]["description"].as_str().is_some(),
                "{name}"
            );
            assert!(alerts.insert(name.to_owned()), "{name} twice");
            exprs.push(expr.to_owned());
        }
    }
    let used = check_served("prometheus-alerts.yml", &exprs, &served);
    let promised = [
        "BaoServerDown",
        "BaoHealthzFailing",
        "BaoDatabaseWriteErrors",
        "BaoSlowMoves",
        "BaoSocketsNearAddressCap",
        "BaoGamesNearCapacity",
        "BaoNatsLost",
        "BaoOpenFilesNearLimit",
    ];
    assert_eq!(alerts, promised.map(String::from).into());
    for metric in [
        "up",
        "bao_database_writable",
        "bao_db_write_errors_total",
        "bao_move_duration_seconds_bucket",
        "bao_sockets_per_address_max",
        "bao_sockets_per_address_cap",
        "bao_games_in_memory",
        "bao_games_capacity",
        "bao_nats_lost",
        "process_open_fds",
        "process_max_fds",
    ] {
        assert!(used.contains(metric), "no alert watches {metric}");
    }
    // Rooms warn at 90 % of --max-games, before 503 busy.
    assert!(exprs
        .iter()
        .any(|e| e == "bao_games_in_memory / bao_games_capacity > 0.9"));
    // The move alert's threshold is 100 ms.
    assert!(exprs
        .iter()
        .any(|e| e.contains("bao_move_duration_seconds_bucket")
            && e.contains("histogram_quantile(0.99")
            && e.trim_end().ends_with("> 0.1")));
}

#[tokio::test]
async fn the_dashboard_queries_served_metrics_and_shows_the_promised_panels() {
    let served = served().await;
    let text = std::fs::read_to_string(deploy("grafana-dashboard.json")).unwrap();
    let dash: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(dash["title"].as_str().is_some() && dash["uid"].as_str().is_some());
    let mut exprs = Vec::new();
    let mut ids = BTreeSet::new();
    for panel in dash["panels"].as_array().expect("panels") {
        assert!(
            ids.insert(panel["id"].as_u64().expect("panel id")),
            "panel ids are unique"
        );
        assert!(panel["title"].as_str().is_some_and(|t| !t.is_empty()));
        for target in panel["targets"].as_array().expect("targets") {
            exprs.push(target["expr"].as_str().expect("expr").to_owned());
        }
    }
    // Grafana's `label_values(SELECTOR, LABEL)`: the selector is a query, the label is no metric.
    let label_values = Regex::new(r"^label_values\((.*),\s*\w+\)$").unwrap();
    for var in dash["templating"]["list"].as_array().unwrap() {
        if let Some(q) = var["definition"].as_str() {
            let selector = label_values.captures(q).expect("a label_values query");
            exprs.push(selector[1].to_owned());
        }
    }
    let used = check_served("grafana-dashboard.json", &exprs, &served);
    for metric in [
        "bao_moves_total",
        "bao_move_duration_seconds_bucket",
        "bao_db_commit_duration_seconds_bucket",
        "bao_open_sockets",
        "bao_games_in_memory",
        "bao_errors_total",
        "bao_rate_limited_total",
        "bao_computer_searches",
        "bao_computer_searches_waiting",
        "bao_games_capacity",
        "bao_http_requests_total",
        "bao_http_request_duration_seconds_bucket",
        "bao_cluster_forwarded_requests_total",
        "bao_cluster_served_requests_total",
        "bao_cluster_relayed_events_total",
        "bao_cluster_relays",
        "bao_lease_takeovers_total",
        "bao_nats_lost",
        "process_cpu_seconds_total",
        "process_resident_memory_bytes",
        "process_open_fds",
        "process_max_fds",
    ] {
        assert!(
            used.contains(metric),
            "the dashboard does not show {metric}"
        );
    }
    // Every legend names the node (joined from bao_node_info), but `up`'s: a server that is down serves
    // no bao_node_info to join.
    for panel in dash["panels"].as_array().unwrap() {
        for target in panel["targets"].as_array().unwrap() {
            let (expr, legend) = (
                target["expr"].as_str().unwrap(),
                target["legendFormat"].as_str(),
            );
            if expr.starts_with("up{") || expr.starts_with("sum(") {
                continue;
            }
            assert!(
                expr.ends_with(r#"* on (instance) group_left (node) bao_node_info{job="$job"}"#)
                    || expr.contains(
                        r#"* on (instance) group_left (node) bao_node_info{job="$job"} "#
                    ),
                "{expr}"
            );
            assert!(
                legend.is_some_and(|l| l.starts_with("{{node}}")),
                "{expr}: {legend:?}"
            );
        }
    }
    for q in ["0.5", "0.99"] {
        assert!(
            exprs
                .iter()
                .any(|e| e.starts_with(&format!("histogram_quantile({q}"))
                    && e.contains("bao_move_duration_seconds_bucket")),
            "the round trip's quantile {q}"
        );
    }
}

#[test]
fn the_scrape_example_scrapes_the_server_and_loads_the_rules() {
    let doc = yaml("prometheus.yml");
    let rules: Vec<&str> = doc["rule_files"]
        .as_vec()
        .expect("rule_files")
        .iter()
        .filter_map(Yaml::as_str)
        .collect();
    assert_eq!(rules, ["prometheus-alerts.yml"]);
    let job = &doc["scrape_configs"].as_vec().expect("scrape_configs")[0];
    // The alert rules name the job: up{job="bao"}.
    assert_eq!(job["job_name"].as_str(), Some("bao"));
    assert_eq!(job["metrics_path"].as_str(), Some("/metrics"));
    let alerts = std::fs::read_to_string(deploy("prometheus-alerts.yml")).unwrap();
    assert!(alerts.contains(r#"up{job="bao"}"#));
}

/// Prometheus's own checker, when it is installed (Debian's `prometheus` package has it; scripts/test.sh
/// installs it as root): the rules and the configuration are valid, and the rules' unit tests
/// (`deploy/prometheus-alerts.test.yml`: series in, alerts expected out) pass.
#[test]
fn promtool_accepts_the_files_and_the_alerts_fire_as_tested() {
    let Ok(version) = std::process::Command::new("promtool")
        .arg("--version")
        .output()
    else {
        eprintln!(
            "promtool is not installed: the deploy/ files were checked by the other tests only"
        );
        return;
    };
    assert!(version.status.success());
    for args in [
        vec!["check", "rules", "prometheus-alerts.yml"],
        vec!["check", "config", "prometheus.yml"],
        vec!["test", "rules", "prometheus-alerts.test.yml"],
    ] {
        let out = std::process::Command::new("promtool")
            .args(&args)
            .current_dir(deploy(""))
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "promtool {}:\n{}{}",
            args.join(" "),
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
    }
}
