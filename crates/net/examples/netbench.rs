//! Prints the network speed figures of `capicua_net::bench` for some hidden shapes.
//!
//! ```text
//! cargo run --release -p capicua-net --example netbench [-- H1,H2 ...]
//! ```

use std::time::Duration;

use capicua_net::bench::{
    burn_batch1_us, burn_batched_per_sec, net_batch1_us, net_ismcts_iters_per_sec,
    train_samples_per_sec,
};
use capicua_net::{ENCODING_VERSION, INPUT_SIZE, ModelShape, Network, POLICY_SIZE};

fn main() {
    let mut shapes: Vec<Vec<usize>> = std::env::args()
        .skip(1)
        .map(|a| {
            a.split(',')
                .map(|h| h.parse().expect("hidden width"))
                .collect()
        })
        .collect();
    if shapes.is_empty() {
        shapes = vec![
            vec![128, 128],
            vec![256, 128],
            vec![256, 256],
            vec![256, 256, 256],
        ];
    }
    let budget = Duration::from_millis(1000);
    for hidden in shapes {
        let shape = ModelShape::with_hidden(INPUT_SIZE, &hidden, POLICY_SIZE);
        let net = Network::new(shape.clone(), ENCODING_VERSION, 1).unwrap();
        println!(
            "{shape} ({} params, {} bytes): net_batch1_us {:.2}  burn_batch1_us {:.1}  burn batch64 {:.0}/s  net_ismcts_iters_per_sec {:.0}  train_samples_per_sec {:.0}",
            shape.num_params(),
            net.to_bytes().unwrap().len(),
            net_batch1_us(&net, budget),
            burn_batch1_us(&net, budget),
            burn_batched_per_sec(&net, 64, budget),
            net_ismcts_iters_per_sec(&net, 30_000),
            train_samples_per_sec(&shape, 256, Duration::from_secs(2)),
        );
    }
}
