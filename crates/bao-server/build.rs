//! Records the commit the server is built from (`BAO_COMMIT`: `bao-server --version`, `/api/version`, the page
//! footer): the `BAO_COMMIT` environment variable if set (Docker builds have no `.git`), else `git rev-parse HEAD`,
//! else `unknown`.

use std::process::Command;

/// What `git ARGS` prints, trimmed, when git runs and succeeds.
fn git(args: &[&str]) -> Option<String> {
    Command::new("git")
        .args(args)
        .output()
        .ok()
        .filter(|o| o.status.success())
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_owned())
        .filter(|s| !s.is_empty())
}

fn main() {
    // Without any rerun-if-changed line cargo would run this again whenever any file of the package changes.
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=BAO_COMMIT");
    let commit = match std::env::var("BAO_COMMIT").ok().filter(|c| !c.is_empty()) {
        Some(commit) => commit,
        None => {
            // Run again when HEAD moves: HEAD itself (a checkout, a detached HEAD) and the branches it may point to,
            // loose or packed. `--git-path` finds them in a worktree too (its HEAD is its own, the branches are
            // the main repository's). Only existing paths: cargo takes a missing one as changed on every build.
            for path in ["HEAD", "refs/heads", "packed-refs"] {
                if let Some(p) = git(&["rev-parse", "--git-path", path]) {
                    if std::path::Path::new(&p).exists() {
                        println!("cargo:rerun-if-changed={p}");
                    }
                }
            }
            git(&["rev-parse", "HEAD"]).unwrap_or_else(|| "unknown".to_owned())
        }
    };
    println!("cargo:rustc-env=BAO_COMMIT={commit}");
}
