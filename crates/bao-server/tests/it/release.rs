//! What a release is made of, checked without building it: the version and commit the binary reports, the web
//! client's version, the Rust version the workspace states against what its locked dependencies need, and the
//! Docker image's build context against the files the crates include at compile time (a missing one breaks the
//! image's build, which only scripts/image-test.sh runs).

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};
use std::process::Command;

use regex::Regex;
use serde_json::Value;

/// The repository's root (this crate is `crates/bao-server`).
fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("read {}: {e}", path.display()))
}

/// `git rev-parse HEAD` of the repository, when git answers (not in a source tree without `.git`).
fn git_head() -> Option<String> {
    let out = Command::new("git")
        .args(["rev-parse", "HEAD"])
        .current_dir(repo())
        .output()
        .ok()?;
    let head = String::from_utf8(out.stdout).ok()?.trim().to_owned();
    (out.status.success() && !head.is_empty()).then_some(head)
}

#[test]
fn version_flag_says_the_version_and_the_commit() {
    let out = Command::new(env!("CARGO_BIN_EXE_bao-server"))
        .arg("--version")
        .output()
        .expect("run bao-server --version");
    assert!(out.status.success());
    let line = String::from_utf8(out.stdout).expect("utf-8");
    assert_eq!(
        line.trim(),
        format!(
            "bao-server {} (commit {})",
            env!("CARGO_PKG_VERSION"),
            bao_server::COMMIT
        )
    );
    // Built in a git checkout, the commit is the checkout's (build.rs runs again when HEAD moves).
    if let Some(head) = git_head() {
        assert_eq!(bao_server::COMMIT, head, "the commit built in");
    }
}

#[test]
fn the_web_client_has_the_crate_version() {
    let js = read(&repo().join("web/version.js"));
    let re = Regex::new(r"CLIENT_VERSION = '([^']*)'").expect("regex");
    let found = re
        .captures(&js)
        .unwrap_or_else(|| panic!("no CLIENT_VERSION in web/version.js"));
    assert_eq!(&found[1], env!("CARGO_PKG_VERSION"), "web/version.js");
}

/// A version such as `1.89` or `1.89.0` as numbers, for comparing.
fn rust_version(v: &str) -> Vec<u64> {
    let mut n: Vec<u64> = v
        .split('.')
        .map(|p| p.parse().unwrap_or_else(|_| panic!("rust-version {v:?}")))
        .collect();
    n.resize(3, 0);
    n
}

/// The workspace states the Rust version its locked dependencies really need: the highest `rust-version` of
/// every package of the lock (all platforms), no lower (a build with the stated version would fail) and no higher
/// (it would ask for more than it needs). The workspace's own code is held to it by clippy's `incompatible_msrv`
/// lint (`-D warnings` in CI), which reads the same field.
#[test]
fn rust_version_is_what_the_lock_needs() {
    let out = Command::new(env!("CARGO"))
        .args(["metadata", "--format-version", "1", "--locked"])
        .current_dir(repo())
        .output()
        .expect("run cargo metadata");
    assert!(
        out.status.success(),
        "cargo metadata: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).expect("cargo metadata's JSON");
    let members: BTreeSet<&str> = meta["workspace_members"]
        .as_array()
        .expect("workspace_members")
        .iter()
        .filter_map(Value::as_str)
        .collect();
    let mut stated = BTreeSet::new();
    let mut needed: Option<(Vec<u64>, String)> = None;
    for p in meta["packages"].as_array().expect("packages") {
        let id = p["id"].as_str().expect("id");
        if members.contains(id) {
            // `rust-version.workspace = true` in each member: cargo checks only a package's own field.
            stated.insert(p["rust_version"].as_str().map(str::to_owned));
            continue;
        }
        let Some(v) = p["rust_version"].as_str() else {
            continue;
        };
        let who = format!(
            "{} {} needs {v}",
            p["name"].as_str().unwrap_or("?"),
            p["version"].as_str().unwrap_or("?")
        );
        if needed
            .as_ref()
            .is_none_or(|(max, _)| rust_version(v) > *max)
        {
            needed = Some((rust_version(v), who));
        }
    }
    let (needed, who) = needed.expect("a dependency with a rust-version");
    let stated: Vec<Option<String>> = stated.into_iter().collect();
    let stated = match stated.as_slice() {
        [Some(v)] => v.clone(),
        _ => panic!(
            "every member states the workspace's rust-version (rust-version.workspace = true): {stated:?}"
        ),
    };
    assert_eq!(
        rust_version(&stated),
        needed,
        "Cargo.toml's rust-version is {stated}, the lock needs {}.{}.{} ({who}): set \
         [workspace.package] rust-version to it",
        needed[0],
        needed[1],
        needed[2]
    );
}

/// One line of `.dockerignore`: a pattern (as a regex of Docker's syntax) and whether it lets paths in again.
struct Rule {
    re: Regex,
    lets_in: bool,
}

/// Docker's `.dockerignore` syntax: `*` and `?` within one path element, `**` across them, `!` lets a path in
/// again, the last rule that matches a path or one of its directories decides.
fn dockerignore(text: &str) -> Vec<Rule> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|line| {
            let (lets_in, pattern) = match line.strip_prefix('!') {
                Some(p) => (true, p),
                None => (false, line),
            };
            let pattern = pattern.trim_matches('/');
            let mut re = String::from("^");
            let mut chars = pattern.chars().peekable();
            while let Some(c) = chars.next() {
                match c {
                    '*' if chars.peek() == Some(&'*') => {
                        chars.next();
                        if chars.peek() == Some(&'/') {
                            chars.next();
                            re.push_str("(.*/)?");
                        } else {
                            re.push_str(".*");
                        }
                    }
                    '*' => re.push_str("[^/]*"),
                    '?' => re.push_str("[^/]"),
                    c => re.push_str(&regex::escape(&c.to_string())),
                }
            }
            re.push('$');
            Rule {
                re: Regex::new(&re).expect("pattern"),
                lets_in,
            }
        })
        .collect()
}

/// Whether `path` (relative to the context, `/`-separated) is in the build context.
fn in_context(rules: &[Rule], path: &str) -> bool {
    let mut prefixes = Vec::new();
    for (i, c) in path.char_indices() {
        if c == '/' {
            prefixes.push(&path[..i]);
        }
    }
    prefixes.push(path);
    let mut ignored = false;
    for rule in rules {
        if prefixes.iter().any(|p| rule.re.is_match(p)) {
            ignored = !rule.lets_in;
        }
    }
    !ignored
}

/// `path` (an existing file) relative to the repository, `/`-separated.
fn relative(path: &Path) -> String {
    let root = repo().canonicalize().expect("the repository");
    let full = path
        .canonicalize()
        .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let rel = full
        .strip_prefix(&root)
        .unwrap_or_else(|_| panic!("{} is outside the repository", path.display()));
    rel.components()
        .map(|c| c.as_os_str().to_string_lossy())
        .collect::<Vec<_>>()
        .join("/")
}

/// Every file under `dir`, skipping nested packages (a directory with its own Cargo.toml, such as the fuzz crate,
/// is not part of the workspace's build) and build output.
fn files(dir: &Path, top: bool, out: &mut Vec<PathBuf>) {
    if !top && dir.join("Cargo.toml").exists() || dir.ends_with("target") {
        return;
    }
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.expect("entry").path();
        if path.is_dir() {
            files(&path, false, out);
        } else {
            out.push(path);
        }
    }
}

/// The image builds: every file of every workspace crate, the manifests, and every file a crate includes at
/// compile time (`include_str!`, `include_bytes!`, rust-embed's `#[folder]`) are in the build context that
/// `.dockerignore` lets through, and the Dockerfile copies the whole context. `puzzles/` once was not.
#[test]
fn the_image_context_has_every_file_the_build_reads() {
    let dockerfile = read(&repo().join("Dockerfile"));
    assert!(
        dockerfile.lines().any(|l| l.trim() == "COPY . ."),
        "the Dockerfile's build stage copies the whole context (`COPY . .`): this test checks the context"
    );
    let rules = dockerignore(&read(&repo().join(".dockerignore")));
    let include = Regex::new(r#"include_(?:str|bytes)!\s*\(\s*([^)]*)\)"#).expect("regex");
    let folder = Regex::new(r#"#\[folder\s*=\s*([^\]]*)\]"#).expect("regex");
    let literal = Regex::new(r#"^"([^"\\]+)"$"#).expect("regex");

    let mut needed: BTreeSet<String> = ["Cargo.toml", "Cargo.lock"].map(String::from).into();
    let mut crates = 0;
    for entry in std::fs::read_dir(repo().join("crates")).expect("crates/") {
        let krate = entry.expect("entry").path();
        if !krate.join("Cargo.toml").exists() {
            continue;
        }
        crates += 1;
        let mut all = Vec::new();
        files(&krate, true, &mut all);
        for file in all {
            needed.insert(relative(&file));
            if file.extension().is_none_or(|e| e != "rs") {
                continue;
            }
            let text = read(&file);
            let dir = file.parent().expect("a file's directory");
            // include_str!/include_bytes! are relative to the file, rust-embed's folder to the crate.
            let found = include
                .captures_iter(&text)
                .map(|c| (c[1].trim().to_owned(), dir))
                .chain(
                    folder
                        .captures_iter(&text)
                        .map(|c| (c[1].trim().to_owned(), krate.as_path())),
                );
            for (arg, base) in found {
                let Some(lit) = literal.captures(&arg) else {
                    panic!(
                        "{}: an include of {arg}, not a plain string: this test cannot tell whether the \
                         image's build context has it",
                        file.display()
                    );
                };
                let target = base.join(&lit[1]);
                assert!(
                    target.exists(),
                    "{}: {} does not exist",
                    file.display(),
                    &lit[1]
                );
                let mut under = Vec::new();
                if target.is_dir() {
                    files(&target, true, &mut under);
                } else {
                    under.push(target);
                }
                needed.extend(under.iter().map(|p| relative(p)));
            }
        }
    }
    assert!(crates >= 5, "the workspace's crates: {crates}");
    for dir in [
        "puzzles/kiswahili.json",
        "migrations/0001_games.sql",
        "web/index.html",
    ] {
        assert!(needed.contains(dir), "the scan found {dir}");
    }
    let left_out: Vec<&String> = needed.iter().filter(|p| !in_context(&rules, p)).collect();
    assert!(
        left_out.is_empty(),
        "the build reads these, .dockerignore leaves them out of the image's context: {left_out:?}"
    );
}

/// The `.dockerignore` reading above, on the cases the check relies on.
#[test]
fn dockerignore_rules_are_read_as_docker_reads_them() {
    let rules = dockerignore(
        "*\n!crates/\n!web\n**/target/\ncrates/x/fuzz/\n!crates/x/fuzz/keep\nweb/*.db\n",
    );
    assert!(in_context(&rules, "crates/a/src/lib.rs"));
    assert!(in_context(&rules, "web/index.html"));
    assert!(!in_context(&rules, "puzzles/kiswahili.json"), "not let in");
    assert!(!in_context(&rules, "Cargo.toml"), "not let in");
    assert!(
        !in_context(&rules, "crates/a/target/debug/x"),
        "**/ at any depth"
    );
    assert!(!in_context(&rules, "target/x"), "**/ at the top too");
    assert!(
        !in_context(&rules, "crates/x/fuzz/src/a.rs"),
        "a directory and all in it"
    );
    assert!(
        in_context(&rules, "crates/x/fuzz/keep"),
        "let in again later"
    );
    assert!(!in_context(&rules, "web/bao.db"));
    assert!(
        in_context(&rules, "web/sub/bao.db"),
        "* stays within one directory"
    );
}
