//! Writes the network `(1 - T) * A + T * B`, parameter by parameter, for two model files of one
//! shape and encoding (`Network::interpolate`).
//!
//! `cargo run --release -p capicua-net --example interpolate -- A.bpk B.bpk T OUT.bpk`

use capicua_net::load_network;

fn main() {
    let a: Vec<String> = std::env::args().skip(1).collect();
    if a.len() != 4 {
        eprintln!("usage: interpolate A.bpk B.bpk T OUT.bpk");
        std::process::exit(2);
    }
    let t: f32 = a[2].parse().expect("T is a number");
    let from = load_network(&a[0]).expect("model file A");
    let to = load_network(&a[1]).expect("model file B");
    let mut mixed = from.interpolate(&to, t).expect("two networks of one shape");
    mixed.set_metadata("interpolated_from", format!("{} + {}", a[0], a[1]));
    mixed.save(&a[3]).expect("the output file");
}
