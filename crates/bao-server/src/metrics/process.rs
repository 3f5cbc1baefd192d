//! The process metrics that Prometheus's own client libraries serve under the same names (`process_*`: CPU
//! time, memory, open files, threads, start time), read from `/proc/self` at each scrape. Dashboards and
//! alerts written for other Prometheus-instrumented programs read them unchanged.
//!
//! On other systems than Linux there is no `/proc`: the collector serves nothing.

use prometheus_client::collector::Collector;
use prometheus_client::encoding::{DescriptorEncoder, EncodeMetric};
use prometheus_client::metrics::counter::ConstCounter;
use prometheus_client::metrics::gauge::ConstGauge;

/// Reads `/proc/self` at each scrape.
#[derive(Debug, Default)]
pub(super) struct ProcessCollector;

/// One scrape's readings; a value that could not be read is left out of the scrape.
#[derive(Debug, Default, PartialEq)]
struct Readings {
    cpu_seconds: Option<f64>,
    resident_bytes: Option<u64>,
    virtual_bytes: Option<u64>,
    open_fds: Option<u64>,
    max_fds: Option<u64>,
    threads: Option<u64>,
    start_time_seconds: Option<f64>,
}

#[cfg(target_os = "linux")]
fn read() -> Readings {
    use procfs::process::{LimitValue, Process};
    use procfs::WithCurrentSystemInfo;
    let Ok(me) = Process::myself() else {
        return Readings::default();
    };
    let mut r = Readings::default();
    if let Ok(stat) = me.stat() {
        let ticks = procfs::ticks_per_second().max(1) as f64;
        r.cpu_seconds = Some((stat.utime + stat.stime) as f64 / ticks);
        r.resident_bytes = Some(stat.rss_bytes().get());
        r.virtual_bytes = Some(stat.vsize);
        r.threads = u64::try_from(stat.num_threads).ok();
        r.start_time_seconds = procfs::boot_time_secs()
            .ok()
            .map(|boot| boot as f64 + stat.starttime as f64 / ticks);
    }
    r.open_fds = me.fd_count().ok().map(|n| n as u64);
    r.max_fds = me
        .limits()
        .ok()
        .and_then(|l| match l.max_open_files.soft_limit {
            LimitValue::Value(n) => Some(n),
            LimitValue::Unlimited => None,
        });
    r
}

#[cfg(not(target_os = "linux"))]
fn read() -> Readings {
    Readings::default()
}

impl Collector for ProcessCollector {
    fn encode(&self, mut encoder: DescriptorEncoder) -> Result<(), std::fmt::Error> {
        let r = read();
        if let Some(v) = r.cpu_seconds {
            let m = ConstCounter::new(v);
            // `_total` is added by the encoder.
            let e = encoder.encode_descriptor(
                "process_cpu_seconds",
                "Total user and system CPU time spent in seconds",
                None,
                m.metric_type(),
            )?;
            m.encode(e)?;
        }
        let gauges = [
            (
                "process_resident_memory_bytes",
                "Resident memory size in bytes",
                r.resident_bytes,
            ),
            (
                "process_virtual_memory_bytes",
                "Virtual memory size in bytes",
                r.virtual_bytes,
            ),
            (
                "process_open_fds",
                "Number of open file descriptors",
                r.open_fds,
            ),
            (
                "process_max_fds",
                "Maximum number of open file descriptors (the soft limit)",
                r.max_fds,
            ),
            (
                "process_threads",
                "Number of OS threads in the process",
                r.threads,
            ),
        ];
        for (name, help, value) in gauges {
            if let Some(v) = value {
                let m = ConstGauge::new(i64::try_from(v).unwrap_or(i64::MAX));
                m.encode(encoder.encode_descriptor(name, help, None, m.metric_type())?)?;
            }
        }
        if let Some(v) = r.start_time_seconds {
            let m = ConstGauge::new(v);
            m.encode(encoder.encode_descriptor(
                "process_start_time_seconds",
                "Start time of the process since the Unix epoch in seconds",
                None,
                m.metric_type(),
            )?)?;
        }
        Ok(())
    }
}

#[cfg(all(test, target_os = "linux"))]
mod tests {
    use super::*;

    #[test]
    fn the_readings_are_this_process() {
        let before = read();
        // Some CPU time to count, and a file to see among the open ones.
        let file = std::fs::File::open("/proc/self/stat").unwrap();
        let mut spin = 0u64;
        for i in 0..5_000_000u64 {
            spin = spin.wrapping_add(i * i);
        }
        std::hint::black_box(spin);
        let after = read();
        drop(file);
        let cpu = after.cpu_seconds.unwrap();
        assert!(cpu >= before.cpu_seconds.unwrap(), "{before:?} {after:?}");
        assert!(after.resident_bytes.unwrap() > 1024 * 1024, "{after:?}");
        assert!(after.virtual_bytes.unwrap() >= after.resident_bytes.unwrap());
        let open = after.open_fds.unwrap();
        assert!(open >= 4, "stdin, stdout, stderr and the file: {after:?}");
        assert!(after.max_fds.is_none_or(|max| max >= open));
        assert!(after.threads.unwrap() >= 1);
        let now = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap()
            .as_secs_f64();
        let started = after.start_time_seconds.unwrap();
        // Started before now, and not before the year 2020.
        assert!(started <= now + 1.0 && started > 1.5e9, "{started} {now}");
    }
}
