//! Reading a process's resident memory and CPU time from /proc, and finding a process by name.

use std::fs;
use std::path::Path;

/// Clock ticks per second of /proc/PID/stat times (`getconf CLK_TCK`; 100 on every Linux that matters).
const CLK_TCK: f64 = 100.0;

/// A field of /proc/PID/status in KiB (`VmRSS`, `VmHWM`, …), from the file's text.
pub fn parse_status_kib(status: &str, field: &str) -> Option<u64> {
    status.lines().find_map(|line| {
        let rest = line.strip_prefix(field)?.strip_prefix(':')?;
        let mut words = rest.split_whitespace();
        let n: u64 = words.next()?.parse().ok()?;
        match words.next() {
            Some("kB") | None => Some(n),
            Some(_) => None,
        }
    })
}

/// Resident memory (VmRSS) of a process in KiB; `None` when it cannot be read (gone, no permission).
pub fn rss_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    parse_status_kib(&status, "VmRSS")
}

/// Peak resident memory (VmHWM) of a process in KiB.
pub fn hwm_kib(pid: u32) -> Option<u64> {
    let status = fs::read_to_string(format!("/proc/{pid}/status")).ok()?;
    parse_status_kib(&status, "VmHWM")
}

/// User + system CPU seconds from the text of /proc/PID/stat.
pub fn parse_stat_cpu_secs(stat: &str) -> Option<f64> {
    // The command name (field 2) is in parentheses and may contain spaces: split after the last ')'.
    let after = &stat[stat.rfind(')')? + 1..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    // After the name: field 3 (state) is index 0, so utime (14) is index 11 and stime (15) index 12.
    let utime: u64 = fields.get(11)?.parse().ok()?;
    let stime: u64 = fields.get(12)?.parse().ok()?;
    Some((utime + stime) as f64 / CLK_TCK)
}

/// CPU seconds (user + system) a process has used so far.
pub fn cpu_secs(pid: u32) -> Option<f64> {
    let stat = fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    parse_stat_cpu_secs(&stat)
}

/// Process ids whose executable name (from /proc/PID/comm, else the first word of the command line) is
/// `name`, lowest first. The kernel cuts `comm` to 15 bytes, so longer names are compared on that prefix
/// and checked against the command line too.
pub fn find_pids_by_name(name: &str) -> Vec<u32> {
    find_pids_by_name_in(Path::new("/proc"), name)
}

/// [`find_pids_by_name`] over another /proc-like directory (for tests).
pub fn find_pids_by_name_in(proc_dir: &Path, name: &str) -> Vec<u32> {
    let me = std::process::id();
    let mut pids = Vec::new();
    let Ok(entries) = fs::read_dir(proc_dir) else {
        return pids;
    };
    for entry in entries.flatten() {
        let Some(pid) = entry
            .file_name()
            .to_str()
            .and_then(|s| s.parse::<u32>().ok())
        else {
            continue;
        };
        if pid == me {
            continue;
        }
        let dir = entry.path();
        let cmd0 = fs::read(dir.join("cmdline")).ok().and_then(|c| {
            let first = c.split(|&b| b == 0).next()?.to_vec();
            let first = String::from_utf8(first).ok()?;
            let base = first.rsplit('/').next()?.to_string();
            (!base.is_empty()).then_some(base)
        });
        let comm = fs::read_to_string(dir.join("comm"))
            .ok()
            .map(|c| c.trim_end_matches('\n').to_string());
        let matches = match (&cmd0, &comm) {
            (Some(c), _) if c == name => true,
            (_, Some(c)) if name.len() <= 15 && c == name => true,
            (Some(c), Some(k)) if name.len() > 15 => c == name && name.starts_with(k.as_str()),
            _ => false,
        };
        if matches {
            pids.push(pid);
        }
    }
    pids.sort_unstable();
    pids
}

/// KiB to MiB.
pub fn mib(kib: u64) -> f64 {
    kib as f64 / 1024.0
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn status_fields() {
        let status = "Name:\tbao-server\nVmPeak:\t  200000 kB\nVmHWM:\t   54321 kB\nVmRSS:\t   12345 kB\nThreads:\t3\n";
        assert_eq!(parse_status_kib(status, "VmRSS"), Some(12345));
        assert_eq!(parse_status_kib(status, "VmHWM"), Some(54321));
        assert_eq!(parse_status_kib(status, "VmSwap"), None);
        assert_eq!(parse_status_kib("VmRSSx: 5 kB", "VmRSS"), None);
    }

    #[test]
    fn own_process_is_readable() {
        let me = std::process::id();
        let rss = rss_kib(me).unwrap();
        assert!(rss > 100, "{rss}");
        assert!(hwm_kib(me).unwrap() >= rss / 2);
        assert!(cpu_secs(me).unwrap() >= 0.0);
        assert_eq!(rss_kib(u32::MAX), None);
    }

    #[test]
    fn stat_with_spaces_in_name() {
        let stat =
            "4242 (bao server) S 1 4242 4242 0 -1 4194560 1000 0 0 0 250 50 0 0 20 0 3 0 100 0 0";
        assert_eq!(parse_stat_cpu_secs(stat), Some(3.0));
        assert_eq!(parse_stat_cpu_secs("garbage"), None);
    }

    #[test]
    fn find_by_name() {
        let dir = tempfile::tempdir().unwrap();
        let mk = |pid: &str, comm: &str, cmd: &[u8]| {
            let p = dir.path().join(pid);
            fs::create_dir(&p).unwrap();
            fs::write(p.join("comm"), format!("{comm}\n")).unwrap();
            fs::write(p.join("cmdline"), cmd).unwrap();
        };
        mk(
            "100",
            "bao-server",
            b"/work/target/release/bao-server\0--bind\x00127.0.0.1:1\0",
        );
        mk("7", "bash", b"/bin/bash\0");
        mk("300", "bao-server", b"./bao-server\0");
        mk("400", "a-very-long-ser", b"/x/a-very-long-server-name\0");
        mk("self", "bao-server", b"bao-server\0");
        assert_eq!(
            find_pids_by_name_in(dir.path(), "bao-server"),
            vec![100, 300]
        );
        assert_eq!(
            find_pids_by_name_in(dir.path(), "a-very-long-server-name"),
            vec![400]
        );
        assert!(find_pids_by_name_in(dir.path(), "nginx").is_empty());
        assert_eq!(mib(2048), 2.0);
    }
}
