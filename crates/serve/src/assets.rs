//! The page's files, embedded in the binary: nothing to install, no build step. Plain HTML,
//! CSS and JavaScript, written by hand (`crates/serve/assets/`).

pub const INDEX_HTML: &str = include_str!("../assets/index.html");
pub const TABLE_CSS: &str = include_str!("../assets/table.css");
pub const TABLE_JS: &str = include_str!("../assets/table.js");
