//! The module's exports and its one import: bytes across the boundary, nothing else.
//!
//! A request goes in through a buffer the module owns: the page asks for room (`bao_input`), writes the
//! request's UTF-8 there, and calls `bao_request`, which answers with the answer's length; the answer's bytes
//! are then at `bao_output`. No pointer from the page is ever read as a Rust value, so there is no `unsafe`
//! block: only the exports' `#[no_mangle]`, which the `unsafe_code` lint counts.
#![allow(unsafe_code)]

use std::cell::RefCell;

thread_local! {
    static INPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
    static OUTPUT: RefCell<Vec<u8>> = const { RefCell::new(Vec::new()) };
}

#[link(wasm_import_module = "bao")]
unsafe extern "C" {
    /// The page's clock: `performance.now()`, in milliseconds.
    safe fn now_ms() -> f64;
}

/// Makes room for a request of `len` bytes and says where to write it.
#[no_mangle]
pub extern "C" fn bao_input(len: usize) -> *mut u8 {
    bao_ai::clock::set_clock(|| now_ms());
    INPUT.with_borrow_mut(|b| {
        b.clear();
        b.resize(len, 0);
        b.as_mut_ptr()
    })
}

/// Answers the request in the input buffer; returns the answer's length (its bytes are at [`bao_output`]).
#[no_mangle]
pub extern "C" fn bao_request() -> usize {
    let request = INPUT.with_borrow(|b| String::from_utf8_lossy(b).into_owned());
    let answer = crate::answer(&request);
    OUTPUT.with_borrow_mut(|o| {
        *o = answer.into_bytes();
        o.len()
    })
}

/// Where the last answer's bytes are.
#[no_mangle]
pub extern "C" fn bao_output() -> *const u8 {
    OUTPUT.with_borrow(|o| o.as_ptr())
}
