//! The work queue in JetStream: one stream with work-queue retention (a job is gone once acknowledged), a
//! subject per kind of job and one durable pull consumer per subject, so that a worker asks for a game's
//! move before a review's position before an analysis. A job not acknowledged within the ack wait (its
//! worker died) is delivered again, up to [`MAX_DELIVER`] times. The stream is kept on disk: a node that
//! restarts loses none.

use std::time::Duration;

use async_nats::jetstream::{self, consumer, stream};

use super::wire::Kind;

/// Deliveries of a job at most: a job that killed (or outlasted) this many workers is given up on.
pub const MAX_DELIVER: i64 = 5;

/// How long a job stays in the stream at most, done or not: nobody waits that long for an answer.
const MAX_AGE: Duration = Duration::from_secs(600);

/// The names of one queue (`--jobs-queue NAME`): several clusters, or several test runs, on one NATS server
/// each have their own.
#[derive(Clone, Debug)]
pub struct Names {
    /// The queue's name.
    pub queue: String,
}

impl Names {
    /// The names of queue `queue` (letters, digits, `-` and `_`; anything else becomes `_`).
    pub fn new(queue: &str) -> Names {
        let queue = queue
            .chars()
            .map(|c| {
                if c.is_ascii_alphanumeric() || c == '-' || c == '_' {
                    c
                } else {
                    '_'
                }
            })
            .collect();
        Names { queue }
    }

    /// The stream.
    pub fn stream(&self) -> String {
        format!("BAO_JOBS_{}", self.queue)
    }

    /// The subject of the jobs of `kind`.
    pub fn subject(&self, kind: Kind) -> String {
        format!("bao.jobs.{}.q.{}", self.queue, kind.name())
    }

    /// The durable consumer of the jobs of `kind`.
    pub fn consumer(&self, kind: Kind) -> String {
        format!("bao-{}", kind.name())
    }

    /// Nodes publish here when they queue a job: idle workers ask again at once.
    pub fn wake(&self) -> String {
        format!("bao.jobs.{}.wake", self.queue)
    }

    /// Workers say here that they are there, every [`super::HEARTBEAT`].
    pub fn heartbeat(&self) -> String {
        format!("bao.jobs.{}.workers", self.queue)
    }

    /// Where the results of game `game`'s moves go: whichever node holds the game listens there.
    pub fn game_results(&self, game: &str) -> String {
        format!("bao.jobs.{}.done.{game}", self.queue)
    }

    /// The stream of the analyses counted per address across the nodes.
    pub fn analyses_stream(&self) -> String {
        format!("BAO_ANALYSES_{}", self.queue)
    }

    /// The subject of one address's count in one minute (`key`), or `*` for all.
    pub fn analyses_subject(&self, key: &str) -> String {
        format!("bao.jobs.{}.analyses.{key}", self.queue)
    }
}

/// The queue's stream and its three consumers, made if missing; `ack_wait` is how long a worker has for a
/// job before it is delivered to another.
pub async fn open(
    js: &jetstream::Context,
    names: &Names,
    ack_wait: Duration,
) -> Result<[consumer::Consumer<consumer::pull::Config>; 3], String> {
    let stream = js
        .get_or_create_stream(stream::Config {
            name: names.stream(),
            subjects: Kind::ALL.iter().map(|k| names.subject(*k)).collect(),
            retention: stream::RetentionPolicy::WorkQueue,
            storage: stream::StorageType::File,
            max_age: MAX_AGE,
            ..Default::default()
        })
        .await
        .map_err(|e| format!("cannot open the job stream {}: {e}", names.stream()))?;
    let mut out = Vec::with_capacity(3);
    for kind in Kind::ALL {
        let name = names.consumer(kind);
        let c = stream
            .get_or_create_consumer(
                &name,
                consumer::pull::Config {
                    durable_name: Some(name.clone()),
                    filter_subject: names.subject(kind),
                    ack_policy: consumer::AckPolicy::Explicit,
                    ack_wait,
                    max_deliver: MAX_DELIVER,
                    max_ack_pending: 100_000,
                    ..Default::default()
                },
            )
            .await
            .map_err(|e| format!("cannot open the job consumer {name}: {e}"))?;
        out.push(c);
    }
    out.try_into()
        .map_err(|_| "three consumers expected".to_owned())
}
