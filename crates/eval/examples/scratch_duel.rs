// scratch tuning tool (not committed)
use capicua_eval::*;
fn main() {
    let a: Vec<String> = std::env::args().collect();
    let cfg = DuplicateConfig {
        rules: capicua_engine::Rules::preset(&a[5]).unwrap(),
        variant: a[5].clone(),
        a: Team::of(PlayerSpec::parse(&a[1]).unwrap()),
        b: Team::of(PlayerSpec::parse(&a[2]).unwrap()),
        rounds: a[3].parse().unwrap(),
        seed: a[4].parse().unwrap(),
        threads: 2,
    };
    let r = run_duplicate(&cfg, &|_| {}).unwrap();
    println!("{}", serde_json::to_string(&r.summary).unwrap());
}
