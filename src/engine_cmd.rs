//! `capicua engine`: the engine process. Requests on stdin, replies on stdout, logs on stderr;
//! the protocol is `docs/protocol.md`.

use anyhow::{Result, anyhow};
use capicua_protocol::{Engine, serve};
use clap::Args;
use serde_json::Value;

#[derive(Args)]
pub struct EngineArgs {
    /// Set an option before serving, as NAME=VALUE (repeatable), e.g. `--option threads=2
    /// --option model=none`. The same as a `set_option` request.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
}

pub fn run(args: EngineArgs) -> Result<()> {
    let mut engine = Engine::new();
    for o in &args.options {
        let (name, value) = o
            .split_once('=')
            .ok_or_else(|| anyhow!("--option {o:?}: expected NAME=VALUE"))?;
        // numbers are numbers, anything else (paths, "none") is a string
        let value = serde_json::from_str::<Value>(value)
            .ok()
            .filter(Value::is_number)
            .unwrap_or_else(|| Value::String(value.to_string()));
        engine
            .set_option(name.trim(), &value)
            .map_err(|e| anyhow!("--option {o:?}: {}", e.message))?;
    }
    let stdin = std::io::stdin();
    serve(stdin.lock(), Box::new(std::io::stdout()), engine)?;
    Ok(())
}
