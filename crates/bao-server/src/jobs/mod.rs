//! The computer's searches as jobs that any machine can take (protocol.md, "Workers for the computer"),
//! the way lichess's fishnet moves engine work off its web servers.
//!
//! On one node without NATS nothing here runs: the computer's pool (`computer_pool.rs`) searches in
//! process. With `--nats-url`, a computer's move, a review's search and an analysis's search are each a job
//! on a JetStream work queue (`queue.rs`) with a deadline; workers (`bao-server worker`, and every node
//! itself unless `--work-local false`) take them, a game's move before a review's position before an
//! analysis, and publish the answer on the asking node's results subject. The node hands each answer to
//! whoever waits for its job (a room, a review, an analysis request); an answer nobody waits for any more (a
//! second or late one, or one for a job given up) is dropped and counted. A room applies a move as it
//! applies a person's (`room/play.rs`): the same checks, the write before the event, and an answer for a
//! position that is no longer current is dropped there.
//!
//! A queue past its bound (`--job-queue`) sheds analyses first (429), then reviews (503), then new games
//! against the computer (503), each with `Retry-After`; the moves of games being played are never shed.

pub mod queue;
pub mod wire;
pub mod worker;

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use async_nats::jetstream;
use futures_util::StreamExt;
use tokio::sync::oneshot;

use crate::error::AppError;
use crate::metrics::JobMetrics;
pub use queue::Names;
pub use wire::{Done, Kind, Outcome, Task};

/// How often a worker says it is there; a worker not heard from for three times this is counted gone.
pub const HEARTBEAT: Duration = Duration::from_secs(2);

/// How often a node reads the queue's depth (its consumers' pending counts).
const DEPTH_EVERY: Duration = Duration::from_millis(250);

/// How long a client shed by a full queue is told to wait.
const SHED_RETRY: Duration = Duration::from_secs(5);

/// The settings of the jobs (`--job-queue`, `--job-ack-ms`, `--jobs-queue`, `--work-local`).
#[derive(Clone, Debug)]
pub struct Settings {
    /// The queue's names.
    pub names: Names,
    /// Jobs waiting at most before the queue sheds (analyses from half of it, reviews from three quarters).
    pub bound: u64,
    /// How long a worker has for a job before it is delivered to another.
    pub ack_wait: Duration,
    /// Search slots this node works with itself (0: it leaves all jobs to workers).
    pub local_threads: usize,
}

/// This node's side of the queue (cheap to clone).
#[derive(Clone)]
pub struct Jobs {
    inner: Arc<Inner>,
}

struct Inner {
    client: async_nats::Client,
    js: jetstream::Context,
    names: Names,
    /// This node's results subject.
    reply: String,
    /// The jobs this node waits for, by id.
    waiting: Mutex<HashMap<String, oneshot::Sender<Done>>>,
    /// Jobs waiting to be taken, by kind (in [`Kind::ALL`]'s order), as last read.
    queued: [AtomicU64; 3],
    bound: u64,
    metrics: JobMetrics,
    /// The analyses per address and minute, counted across the nodes: the last message of each address's
    /// subject holds its count (`None`: the stream could not be had; then each node counts alone).
    analyses: Option<jetstream::stream::Stream>,
}

impl std::fmt::Debug for Jobs {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Jobs")
            .field("queue", &self.inner.names.queue)
            .finish_non_exhaustive()
    }
}

/// Unix milliseconds now.
pub fn unix_ms() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

impl Jobs {
    /// Opens the queue for node `node` on `client`, and starts the node's own worker unless
    /// `settings.local_threads` is 0.
    pub async fn start(
        client: async_nats::Client,
        node: &str,
        settings: Settings,
        metrics: JobMetrics,
    ) -> Result<Jobs, String> {
        let js = jetstream::new(client.clone());
        let consumers = queue::open(&js, &settings.names, settings.ack_wait).await?;
        let names = settings.names.clone();
        let reply = format!("bao.jobs.{}.done.{}", names.queue, Names::new(node).queue);
        let results = client
            .subscribe(reply.clone())
            .await
            .map_err(|e| format!("cannot listen for the jobs' results: {e}"))?;
        let analyses = match js
            .get_or_create_stream(jetstream::stream::Config {
                name: names.analyses_stream(),
                subjects: vec![names.analyses_subject("*")],
                max_messages_per_subject: 1,
                max_age: Duration::from_secs(120),
                storage: jetstream::stream::StorageType::Memory,
                ..Default::default()
            })
            .await
        {
            Ok(stream) => Some(stream),
            Err(e) => {
                tracing::warn!(
                    "cannot count analyses across the nodes ({e}): each node counts its own"
                );
                None
            }
        };
        let jobs = Jobs {
            inner: Arc::new(Inner {
                client: client.clone(),
                js: js.clone(),
                names: names.clone(),
                reply,
                waiting: Mutex::new(HashMap::new()),
                queued: Default::default(),
                bound: settings.bound.max(4),
                metrics,
                analyses,
            }),
        };
        tokio::spawn(route_results(jobs.clone(), results));
        tokio::spawn(read_depth(jobs.clone(), consumers));
        tokio::spawn(count_workers(jobs.clone()));
        if settings.local_threads > 0 {
            let id = format!("{node} (local)");
            tokio::spawn(worker::run(
                client,
                names,
                settings.ack_wait,
                settings.local_threads,
                id,
            ));
        }
        tracing::info!(
            queue = %settings.names.queue,
            local_threads = settings.local_threads,
            "the computer's searches are jobs on the NATS work queue"
        );
        Ok(jobs)
    }

    fn waiting(&self) -> std::sync::MutexGuard<'_, HashMap<String, oneshot::Sender<Done>>> {
        self.inner.waiting.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Jobs waiting to be taken, all kinds together.
    pub fn queued(&self) -> u64 {
        self.inner
            .queued
            .iter()
            .map(|q| q.load(Ordering::Relaxed))
            .sum()
    }

    /// Whether a new job of `kind` may be queued now: past half of `--job-queue` analyses are refused, past
    /// three quarters reviews, past all of it new games against the computer; counted by kind in
    /// `bao_jobs_shed_total`.
    pub fn admit(&self, kind: Kind) -> Result<(), AppError> {
        let bound = self.inner.bound;
        let limit = match kind {
            Kind::Analysis => bound / 2,
            Kind::Review => bound * 3 / 4,
            Kind::Move => bound,
        };
        if self.queued() < limit {
            return Ok(());
        }
        self.inner.metrics.shed(kind);
        Err(match kind {
            Kind::Analysis => AppError::RateLimited {
                message: "the computer has as many positions to analyse as it may; try again later",
                retry_after: SHED_RETRY,
            },
            Kind::Review => AppError::ReviewsBusy,
            Kind::Move => AppError::Busy,
        })
    }

    /// Counts an analysis asked for by address `key` in the minute it is asked, across the nodes; refused
    /// beyond `per_minute`. Without the shared count (its bucket could not be had, or NATS fails now) the
    /// node's own limit alone holds.
    pub async fn count_analysis(&self, key: &str, per_minute: f64) -> Result<(), AppError> {
        let Some(counts) = &self.inner.analyses else {
            return Ok(());
        };
        let minute = unix_ms() / 60_000;
        let subject = self
            .inner
            .names
            .analyses_subject(&format!("a{}_{minute}", hex_of(key)));
        let limit = per_minute.max(1.0) as u64;
        // Compare-and-set on the subject's last sequence: two nodes counting at once both count.
        for _ in 0..8 {
            let (count, last) = match counts.get_last_raw_message_by_subject(&subject).await {
                Ok(m) => (
                    std::str::from_utf8(&m.payload)
                        .ok()
                        .and_then(|s| s.parse::<u64>().ok())
                        .unwrap_or(0),
                    m.sequence,
                ),
                Err(e)
                    if e.kind() == jetstream::stream::LastRawMessageErrorKind::NoMessageFound =>
                {
                    (0, 0)
                }
                Err(e) => {
                    tracing::debug!("cannot read the shared analysis count: {e}");
                    return Ok(());
                }
            };
            if count >= limit {
                let left = 60_000 - unix_ms().rem_euclid(60_000);
                return Err(AppError::RateLimited {
                    message: "too many analyses asked for; try again in a moment",
                    retry_after: Duration::from_millis(u64::try_from(left).unwrap_or(1000)),
                });
            }
            let next = jetstream::message::PublishMessage::build()
                .payload(bytes::Bytes::from((count + 1).to_string()))
                .expected_last_subject_sequence(last);
            let written = match self.inner.js.send_publish(subject.clone(), next).await {
                Ok(ack) => ack.await.is_ok(),
                Err(_) => false,
            };
            if written {
                return Ok(());
            }
        }
        Ok(())
    }

    /// Queues `task` as a job of `kind` that nobody waits for beyond `deadline`, and waits for its answer.
    pub async fn run(&self, kind: Kind, task: Task, deadline: Duration) -> Result<Done, AppError> {
        let id = uuid::Uuid::new_v4().simple().to_string();
        let now = unix_ms();
        let job = wire::Job {
            id: id.clone(),
            queued_ms: now,
            deadline_ms: now.saturating_add(i64::try_from(deadline.as_millis()).unwrap_or(0)),
            reply: self.inner.reply.clone(),
            task,
        };
        let payload = serde_json::to_vec(&job)
            .map_err(|e| AppError::Internal(format!("cannot write a job: {e}")))?;
        let (tx, rx) = oneshot::channel();
        self.waiting().insert(id.clone(), tx);
        // Forgets the job when its answer is in, or when nobody waits any more (a request gone).
        let _forget = Forget {
            jobs: self,
            id: &id,
        };
        let started = Instant::now();
        let subject = self.inner.names.subject(kind);
        let queued = async {
            let ack = self.inner.js.publish(subject, payload.into()).await?;
            ack.await.map(|_| ())
        };
        if let Err(e) = queued.await {
            tracing::warn!(kind = kind.name(), "cannot queue a job: {e}");
            return Err(AppError::Unreachable);
        }
        // Idle workers ask again at once rather than at their next poll.
        let _ = self
            .inner
            .client
            .publish(self.inner.names.wake(), bytes::Bytes::new())
            .await;
        match tokio::time::timeout(deadline, rx).await {
            Ok(Ok(done)) => {
                self.inner
                    .metrics
                    .done(kind, started.elapsed(), done.search_ms, done.delivered);
                Ok(done)
            }
            _ => {
                tracing::warn!(kind = kind.name(), "no answer to a job within {deadline:?}");
                Err(AppError::Unreachable)
            }
        }
    }
}

/// Removes a job from those waited for when dropped.
struct Forget<'a> {
    jobs: &'a Jobs,
    id: &'a str,
}

impl Drop for Forget<'_> {
    fn drop(&mut self) {
        self.jobs.waiting().remove(self.id);
    }
}

fn hex_of(s: &str) -> String {
    use sha2::Digest;
    sha2::Sha256::digest(s.as_bytes())[..12]
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Hands each result on this node's subject to whoever waits for its job; the others (a second answer, a
/// late one, one for a job given up) are dropped and counted.
async fn route_results(jobs: Jobs, mut results: async_nats::Subscriber) {
    while let Some(msg) = results.next().await {
        let done: Done = match serde_json::from_slice(&msg.payload) {
            Ok(d) => d,
            Err(e) => {
                tracing::warn!("a job's result cannot be read: {e}");
                continue;
            }
        };
        let waiter = jobs.waiting().remove(&done.id);
        match waiter {
            Some(tx) => {
                let _ = tx.send(done);
            }
            None => {
                tracing::debug!(job = %done.id, "a result nobody waits for (late or twice): dropped");
                jobs.inner.metrics.dropped.inc();
            }
        }
    }
}

/// Reads the queue's depth by kind every [`DEPTH_EVERY`], for the shedding and `bao_jobs_queued`.
async fn read_depth(jobs: Jobs, mut consumers: [jetstream::consumer::PullConsumer; 3]) {
    let mut every = tokio::time::interval(DEPTH_EVERY);
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        every.tick().await;
        for (i, c) in consumers.iter_mut().enumerate() {
            if let Ok(info) = c.info().await {
                jobs.inner.queued[i].store(info.num_pending, Ordering::Relaxed);
                jobs.inner.metrics.depth(
                    Kind::ALL[i],
                    info.num_pending,
                    u64::try_from(info.num_ack_pending).unwrap_or(0),
                );
            }
        }
    }
}

/// Counts the workers heard from within three heartbeats, in `bao_job_workers`.
async fn count_workers(jobs: Jobs) {
    let mut beats = match jobs
        .inner
        .client
        .subscribe(jobs.inner.names.heartbeat())
        .await
    {
        Ok(s) => s,
        Err(e) => {
            tracing::warn!("cannot count the workers: {e}");
            return;
        }
    };
    let mut seen: HashMap<String, Instant> = HashMap::new();
    let mut every = tokio::time::interval(HEARTBEAT);
    loop {
        tokio::select! {
            beat = beats.next() => {
                let Some(beat) = beat else { return };
                if let Ok(b) = serde_json::from_slice::<worker::Beat>(&beat.payload) {
                    seen.insert(b.id, Instant::now());
                }
            }
            _ = every.tick() => {}
        }
        seen.retain(|_, at| at.elapsed() < HEARTBEAT * 3);
        jobs.inner
            .metrics
            .workers
            .set(i64::try_from(seen.len()).unwrap_or(i64::MAX));
    }
}
