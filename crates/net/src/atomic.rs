//! Writing a file so that readers (and a process killed half-way) see the old contents or the
//! new, never a part: the one atomic-write helper of the project, used for model files,
//! checkpoints, replay files and a training run's state.

use std::io::{self, BufWriter, Write};
use std::path::Path;

use crate::error::NetError;

/// Writes `path` atomically: `write` fills a new temporary file in the same directory, which
/// is `fsync`ed and renamed over `path`. The temporary file is named `.<file name>.tmp-<random>`
/// (unique per writer, so two writers never share one; a reader of the directory can tell
/// leftovers of a killed write by the `.tmp-`) and is removed if anything fails.
pub fn write_atomic(
    path: &Path,
    write: impl FnOnce(&mut dyn Write) -> io::Result<()>,
) -> Result<(), NetError> {
    let name = path
        .file_name()
        .ok_or_else(|| NetError::io(path, io::Error::other("path has no file name")))?;
    let dir = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let prefix = format!(".{}.tmp-", name.to_string_lossy());
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix);
    // tempfile's default is owner-only; a model or a run's files get the permissions
    // `File::create` would give them (0o666 less the umask).
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let mut tmp = builder.tempfile_in(dir).map_err(|e| NetError::io(dir, e))?;
    let mut out = BufWriter::new(tmp.as_file_mut());
    write(&mut out)
        .and_then(|()| out.flush())
        .map_err(|e| NetError::io(path, e))?;
    drop(out);
    tmp.as_file()
        .sync_all()
        .map_err(|e| NetError::io(tmp.path(), e))?;
    tmp.persist(path).map_err(|e| NetError::io(path, e.error))?;
    // Make the rename itself durable (best effort: not every platform can open a directory).
    if let Ok(d) = std::fs::File::open(dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// [`write_atomic`] of bytes already in memory.
pub fn write_bytes_atomic(path: &Path, bytes: &[u8]) -> Result<(), NetError> {
    write_atomic(path, |w| w.write_all(bytes))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_whole_or_not_at_all_and_leaves_no_temporary() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("f.bin");
        write_bytes_atomic(&path, b"first").unwrap();
        write_atomic(&path, |w| {
            w.write_all(b"sec")?;
            w.write_all(b"ond")
        })
        .unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        // a writer that fails leaves the old contents and no temporary file
        let err = write_atomic(&path, |w| {
            w.write_all(b"half")?;
            Err(io::Error::other("disk on fire"))
        })
        .unwrap_err();
        assert!(
            matches!(&err, NetError::Io { path: p, .. } if p == &path),
            "{err}"
        );
        assert_eq!(std::fs::read(&path).unwrap(), b"second");
        let names: Vec<_> = std::fs::read_dir(dir.path())
            .unwrap()
            .map(|e| e.unwrap().file_name())
            .collect();
        assert_eq!(names, ["f.bin"]);
        // a directory that does not exist is an error naming it
        let missing = dir.path().join("no").join("f.bin");
        assert!(matches!(
            write_bytes_atomic(&missing, b"x"),
            Err(NetError::Io { path, .. }) if path == dir.path().join("no")
        ));
    }

    #[test]
    fn temporary_names_are_unique_per_writer() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("state.json");
        let mut seen = Vec::new();
        for _ in 0..2 {
            write_atomic(&path, |_| {
                let tmp: Vec<_> = std::fs::read_dir(dir.path())
                    .unwrap()
                    .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
                    .filter(|n| n.starts_with(".state.json.tmp-"))
                    .collect();
                assert_eq!(tmp.len(), 1, "{tmp:?}");
                seen.push(tmp[0].clone());
                Ok(())
            })
            .unwrap();
        }
        assert_ne!(seen[0], seen[1]);
    }
}
