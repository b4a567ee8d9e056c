//! Generated inputs for the four parsers that read what people write: the YAML loader, the
//! citation scanner, the Hebrew repair and the query reader. Each must end on every input,
//! without a panic, and keep the properties its module states.
//!
//! Inputs are real material (corpus files, law texts, lines of the source) cut up and spliced
//! with what breaks parsers: bidi controls, NUL, CR, tabs, combining marks, escapes, huge
//! numbers, deep nesting. A seeded generator of our own makes them, so a failure names its case
//! and the same seed makes it again; it is shrunk to a small input before it is reported.
//!
//! `BRIDGELAWS_FUZZ_CASES` sets the cases per target (by default a short run of a few seconds
//! each in a debug build), `BRIDGELAWS_FUZZ_SEED` the seed; the full run is
//! `BRIDGELAWS_FUZZ_CASES=1000000 cargo test --release --test integration fuzz::<target>`.
//! A case that runs over `BRIDGELAWS_FUZZ_TIMEOUT` seconds (default 10) fails with its input:
//! a bound on hanging, not a speed requirement.

mod query;
mod repair;
mod scan;
mod yaml;

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::time::{Duration, Instant};

/// A small, fast, seeded generator (SplitMix64): the same seed, the same inputs, anywhere.
pub struct Rng(u64);

impl Rng {
    pub fn new(seed: u64) -> Self {
        Rng(seed)
    }

    pub fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// A number below `n` (0 when `n` is 0).
    pub fn below(&mut self, n: usize) -> usize {
        if n == 0 {
            0
        } else {
            (self.next() % n as u64) as usize
        }
    }

    /// True once in `n` times.
    pub fn one_in(&mut self, n: usize) -> bool {
        self.below(n) == 0
    }

    pub fn pick<'a, T: ?Sized>(&mut self, items: &[&'a T]) -> &'a T {
        items[self.below(items.len())]
    }
}

/// Characters that break parsers: controls, bidi marks, combining marks, quotes of every
/// script, brackets, look-alikes, the replacement character, a surrogate's neighbours.
pub const SPECIALS: &[&str] = &[
    "\0",
    "\r",
    "\r\n",
    "\n",
    "\t",
    " ",
    "  ",
    "\u{a0}",
    "\u{200b}",
    "\u{200e}",
    "\u{200f}",
    "\u{202a}",
    "\u{202b}",
    "\u{202c}",
    "\u{202d}",
    "\u{202e}",
    "\u{2066}",
    "\u{2067}",
    "\u{2069}",
    "\u{feff}",
    "\u{1b}[31m",
    "\u{7f}",
    "\u{85}",
    "\u{2028}",
    "\u{2029}",
    "\u{301}",
    "\u{5b8}",
    "\u{591}",
    "\u{5bc}",
    "\u{5be}",
    "\u{5f3}",
    "\u{5f4}",
    "'",
    "\"",
    "`",
    "\u{2019}",
    "\u{201c}",
    "\u{201d}",
    "«",
    "»",
    "(",
    ")",
    "[",
    "]",
    "{",
    "}",
    ")(",
    "()",
    ".",
    ",",
    ":",
    ";",
    "-",
    "–",
    "/",
    "\\",
    "#",
    "&",
    "*",
    "!",
    "!!",
    "|",
    ">",
    "?",
    "%",
    "@",
    "~",
    "0",
    "9",
    "00",
    "99999999999999999999999999",
    "18446744073709551616",
    "4294967296",
    "256",
    "-1",
    "1e999",
    "ΣΤ",
    "στ",
    "Σ",
    "ς",
    "ι",
    "ια",
    "יא",
    "\u{5d0}",
    "\u{5ea}",
    "\u{5da}",
    "Α",
    "B",
    "Β",
    "Z",
    "ß",
    "İ",
    "ﬁ",
    "\u{fffd}",
    "\u{10ffff}",
    "\u{e000}",
    "😀",
    "\u{1f1ee}\u{1f1f1}",
    "a\u{301}\u{301}\u{301}\u{301}",
];

/// `text` changed by one to four mutations: characters inserted, removed, duplicated, swapped,
/// a special spliced in, a piece of `material` spliced in, a line repeated or dropped.
pub fn mutate(rng: &mut Rng, text: &str, material: &[&str]) -> String {
    let mut out = text.to_string();
    for _ in 0..1 + rng.below(4) {
        out = mutate_once(rng, &out, material);
    }
    out
}

fn mutate_once(rng: &mut Rng, text: &str, material: &[&str]) -> String {
    let at = boundary(rng, text);
    let to = (at + boundary(rng, &text[at..]).min(64)).min(text.len());
    let to = floor(text, to);
    let (head, tail) = text.split_at(at);
    match rng.below(10) {
        0 => format!("{head}{}{tail}", rng.pick(SPECIALS)),
        1 => format!("{head}{}", &text[to..]),
        2 => format!("{head}{}{}", &text[at..to], &text[at..]),
        3 => {
            // Two pieces swapped.
            let other = boundary(rng, tail);
            let other = at + other;
            let (a, b) = (at.min(other), at.max(other));
            let b_end = floor(text, (b + (to - at)).min(text.len()));
            let a_end = floor(text, (a + (to - at)).min(b));
            format!(
                "{}{}{}{}{}",
                &text[..a],
                &text[b..b_end],
                &text[a_end..b],
                &text[a..a_end],
                &text[b_end..]
            )
        }
        4 if !material.is_empty() => {
            let piece = rng.pick(material);
            let from = boundary(rng, piece);
            let len = floor(piece, (from + 1 + rng.below(80)).min(piece.len()));
            format!("{head}{}{tail}", &piece[from..len.max(from)])
        }
        5 => {
            // A line repeated, or dropped.
            let lines: Vec<&str> = text.split_inclusive('\n').collect();
            if lines.is_empty() {
                return text.to_string();
            }
            let i = rng.below(lines.len());
            let mut out = String::with_capacity(text.len() * 2);
            for (k, line) in lines.iter().enumerate() {
                if k != i || rng.one_in(2) {
                    out.push_str(line);
                }
                if k == i {
                    out.push_str(line);
                }
            }
            out
        }
        6 => {
            // One character replaced by a special.
            let next = text[at..].chars().next().map_or(0, char::len_utf8);
            format!("{head}{}{}", rng.pick(SPECIALS), &text[at + next..])
        }
        7 => {
            // A run of one special, long enough to overflow a counter or a window.
            let special = rng.pick(SPECIALS);
            format!("{head}{}{tail}", special.repeat(1 + rng.below(200)))
        }
        8 => {
            // Truncated.
            head.to_string()
        }
        _ => {
            // Case changed over a stretch (Greek and Latin look-alikes, final sigma).
            let piece = &text[at..to];
            let changed = if rng.one_in(2) {
                piece.to_uppercase()
            } else {
                piece.to_lowercase()
            };
            format!("{head}{changed}{}", &text[to..])
        }
    }
}

/// A char boundary of `text`, at random.
pub fn boundary(rng: &mut Rng, text: &str) -> usize {
    floor(text, rng.below(text.len() + 1))
}

fn floor(text: &str, mut at: usize) -> usize {
    at = at.min(text.len());
    while !text.is_char_boundary(at) {
        at -= 1;
    }
    at
}

/// Random text from an alphabet of pieces.
pub fn from_pieces(rng: &mut Rng, pieces: &[&str], max: usize) -> String {
    let n = rng.below(max + 1);
    let mut out = String::new();
    for _ in 0..n {
        out.push_str(rng.pick(pieces));
    }
    out
}

/// Any character at all (a scalar value; surrogates cannot be in a `str`).
pub fn any_char(rng: &mut Rng) -> char {
    loop {
        let c = match rng.below(4) {
            0 => rng.below(0x80) as u32,
            1 => rng.below(0x800) as u32,
            2 => rng.below(0x10000) as u32,
            _ => rng.below(0x110000) as u32,
        };
        if let Some(c) = char::from_u32(c) {
            return c;
        }
    }
}

pub fn any_text(rng: &mut Rng, max: usize) -> String {
    (0..rng.below(max + 1)).map(|_| any_char(rng)).collect()
}

/// How many cases a target runs: `BRIDGELAWS_FUZZ_CASES`, else its short run's `default`
/// (a few seconds in a debug build).
pub fn cases(default: u64) -> u64 {
    env_number("BRIDGELAWS_FUZZ_CASES", default)
}

/// The sizes of the inputs that must not blow up: up to 10 KB in the short run, up to 1 MB
/// in a long one (which is a release build: a debug build on a busy machine reads 100 KB of
/// Hebrew lines for longer than the watchdog waits).
fn sizes() -> &'static [usize] {
    const SIZES: [usize; 4] = [1 << 10, 10 << 10, 100 << 10, 1 << 20];
    if cases(0) >= 100_000 {
        &SIZES
    } else {
        &SIZES[..2]
    }
}

fn seed() -> u64 {
    env_number("BRIDGELAWS_FUZZ_SEED", 0x00B7_1D6E)
}

fn timeout() -> Duration {
    Duration::from_secs(env_number("BRIDGELAWS_FUZZ_TIMEOUT", 10))
}

fn env_number(name: &str, default: u64) -> u64 {
    match std::env::var(name) {
        Ok(value) => value
            .replace('_', "")
            .parse()
            .unwrap_or_else(|_| panic!("{name}={value} is not a number")),
        Err(_) => default,
    }
}

/// The seed of case `i`: each case stands alone, so a failure is made again from its number.
fn case_seed(i: u64) -> u64 {
    Rng::new(seed() ^ i.wrapping_mul(0xD1B5_4A32_D192_ED03)).next()
}

/// Run `check` on `cases(default)` inputs made by `generate`, under a watchdog. A panic is
/// shrunk and reported with its input; a case running over the timeout is reported with its
/// input.
pub fn run<G, C>(target: &str, default: u64, generate: G, check: C)
where
    G: Fn(&mut Rng) -> String + Send + Sync + 'static,
    C: Fn(&str) + Send + Sync + 'static,
{
    run_inputs(
        target,
        cases(default),
        move |i| generate(&mut Rng::new(case_seed(i))),
        check,
    );
}

/// Run `check` on `count` inputs, the `i`th made by `input(i)`, under the watchdog.
pub fn run_inputs<G, C>(target: &str, count: u64, input: G, check: C)
where
    G: Fn(u64) -> String + Send + Sync + 'static,
    C: Fn(&str) + Send + Sync + 'static,
{
    // The material the inputs are made of is read here, before the watchdog starts.
    if count > 0 {
        input(0);
    }
    let input = Arc::new(input);
    let check = Arc::new(check);
    let current = Arc::new(AtomicU64::new(0));
    let done = Arc::new(AtomicBool::new(false));
    let started = Instant::now();
    let worker = {
        let (input, check, current, done) =
            (input.clone(), check.clone(), current.clone(), done.clone());
        std::thread::Builder::new()
            .name(format!("fuzz-{target}"))
            .spawn(move || {
                let mut failure = None;
                for i in 0..count {
                    current.store(i + 1, Ordering::SeqCst);
                    let text = input(i);
                    if let Err(message) = attempt(&*check, &text) {
                        failure = Some((i, text, message));
                        break;
                    }
                }
                done.store(true, Ordering::SeqCst);
                failure
            })
            .expect("a worker thread")
    };
    // The watchdog: the case number must move within the timeout.
    let limit = timeout();
    let (mut seen, mut since) = (0, Instant::now());
    while !done.load(Ordering::SeqCst) {
        std::thread::sleep(Duration::from_millis(20));
        let now = current.load(Ordering::SeqCst);
        if now != seen {
            (seen, since) = (now, Instant::now());
        } else if since.elapsed() > limit {
            let i = now - 1;
            let text = input(i);
            panic!(
                "{target}: case {i} (seed {}) ran over {} s; input ({} bytes): {:?}",
                seed(),
                limit.as_secs(),
                text.len(),
                preview(&text)
            );
        }
    }
    if let Some((i, text, message)) = worker.join().expect("the worker reports") {
        let small = shrink(&*check, &text);
        panic!(
            "{target}: case {i} (seed {}) panicked: {message}\nshrunk input: {small:?}\nwhole input ({} bytes): {:?}",
            seed(),
            text.len(),
            preview(&text)
        );
    }
    eprintln!(
        "fuzz {target}: {count} cases in {:.1} s (seed {})",
        started.elapsed().as_secs_f64(),
        seed()
    );
}

/// Run one case; a panic becomes its message.
fn attempt(check: &(dyn Fn(&str) + Send + Sync), text: &str) -> Result<(), String> {
    catch_unwind(AssertUnwindSafe(|| check(text))).map_err(|payload| {
        payload
            .downcast_ref::<String>()
            .cloned()
            .or_else(|| payload.downcast_ref::<&str>().map(|s| s.to_string()))
            .unwrap_or_else(|| "a panic".to_string())
    })
}

/// A smaller input that still panics: pieces removed while it does, halving their size.
fn shrink(check: &(dyn Fn(&str) + Send + Sync), text: &str) -> String {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut best: Vec<char> = text.chars().collect();
    let mut size = best.len() / 2;
    let mut tries = 0;
    while size > 0 && tries < 20_000 {
        let mut at = 0;
        while at < best.len() && tries < 20_000 {
            let mut candidate = best.clone();
            candidate.drain(at..(at + size).min(best.len()));
            tries += 1;
            let s: String = candidate.iter().collect();
            if attempt(check, &s).is_err() {
                best = candidate;
            } else {
                at += size;
            }
        }
        size /= 2;
    }
    std::panic::set_hook(hook);
    best.into_iter().collect()
}

/// The start of a long input.
fn preview(text: &str) -> String {
    match text.char_indices().nth(2_000) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}

/// Each of `variants` inputs grown to every size of `sizes()`, one case each under the
/// watchdog, with the time each took (to see how it grows, not to assert on it).
pub fn run_sizes<G, C>(target: &str, variants: usize, input: G, check: C)
where
    G: Fn(usize, usize) -> String + Send + Sync + Clone + 'static,
    C: Fn(&str) + Send + Sync + Clone + 'static,
{
    for variant in 0..variants {
        for &size in sizes() {
            let input = input.clone();
            run_inputs(
                &format!("{target} {variant} at {} KB", size >> 10),
                1,
                move |_| input(variant, size),
                check.clone(),
            );
        }
    }
}

/// `material` repeated to about `size` bytes: a long input of real text.
pub fn grown(material: &str, size: usize) -> String {
    let mut out = String::with_capacity(size + material.len());
    while out.len() < size {
        out.push_str(material);
    }
    out
}
