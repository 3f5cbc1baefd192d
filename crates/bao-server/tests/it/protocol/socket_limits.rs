//! A socket's limits: its message rate, its frame size, and a socket that cannot keep up.

use super::*;
use crate::common::Got;

#[tokio::test]
async fn rate_limited_then_disconnected() {
    let (s, id) = Server::strict_rate().await;
    let mut w = s.ws(&id).await;
    for _ in 0..60 {
        w.send(json!({"t": "ping"})).await;
    }
    let (mut pongs, mut limited) = (0, 0);
    let code = loop {
        match w.next().await {
            Got::Json(v) if v["t"] == "pong" => pongs += 1,
            Got::Json(v) if v["code"] == "rate_limited" => limited += 1,
            Got::Json(v) => panic!("unexpected {v}"),
            Got::Closed(code) => break code,
        }
    };
    assert!((5..=10).contains(&pongs), "{pongs} pongs");
    assert!(limited >= 1);
    assert_eq!(code, Some(1008));
    s.stop().await;
}

#[tokio::test]
async fn frame_over_8_kib_closes_with_1009() {
    let s = Server::fresh().await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let mut w = s.ws(&id).await;
    w.hello(None, 0).await;
    // 8 KiB exactly is fine (a bad message, answered).
    let frame = |n: usize| format!("{{\"t\":\"ping\",\"pad\":\"{}\"}}", "x".repeat(n));
    let ok = frame(8 * 1024 - frame(0).len());
    assert_eq!(ok.len(), 8 * 1024);
    w.send_text(&ok).await;
    assert_eq!(w.recv_t("pong").await, json!({"t": "pong"}));
    w.send_text(&"x".repeat(9 * 1024)).await;
    loop {
        match w.next().await {
            Got::Json(_) => continue,
            Got::Closed(code) => {
                assert_eq!(code, Some(1009));
                break;
            }
        }
    }
    s.stop().await;
}

#[tokio::test]
async fn lagging_socket_gets_a_snapshot() {
    // A one-event buffer: the final move publishes `moved` and `ended` at once (the test runtime has one
    // thread, so no socket runs in between), which makes every socket lag.
    let s = Server::fresh_with(|c| {
        c.room_buffer = 1;
    })
    .await;
    let (id, south, north) = s.friends_game("kiswahili").await;
    let (mut a, mut b) = two_players(&s, &id, &south, &north).await;
    let mut w = s.ws(&id).await;
    w.hello(None, 0).await;
    w.recv_t("snapshot").await;
    // The (throttled) watcher presence is out before the moves start.
    loop {
        if w.recv_t("presence").await["watchers"] == 1 {
            break;
        }
    }
    a.recv_t("presence").await;
    b.recv_t("presence").await;
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    let mut legal = snap["legal"].as_array().unwrap().clone();
    let mut to_move = "south".to_owned();
    let mut ply = 0;
    let final_snapshot = loop {
        assert!(ply < PLY_CAP, "the game ends");
        let mover = if to_move == "south" { &mut a } else { &mut b };
        mover
            .send(json!({"t": "move", "ply": ply, "move": legal[0]}))
            .await;
        let ev = loop {
            let ev = w.recv().await;
            if ev["t"] == "moved" || ev["t"] == "snapshot" {
                break ev;
            }
        };
        if ev["t"] == "snapshot" {
            break ev;
        }
        assert!(ev["result"].is_null(), "the final move should lag: {ev}");
        ply += 1;
        to_move = ev["position"]["to_move"].as_str().unwrap().to_owned();
        legal = ev["legal"].as_array().unwrap().clone();
        // Drain the players so that they do not lag themselves.
        a.recv_t("moved").await;
        b.recv_t("moved").await;
    };
    assert_eq!(final_snapshot["game"]["status"], "finished");
    let (_, snap) = s.get_json(&format!("/api/games/{id}")).await;
    assert_eq!(final_snapshot["game"]["v"], snap["v"]);
    s.stop().await;
}

/// A socket to game `id` at `addr` opened by hand over TCP, to send frames no WebSocket library would: the
/// upgrade's answer is read, nothing else.
async fn raw_socket(addr: std::net::SocketAddr, id: &str) -> tokio::net::TcpStream {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut tcp = tokio::net::TcpStream::connect(addr).await.unwrap();
    let request = format!(
        "GET /ws/{id} HTTP/1.1\r\nHost: {addr}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\n\
         Sec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n"
    );
    tcp.write_all(request.as_bytes()).await.unwrap();
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut b = [0u8; 1];
        assert_eq!(
            tcp.read(&mut b).await.unwrap(),
            1,
            "the upgrade's answer ends"
        );
        head.push(b[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    assert!(
        head.contains("s3pPLMBiTxaQ9kYGzzhZRbK+xOo="),
        "the key's accept: {head}"
    );
    tcp
}

/// A client's frame: masked (as RFC 6455 wants of clients), with its FIN and RSV1 bits and opcode.
fn client_frame(fin: bool, rsv1: bool, opcode: u8, payload: &[u8]) -> Vec<u8> {
    let mask = [0x37u8, 0xfa, 0x21, 0x3d];
    let mut f = vec![(u8::from(fin) << 7) | (u8::from(rsv1) << 6) | opcode];
    match payload.len() {
        n if n < 126 => f.push(0x80 | n as u8),
        n if n < 65_536 => {
            f.push(0x80 | 126);
            f.extend((n as u16).to_be_bytes());
        }
        n => {
            f.push(0x80 | 127);
            f.extend((n as u64).to_be_bytes());
        }
    }
    f.extend(mask);
    f.extend(payload.iter().enumerate().map(|(i, b)| b ^ mask[i % 4]));
    f
}

/// Reads what the server sends until it closes the connection (bounded): the code of its close frame, if one
/// came, and whether the connection ended cleanly (a FIN) rather than with a reset.
async fn close_code_and_end(tcp: &mut tokio::net::TcpStream) -> (Option<u16>, bool) {
    use tokio::io::AsyncReadExt;
    let mut got = Vec::new();
    let clean = tokio::time::timeout(common::WAIT, async {
        let mut buf = [0u8; 4096];
        loop {
            match tcp.read(&mut buf).await {
                Ok(0) => break true,
                Ok(n) => got.extend_from_slice(&buf[..n]),
                Err(_) => break false,
            }
        }
    })
    .await
    .expect("the server closes the connection");
    // The server's frames are unmasked, short (its messages and close frames are below 64 KiB).
    let mut at = 0;
    let mut code = None;
    while at + 2 <= got.len() {
        let opcode = got[at] & 0x0f;
        let (len, start) = match got[at + 1] & 0x7f {
            126 => (
                usize::from(u16::from_be_bytes([got[at + 2], got[at + 3]])),
                at + 4,
            ),
            n => (usize::from(n), at + 2),
        };
        if opcode == 8 && len >= 2 {
            code = Some(u16::from_be_bytes([got[start], got[start + 1]]));
        }
        at = start + len;
    }
    (code, clean)
}

/// Frames that break RFC 6455 fail the connection with the code the RFC gives, in a close frame that gets
/// through before the TCP connection ends (issue 31: the connection was dropped with no close frame):
/// a text message that is not UTF-8 (1007), a reserved opcode, a reserved bit set, a continuation of
/// nothing (1002). Sent over a raw TCP socket, as hand-made frames.
#[tokio::test]
async fn frames_against_the_protocol_get_a_close_frame_with_its_code() {
    use tokio::io::AsyncWriteExt;
    let s = Server::fresh().await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let cases: [(&str, Vec<u8>, u16); 5] = [
        (
            "invalid UTF-8",
            client_frame(true, false, 0x1, &[b'{', 0xff, 0xfe, b'}']),
            1007,
        ),
        (
            "reserved data opcode",
            client_frame(true, false, 0x3, b"{}"),
            1002,
        ),
        (
            "reserved control opcode",
            client_frame(true, false, 0xb, b""),
            1002,
        ),
        (
            "RSV1 set",
            client_frame(true, true, 0x1, br#"{"t":"ping"}"#),
            1002,
        ),
        (
            "a lone continuation",
            client_frame(true, false, 0x0, b"{}"),
            1002,
        ),
    ];
    for (what, frame, want) in cases {
        let mut tcp = raw_socket(s.addr, &id).await;
        tcp.write_all(&frame).await.unwrap();
        let (code, clean) = close_code_and_end(&mut tcp).await;
        assert_eq!(code, Some(want), "{what}");
        assert!(clean, "{what}: the connection was reset, not closed");
    }
    s.stop().await;
}

/// A message over 8 KiB sent in fragments, the rest of them still coming after the server refused it: the
/// client gets the close frame with 1009 and a clean end of the connection (issue 31: the server closed at
/// once over the unread fragments, the kernel reset the connection, and the client saw 1006).
#[tokio::test]
async fn an_oversized_fragmented_message_gets_its_1009_through() {
    use tokio::io::AsyncWriteExt;
    let s = Server::fresh().await;
    let (id, _, _) = s.create(json!({"variant": "kujifunza"})).await;
    let mut tcp = raw_socket(s.addr, &id).await;
    let part = vec![b'x'; 4000];
    let mut frames = client_frame(false, false, 0x1, &part);
    for _ in 0..6 {
        frames.extend(client_frame(false, false, 0x0, &part));
    }
    frames.extend(client_frame(true, false, 0x0, &part));
    // The server may have closed before the last fragments: their write may fail.
    let _ = tcp.write_all(&frames).await;
    let (code, clean) = close_code_and_end(&mut tcp).await;
    assert_eq!(code, Some(1009));
    assert!(clean, "the connection was reset, not closed");
    s.stop().await;
}
