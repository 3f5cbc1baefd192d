//! A worker: `threads` search slots, each taking one job at a time from the queue (a game's move first,
//! then a review's position, then an analysis), searching it on the blocking pool and publishing the answer
//! before acknowledging the job. A worker that dies before its acknowledgement leaves the job to be
//! delivered again after the ack wait, to another worker; the node drops the second answer if both come.
//!
//! `bao-server worker --nats-url URL --threads N` runs one alone (it serves no HTTP); every node also runs
//! one with `--computer-threads` slots unless `--work-local false`.

use std::sync::Arc;
use std::time::{Duration, Instant};

use async_nats::jetstream::{self, consumer::PullConsumer, AckKind};
use futures_util::StreamExt;
use serde::{Deserialize, Serialize};
use tokio::sync::Notify;

use super::queue::{self, Names};
use super::wire::{Done, Job};
use super::{unix_ms, HEARTBEAT};

/// How long an idle slot waits before it asks the queue again without being woken.
const IDLE_POLL: Duration = Duration::from_millis(500);

/// What a worker says every [`HEARTBEAT`].
#[derive(Debug, Serialize, Deserialize)]
pub struct Beat {
    /// The worker's name.
    pub id: String,
    /// Its search slots.
    pub threads: usize,
}

/// `bao-server worker`: connects to the NATS server at `url` and runs a worker with `threads` slots on the
/// queue of `config` (`--jobs-queue`, `--job-ack-ms`), named `name` (default: the host name and process id).
pub async fn serve(
    config: &crate::config::Config,
    url: &str,
    threads: usize,
    name: Option<String>,
) -> Result<(), crate::error::StartupError> {
    let id = name.unwrap_or_else(|| {
        let host = std::fs::read_to_string("/proc/sys/kernel/hostname").unwrap_or_default();
        format!("{}-{}", host.trim(), std::process::id())
    });
    let client = crate::cluster::connect_worker(url, &format!("bao-server worker {id}")).await?;
    run(
        client,
        Names::new(&config.jobs_queue),
        Duration::from_millis(config.job_ack_ms),
        threads,
        id,
    )
    .await
    .map_err(crate::error::StartupError::Config)
}

/// Runs a worker named `id` with `threads` slots on the queue `names` (whose jobs are delivered again after
/// `ack_wait`), until the connection is closed for good. Returns an error only when the queue cannot be
/// opened.
pub async fn run(
    client: async_nats::Client,
    names: Names,
    ack_wait: Duration,
    threads: usize,
    id: String,
) -> Result<(), String> {
    let js = jetstream::new(client.clone());
    let consumers = Arc::new(queue::open(&js, &names, ack_wait).await?);
    let wake = Arc::new(Notify::new());
    let mut wakes = client
        .subscribe(names.wake())
        .await
        .map_err(|e| format!("cannot subscribe to the queue's wake-ups: {e}"))?;
    {
        let wake = Arc::clone(&wake);
        tokio::spawn(async move {
            while wakes.next().await.is_some() {
                wake.notify_waiters();
            }
        });
    }
    {
        let (client, subject) = (client.clone(), names.heartbeat());
        let beat = serde_json::to_vec(&Beat {
            id: id.clone(),
            threads,
        })
        .unwrap_or_default();
        tokio::spawn(async move {
            let mut every = tokio::time::interval(HEARTBEAT);
            loop {
                every.tick().await;
                let _ = client.publish(subject.clone(), beat.clone().into()).await;
            }
        });
    }
    tracing::info!(worker = %id, threads, queue = %names.queue, "worker taking the computer's jobs");
    let slots: Vec<_> = (0..threads.max(1))
        .map(|_| {
            tokio::spawn(slot(
                client.clone(),
                Arc::clone(&consumers),
                Arc::clone(&wake),
            ))
        })
        .collect();
    for s in slots {
        let _ = s.await;
    }
    Ok(())
}

/// One search slot: takes a job, does it, answers, acknowledges; waits for a wake-up when there is none.
async fn slot(client: async_nats::Client, consumers: Arc<[PullConsumer; 3]>, wake: Arc<Notify>) {
    loop {
        // Registered before asking, so that a job queued meanwhile wakes this slot.
        let woken = wake.notified();
        tokio::pin!(woken);
        woken.as_mut().enable();
        match take(&consumers).await {
            Some(msg) => work(&client, msg).await,
            None => {
                tokio::select! {
                    () = woken => {}
                    () = tokio::time::sleep(IDLE_POLL) => {}
                }
            }
        }
    }
}

/// The next job, a game's move first: each consumer asked in turn without waiting.
async fn take(consumers: &[PullConsumer; 3]) -> Option<jetstream::Message> {
    for c in consumers {
        let mut batch = match c.fetch().max_messages(1).messages().await {
            Ok(b) => b,
            Err(e) => {
                tracing::debug!("cannot ask the queue for a job: {e}");
                return None;
            }
        };
        match batch.next().await {
            Some(Ok(msg)) => return Some(msg),
            Some(Err(e)) => tracing::debug!("cannot take a job: {e}"),
            None => {}
        }
    }
    None
}

/// Does one job: answers it on its reply subject, then acknowledges it. A job past its deadline, or that
/// cannot be read, is acknowledged unanswered.
async fn work(client: &async_nats::Client, msg: jetstream::Message) {
    let delivered = msg
        .info()
        .map(|i| u64::try_from(i.delivered).unwrap_or(1))
        .unwrap_or(1);
    let job: Job = match serde_json::from_slice(&msg.payload) {
        Ok(j) => j,
        Err(e) => {
            tracing::warn!("a job cannot be read, dropped: {e}");
            let _ = msg.ack_with(AckKind::Term).await;
            return;
        }
    };
    let now = unix_ms();
    if now > job.deadline_ms {
        tracing::debug!(job = %job.id, "a job past its deadline, dropped");
        let _ = msg.ack().await;
        return;
    }
    let waited = Duration::from_millis(u64::try_from(now - job.queued_ms).unwrap_or(0));
    let task = job.task.clone();
    let started = Instant::now();
    let outcome = tokio::task::spawn_blocking(move || task.run(waited, 1, None)).await;
    let Ok(outcome) = outcome else {
        // The blocking pool is gone (shutting down): leave the job to another worker.
        return;
    };
    let done = Done {
        id: job.id.clone(),
        delivered,
        search_ms: u64::try_from(started.elapsed().as_millis()).unwrap_or(u64::MAX),
        outcome,
    };
    match serde_json::to_vec(&done) {
        Ok(bytes) => {
            if let Err(e) = client.publish(job.reply.clone(), bytes.into()).await {
                tracing::warn!(job = %job.id, "cannot send a job's result: {e}");
                return;
            }
        }
        Err(e) => tracing::warn!(job = %job.id, "cannot write a job's result: {e}"),
    }
    // Answered before acknowledged: a worker that dies in between leaves a second answer, which the node
    // drops, rather than none.
    if let Err(e) = msg.ack().await {
        tracing::debug!(job = %job.id, "cannot acknowledge a job: {e}");
    }
}
