//! # gorules-files
//!
//! Finding and reading the files the program is given: directories walked lazily in path
//! order, symbolic-link cycles found and reported once each, other file systems left alone,
//! only regular files read, and a size cap per file, so that a hostile or broken tree can
//! neither hang a run nor exhaust its memory. Every file gorules reads goes through
//! [`read_file`] (game records, ruleset files, the files a GTP session loads), or through
//! [`read_walked_file`] for the files a walk yields.
//!
//! [`Walk`] yields the files named by a list of paths one at a time: a file as given, a
//! directory searched recursively for `*.sgf` files. The order is that of the sorted full paths
//! (each directory's entries sorted by name, visited depth first), whatever the file system's
//! own order. A directory is read when the walk reaches it, not before: a run over millions of
//! files holds the names of one directory per level, not a list of every file.
//!
//! Directories reached through symbolic links are followed, as a user who links a collection
//! into a tree expects. A link back to a directory the walk is inside (`ln -s . d/self`) would
//! make the walk endless; it is recognised by the directory's identity (device and inode, as
//! ripgrep and walkdir do) and yielded once as an [`InputError`], not followed.
//!
//! The walk stays on the file system of the path it was given, as ripgrep's
//! `--one-file-system` does: a directory on another one (a mount point, or a link such as
//! `/proc/self/root`, which leads from a tree under `/proc` to the whole machine) is yielded
//! once as an [`InputError`] ([`InputErrorKind::OtherFileSystem`]), not walked. Name such a
//! directory itself to walk it.
#![warn(missing_docs)]

use std::fmt;
use std::fs::{self, File, FileType, Metadata};
use std::io::{self, Read};
use std::path::{Path, PathBuf};

/// The size above which a file is refused unless the caller sets another cap (64 MiB: the
/// largest real collections of game records are a few megabytes).
pub const DEFAULT_MAX_FILE_SIZE: u64 = 64 * 1024 * 1024;

/// Why a path named by the user, or found in a directory, cannot be read as a record.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InputError {
    /// The path as given or found.
    pub path: PathBuf,
    /// What is wrong with it.
    pub kind: InputErrorKind,
}

/// What is wrong with an input path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum InputErrorKind {
    /// Nothing exists at the path (or a symbolic link points nowhere).
    NotFound,
    /// A directory on another file system than the path the walk was given.
    OtherFileSystem {
        /// That path.
        root: PathBuf,
    },
    /// A symbolic link leads back to a directory the walk is already inside.
    Cycle {
        /// That directory, as the walk reached it first.
        ancestor: PathBuf,
    },
    /// Not a regular file: a named pipe, a device or a socket, which could block or never end.
    NotRegularFile {
        /// What it is instead.
        what: &'static str,
    },
    /// Larger than the cap.
    TooLarge {
        /// Its size in bytes when the file system tells it (not for a stream).
        size: Option<u64>,
        /// The cap in bytes.
        max: u64,
    },
    /// The operating system refused to read it.
    Io(String),
}

impl fmt::Display for InputErrorKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            InputErrorKind::NotFound => write!(f, "no such file or directory"),
            InputErrorKind::Cycle { ancestor } => write!(
                f,
                "a symbolic link back to {}, which the walk is inside: not followed",
                ancestor.display()
            ),
            InputErrorKind::OtherFileSystem { root } => write!(
                f,
                "on another file system than {}: not walked (name it to walk it)",
                root.display()
            ),
            InputErrorKind::NotRegularFile { what } => {
                write!(f, "not a regular file ({what}): not read")
            }
            InputErrorKind::TooLarge {
                size: Some(size),
                max,
            } => write!(
                f,
                "{} is larger than the limit of {}",
                bytes(*size),
                bytes(*max)
            ),
            InputErrorKind::TooLarge { size: None, max } => {
                write!(f, "larger than the limit of {}", bytes(*max))
            }
            InputErrorKind::Io(message) => f.write_str(message),
        }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.path.display(), self.kind)
    }
}

impl std::error::Error for InputError {}

/// `n` bytes for a reader: `64 MiB`, `70.5 MiB`, `512 bytes`.
fn bytes(n: u64) -> String {
    const MB: u64 = 1024 * 1024;
    if n >= MB && n % MB == 0 {
        format!("{} MiB", n / MB)
    } else if n >= MB {
        format!("{:.1} MiB", n as f64 / MB as f64)
    } else {
        format!("{n} bytes")
    }
}

impl InputError {
    fn new(path: &Path, kind: InputErrorKind) -> InputError {
        InputError {
            path: path.to_path_buf(),
            kind,
        }
    }

    fn io(path: &Path, e: &io::Error) -> InputError {
        let kind = if e.kind() == io::ErrorKind::NotFound {
            InputErrorKind::NotFound
        } else {
            InputErrorKind::Io(e.to_string())
        };
        InputError::new(path, kind)
    }
}

/// What a file that is not a regular one is, in words.
fn file_kind(t: FileType) -> &'static str {
    #[cfg(unix)]
    {
        use std::os::unix::fs::FileTypeExt;
        if t.is_fifo() {
            return "a named pipe";
        }
        if t.is_char_device() {
            return "a character device";
        }
        if t.is_block_device() {
            return "a block device";
        }
        if t.is_socket() {
            return "a socket";
        }
    }
    if t.is_dir() {
        "a directory"
    } else {
        "a special file"
    }
}

/// A directory's identity: the same directory reached by two paths has the same one.
#[derive(Clone, Debug, PartialEq, Eq)]
enum DirId {
    #[cfg(unix)]
    Inode(u64, u64),
    #[cfg(not(unix))]
    Path(PathBuf),
}

impl DirId {
    /// The file system it is on, where the platform tells it.
    fn device(&self) -> Option<u64> {
        match self {
            #[cfg(unix)]
            DirId::Inode(dev, _) => Some(*dev),
            #[cfg(not(unix))]
            DirId::Path(_) => None,
        }
    }
}

fn dir_id(path: &Path, meta: &Metadata) -> io::Result<DirId> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::MetadataExt;
        let _ = path;
        Ok(DirId::Inode(meta.dev(), meta.ino()))
    }
    #[cfg(not(unix))]
    {
        let _ = meta;
        Ok(DirId::Path(fs::canonicalize(path)?))
    }
}

/// A directory the walk is inside: its entries, sorted, and how far it has got.
struct Dir {
    id: DirId,
    path: PathBuf,
    /// Each entry with its type as the directory lists it (a symbolic link is a link).
    entries: Vec<(PathBuf, FileType)>,
    next: usize,
}

/// The files named by a list of paths, lazily; see the [module](self) documentation.
pub struct Walk {
    roots: Vec<PathBuf>,
    next_root: usize,
    stack: Vec<Dir>,
}

/// Walks `paths`: each file as given, each directory searched recursively for `*.sgf` files.
pub fn walk(paths: &[PathBuf]) -> Walk {
    Walk {
        roots: paths.to_vec(),
        next_root: 0,
        stack: Vec::new(),
    }
}

fn is_sgf(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("sgf"))
}

impl Walk {
    /// Enters the directory `path`, or says why not (a cycle, an unreadable directory).
    fn enter(&mut self, path: PathBuf, meta: &Metadata) -> Option<InputError> {
        let id = match dir_id(&path, meta) {
            Ok(id) => id,
            Err(e) => return Some(InputError::io(&path, &e)),
        };
        if let Some(root) = self.stack.first() {
            if root.id.device() != id.device() {
                let root = root.path.clone();
                return Some(InputError::new(
                    &path,
                    InputErrorKind::OtherFileSystem { root },
                ));
            }
        }
        if let Some(ancestor) = self.stack.iter().find(|d| d.id == id) {
            let ancestor = ancestor.path.clone();
            return Some(InputError::new(&path, InputErrorKind::Cycle { ancestor }));
        }
        let read = fs::read_dir(&path).and_then(|rd| {
            rd.map(|e| e.and_then(|e| Ok((e.path(), e.file_type()?))))
                .collect::<io::Result<Vec<_>>>()
        });
        match read {
            Ok(mut entries) => {
                // By name: the paths share the directory's, up to the names, which hold no
                // separator, so their bytes sort as the paths do (and faster than by
                // component). Names in a directory differ, so the sort need not be stable.
                entries.sort_unstable_by(|a, b| {
                    a.0.as_os_str()
                        .as_encoded_bytes()
                        .cmp(b.0.as_os_str().as_encoded_bytes())
                });
                self.stack.push(Dir {
                    id,
                    path,
                    entries,
                    next: 0,
                });
                None
            }
            Err(e) => Some(InputError::io(&path, &e)),
        }
    }
}

impl Iterator for Walk {
    type Item = Result<PathBuf, InputError>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(dir) = self.stack.last_mut() {
                let Some((path, listed)) = dir.entries.get(dir.next).cloned() else {
                    self.stack.pop();
                    continue;
                };
                dir.next += 1;
                // A regular file as listed needs no further look (most entries of an archive).
                if listed.is_file() {
                    if is_sgf(&path) {
                        return Some(Ok(path));
                    }
                    continue;
                }
                // Follows symbolic links: a linked directory is walked, a linked file read.
                let meta = match fs::metadata(&path) {
                    Ok(m) => m,
                    // A dangling link or an entry gone since the directory was read: an error
                    // only where a record was expected.
                    Err(e) if is_sgf(&path) => return Some(Err(InputError::io(&path, &e))),
                    Err(_) => continue,
                };
                if meta.is_dir() {
                    if let Some(e) = self.enter(path, &meta) {
                        return Some(Err(e));
                    }
                } else if is_sgf(&path) {
                    return Some(if meta.is_file() {
                        Ok(path)
                    } else {
                        let what = file_kind(meta.file_type());
                        Err(InputError::new(
                            &path,
                            InputErrorKind::NotRegularFile { what },
                        ))
                    });
                }
                continue;
            }
            let root = self.roots.get(self.next_root)?.clone();
            self.next_root += 1;
            match fs::metadata(&root) {
                Err(e) => return Some(Err(InputError::io(&root, &e))),
                Ok(meta) if meta.is_dir() => {
                    if let Some(e) = self.enter(root, &meta) {
                        return Some(Err(e));
                    }
                }
                Ok(meta) if meta.is_file() => return Some(Ok(root)),
                Ok(meta) => {
                    let what = file_kind(meta.file_type());
                    return Some(Err(InputError::new(
                        &root,
                        InputErrorKind::NotRegularFile { what },
                    )));
                }
            }
        }
    }
}

/// Reads the regular file at `path`, refusing anything else (a pipe or a device could block or
/// never end, and is refused without being opened) and anything larger than `max` bytes. The
/// size is checked before reading and again while reading, for a file that grows or whose
/// reported size is not its content's.
pub fn read_file(path: &Path, max: u64) -> Result<Vec<u8>, InputError> {
    // Looked at before opening: opening a named pipe for reading blocks until a writer comes.
    let meta = fs::metadata(path).map_err(|e| InputError::io(path, &e))?;
    if !meta.is_file() {
        return Err(not_regular(path, &meta));
    }
    let file = File::open(path).map_err(|e| InputError::io(path, &e))?;
    read_open_file(file, path, max)
}

/// Reads a file that [`walk`] yielded, as [`read_file`] does (the same bytes, the same cap, the
/// same refusals) with one look at it fewer: the walk saw a regular file there, so it is opened
/// at once and looked at once open. It is opened without blocking (`O_NONBLOCK`, and
/// `O_NOCTTY`), so that a path replaced by a named pipe since the walk passed is refused, not
/// waited on.
pub fn read_walked_file(path: &Path, max: u64) -> Result<Vec<u8>, InputError> {
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        let file = fs::OpenOptions::new()
            .read(true)
            .custom_flags(libc::O_NONBLOCK | libc::O_NOCTTY)
            .open(path)
            .map_err(|e| InputError::io(path, &e))?;
        read_open_file(file, path, max)
    }
    #[cfg(not(unix))]
    {
        read_file(path, max)
    }
}

/// The error for `path`, which is not a regular file.
fn not_regular(path: &Path, meta: &Metadata) -> InputError {
    let what = file_kind(meta.file_type());
    InputError::new(path, InputErrorKind::NotRegularFile { what })
}

/// Reads `file`, opened at `path`, if it is a regular file of at most `max` bytes.
fn read_open_file(file: File, path: &Path, max: u64) -> Result<Vec<u8>, InputError> {
    // Looked at once open too, for a path replaced in between.
    let meta = file.metadata().map_err(|e| InputError::io(path, &e))?;
    if !meta.is_file() {
        return Err(not_regular(path, &meta));
    }
    if meta.len() > max {
        return Err(InputError::new(
            path,
            InputErrorKind::TooLarge {
                size: Some(meta.len()),
                max,
            },
        ));
    }
    read_sized(file, path, max, meta.len())
}

/// Reads all of the regular file `file` (at `path`), whose size the file system gives as
/// `expected` (at most `max`), up to `max` bytes. Each read asks for one byte more than the
/// size leaves: a read of a regular file stops short only at its end, so the file of exactly
/// its size, the usual case, is read in one call without a second one to find the end. A file
/// larger than its size (one that grows) is read on as a stream, capped; one that reports no
/// size (some system files) is read as a stream from the start.
fn read_sized(mut file: File, path: &Path, max: u64, expected: u64) -> Result<Vec<u8>, InputError> {
    if expected == 0 {
        return read_capped(file, path, max, 0);
    }
    let size = expected as usize;
    let mut buf = vec![0u8; size + 1];
    let mut filled = 0;
    while filled < size {
        match file.read(&mut buf[filled..]) {
            Ok(0) => break,
            Ok(n) => filled += n,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) => return Err(InputError::io(path, &e)),
        }
    }
    if filled <= size {
        // Its end: a read that stopped short of the byte past its size, or found nothing more.
        buf.truncate(filled);
        return Ok(buf);
    }
    // More than its size: the rest as a stream, up to the cap.
    (&mut file)
        .take(max.saturating_add(1).saturating_sub(filled as u64))
        .read_to_end(&mut buf)
        .map_err(|e| InputError::io(path, &e))?;
    capped(buf, path, max)
}

/// Reads all of `reader` (standard input, say) up to `max` bytes; more is an error naming
/// `name`, not a growing buffer.
pub fn read_capped(
    reader: impl Read,
    name: &Path,
    max: u64,
    expected: u64,
) -> Result<Vec<u8>, InputError> {
    let mut buf = Vec::with_capacity(expected.min(max) as usize);
    reader
        .take(max.saturating_add(1))
        .read_to_end(&mut buf)
        .map_err(|e| InputError::io(name, &e))?;
    capped(buf, name, max)
}

/// `buf`, read from `name` up to one byte past the cap `max`, unless it holds more than `max`
/// bytes: then the error of a stream over the cap.
fn capped(buf: Vec<u8>, name: &Path, max: u64) -> Result<Vec<u8>, InputError> {
    if buf.len() as u64 > max {
        return Err(InputError::new(
            name,
            InputErrorKind::TooLarge { size: None, max },
        ));
    }
    Ok(buf)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A file of `len` bytes in the temporary directory, opened for reading.
    fn file_of(name: &str, len: usize) -> (PathBuf, File) {
        let path =
            std::env::temp_dir().join(format!("gorules-files-sized-{name}-{}", std::process::id()));
        let bytes: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
        fs::write(&path, bytes).unwrap();
        let file = File::open(&path).unwrap();
        (path, file)
    }

    /// A size that is not the content's, as for a file that grows or shrinks between the look
    /// and the read: every byte there is read, up to the cap.
    #[test]
    fn the_read_goes_by_the_content_not_the_size_reported() {
        for (reported, len) in [
            (50u64, 100usize),
            (99, 100),
            (100, 100),
            (101, 100),
            (400, 100),
        ] {
            let (path, file) = file_of("content", len);
            let got = read_sized(file, &path, 1000, reported).unwrap();
            assert_eq!(got.len(), len, "reported {reported}");
            assert!(got.iter().enumerate().all(|(i, &b)| b == (i % 251) as u8));
            fs::remove_file(&path).unwrap();
        }
        // Grown past the cap: refused, never more than the cap and one byte held.
        let (path, file) = file_of("grown", 100);
        let e = read_sized(file, &path, 80, 50).unwrap_err();
        assert_eq!(
            e.kind,
            InputErrorKind::TooLarge {
                size: None,
                max: 80
            }
        );
        fs::remove_file(&path).unwrap();
        // Grown to the cap exactly: read.
        let (path, file) = file_of("at-cap", 100);
        assert_eq!(read_sized(file, &path, 100, 50).unwrap().len(), 100);
        fs::remove_file(&path).unwrap();
    }
}
