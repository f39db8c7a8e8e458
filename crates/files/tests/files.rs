//! Finding and reading input files: order, symbolic-link cycles, files that are not regular
//! files, size caps. Each test builds its own tree in the temporary directory.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};

use gorules_files::{read_capped, read_file, read_walked_file, walk, InputError, InputErrorKind};

/// A fresh, empty directory for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("gorules-files-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&dir);
    fs::create_dir_all(&dir).unwrap();
    dir
}

fn touch(path: &Path) {
    fs::create_dir_all(path.parent().unwrap()).unwrap();
    fs::write(path, "(;SZ[9])").unwrap();
}

/// The walk's items as paths relative to `root`, errors as `!KIND path`.
fn items(root: &Path, paths: &[PathBuf]) -> Vec<String> {
    let rel = |p: &Path| p.strip_prefix(root).unwrap_or(p).display().to_string();
    walk(paths)
        .map(|r| match r {
            Ok(p) => rel(&p),
            Err(InputError { path, kind }) => {
                let k = match kind {
                    InputErrorKind::NotFound => "missing".to_string(),
                    InputErrorKind::Cycle { ancestor } => format!("cycle to {}", rel(&ancestor)),
                    InputErrorKind::OtherFileSystem { root } => {
                        format!("other file system than {}", rel(&root))
                    }
                    InputErrorKind::NotRegularFile { what } => what.to_string(),
                    InputErrorKind::TooLarge { .. } => "too large".to_string(),
                    InputErrorKind::Io(m) => m,
                };
                format!("!{k} {}", rel(&path))
            }
        })
        .collect()
}

#[test]
fn files_come_in_the_order_of_their_sorted_paths() {
    let root = scratch("order");
    for f in [
        "b.sgf",
        "a/z.sgf",
        "a.b/c.sgf",
        "a/b/c.sgf",
        "a/B.SGF",
        "a-b.sgf",
        "notes.txt",
        "a/b/readme",
    ] {
        touch(&root.join(f));
    }
    let got = items(&root, std::slice::from_ref(&root));
    // Sorted full paths compare component by component: `a/...` before `a-b.sgf` and `a.b/...`.
    let mut want: Vec<PathBuf> = [
        "b.sgf",
        "a/z.sgf",
        "a.b/c.sgf",
        "a/b/c.sgf",
        "a/B.SGF",
        "a-b.sgf",
    ]
    .iter()
    .map(|f| root.join(f))
    .collect();
    want.sort();
    let want: Vec<String> = want
        .iter()
        .map(|p| p.strip_prefix(&root).unwrap().display().to_string())
        .collect();
    assert_eq!(got, want);
    assert_eq!(got[0], "a/B.SGF");
    // A file named on its own is taken whatever its name; a missing path is an error in place.
    let got = items(
        &root,
        &[
            root.join("notes.txt"),
            root.join("nothing"),
            root.join("b.sgf"),
        ],
    );
    assert_eq!(got, ["notes.txt", "!missing nothing", "b.sgf"]);
    fs::remove_dir_all(&root).unwrap();
}

#[cfg(unix)]
#[test]
fn a_link_back_into_the_tree_is_reported_once_and_not_followed() {
    use std::os::unix::fs::symlink;
    let root = scratch("cycle");
    let d = root.join("d");
    touch(&d.join("game.sgf"));
    symlink(".", d.join("self")).unwrap();
    symlink("..", d.join("up")).unwrap();
    let got = items(&root, std::slice::from_ref(&d));
    // `up` leads to the root, which the walk (from `d`) is not inside: it is followed, and
    // inside it `d` is the cycle.
    assert_eq!(
        got,
        ["d/game.sgf", "!cycle to d d/self", "!cycle to d d/up/d"]
    );

    // A link to a directory outside the walk is followed.
    let other = root.join("other");
    touch(&other.join("linked.sgf"));
    symlink(&other, d.join("elsewhere")).unwrap();
    let got = items(&root, std::slice::from_ref(&d));
    assert_eq!(
        got,
        [
            "d/elsewhere/linked.sgf",
            "d/game.sgf",
            "!cycle to d d/self",
            "!cycle to d d/up/d",
            "d/up/other/linked.sgf"
        ]
    );

    // Walking from the parent: the link to `..` from `d` leads back to the root.
    let got = items(&root, std::slice::from_ref(&root));
    assert!(got.contains(&"!cycle to  d/up".to_string()), "{got:?}");
    assert_eq!(
        got.iter().filter(|s| s.starts_with('!')).count(),
        2,
        "{got:?}"
    );

    // A dangling link is an error where a record was expected, ignored elsewhere.
    symlink("nowhere.sgf", d.join("broken.sgf")).unwrap();
    symlink("nowhere", d.join("broken")).unwrap();
    let got = items(&root, std::slice::from_ref(&d));
    assert!(
        got.contains(&"!missing d/broken.sgf".to_string()),
        "{got:?}"
    );
    assert_eq!(got.len(), 6, "{got:?}");
    fs::remove_dir_all(&root).unwrap();
}

/// Asserts that `read` refuses the named pipe at `pipe` as not a regular file, without
/// blocking: on a thread, so that a regression fails instead of hanging the run.
#[cfg(unix)]
fn assert_refused_without_blocking(
    read: fn(&Path, u64) -> Result<Vec<u8>, InputError>,
    pipe: &Path,
) {
    let (tx, rx) = std::sync::mpsc::channel();
    let pipe = pipe.to_path_buf();
    std::thread::spawn(move || tx.send(read(&pipe, 1024).map_err(|e| e.kind)));
    let got = rx
        .recv_timeout(std::time::Duration::from_secs(10))
        .expect("reading a named pipe does not block");
    assert_eq!(
        got,
        Err(InputErrorKind::NotRegularFile {
            what: "a named pipe"
        })
    );
}

#[cfg(unix)]
#[test]
fn pipes_and_devices_are_refused_not_read() {
    let root = scratch("fifo");
    touch(&root.join("a.sgf"));
    let fifo = root.join("b.sgf");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    // A pipe not named like a record is not looked at.
    std::process::Command::new("mkfifo")
        .arg(root.join("pipe"))
        .status()
        .unwrap();
    let got = items(&root, std::slice::from_ref(&root));
    assert_eq!(got, ["a.sgf", "!a named pipe b.sgf"]);
    let got = items(&root, &[PathBuf::from("/dev/zero")]);
    assert_eq!(got, ["!a character device /dev/zero"]);

    // Reading one refuses it before opening it: opening a pipe for reading would block until
    // a writer comes (on a thread, so that a regression fails instead of hanging the run).
    assert_refused_without_blocking(read_file, &fifo);
    let e = read_file(Path::new("/dev/zero"), 1024).unwrap_err();
    assert_eq!(
        e.kind,
        InputErrorKind::NotRegularFile {
            what: "a character device"
        }
    );
    assert_eq!(
        e.to_string(),
        "/dev/zero: not a regular file (a character device): not read"
    );
    fs::remove_dir_all(&root).unwrap();
}

/// A path the walk yielded as a regular file and replaced by a named pipe since is refused,
/// not waited on: the walked read opens without blocking and looks at what it opened. A
/// device named so is refused the same way.
#[cfg(unix)]
#[test]
fn a_walked_path_now_a_pipe_is_refused_without_blocking() {
    let root = scratch("walked-fifo");
    let path = root.join("a.sgf");
    touch(&path);
    let yielded: Vec<PathBuf> = walk(std::slice::from_ref(&root))
        .map(|r| r.unwrap())
        .collect();
    assert_eq!(yielded, std::slice::from_ref(&path));
    assert_eq!(read_walked_file(&path, 1024).unwrap(), b"(;SZ[9])");
    fs::remove_file(&path).unwrap();
    let made = std::process::Command::new("mkfifo")
        .arg(&path)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    assert_refused_without_blocking(read_walked_file, &path);
    let e = read_walked_file(Path::new("/dev/zero"), 1024).unwrap_err();
    assert_eq!(
        e.to_string(),
        "/dev/zero: not a regular file (a character device): not read"
    );
    fs::remove_file(&path).unwrap();
    let e = read_walked_file(&path, 1024).unwrap_err();
    assert_eq!(e.path, path);
    fs::remove_dir_all(&root).unwrap();
}

/// Both reads give a file's bytes exactly, whatever its size (none, one byte, sizes around
/// the reads' buffers), and refuse it from one byte above the cap.
#[test]
fn both_reads_give_every_byte_of_files_of_any_size() {
    let root = scratch("sizes");
    for len in [0usize, 1, 2, 31, 32, 33, 4095, 4096, 4097, 65_536, 100_003] {
        let path = root.join(format!("{len}.sgf"));
        let bytes: Vec<u8> = (0..len).map(|i| (i * 7 + len) as u8).collect();
        fs::write(&path, &bytes).unwrap();
        assert_eq!(read_file(&path, len as u64).unwrap(), bytes, "{len}");
        assert_eq!(read_walked_file(&path, len as u64).unwrap(), bytes, "{len}");
        if len > 0 {
            let below = len as u64 - 1;
            let too_large = InputErrorKind::TooLarge {
                size: Some(len as u64),
                max: below,
            };
            assert_eq!(read_file(&path, below).unwrap_err().kind, too_large);
            assert_eq!(read_walked_file(&path, below).unwrap_err().kind, too_large);
        }
    }
    fs::remove_dir_all(&root).unwrap();
}

/// A file whose reported size is not its content's (Linux reports 0 for most files under
/// `/proc`) is read to its end all the same.
#[cfg(target_os = "linux")]
#[test]
fn a_file_of_no_reported_size_is_read_to_its_end() {
    let path = Path::new("/proc/self/mounts");
    assert_eq!(fs::metadata(path).unwrap().len(), 0);
    let bytes = read_walked_file(path, 1 << 20).unwrap();
    assert!(!bytes.is_empty());
    assert!(!read_file(path, 1 << 20).unwrap().is_empty());
}

#[test]
fn files_and_streams_above_the_cap_are_refused() {
    let root = scratch("cap");
    let big = root.join("big.sgf");
    fs::write(&big, vec![b'('; 3 * 1024 * 1024 + 1]).unwrap();
    let e = read_file(&big, 3 * 1024 * 1024).unwrap_err();
    assert_eq!(
        e.kind,
        InputErrorKind::TooLarge {
            size: Some(3 * 1024 * 1024 + 1),
            max: 3 * 1024 * 1024
        }
    );
    assert!(
        e.to_string()
            .ends_with("big.sgf: 3.0 MiB is larger than the limit of 3 MiB"),
        "{e}"
    );
    assert_eq!(
        read_file(&big, 4 * 1024 * 1024).unwrap().len(),
        3 * 1024 * 1024 + 1
    );

    // An endless stream stops at the cap.
    let e = read_capped(io::repeat(b'x'), Path::new("-"), 1000, 0).unwrap_err();
    assert_eq!(
        e.kind,
        InputErrorKind::TooLarge {
            size: None,
            max: 1000
        }
    );
    assert_eq!(e.to_string(), "-: larger than the limit of 1000 bytes");
    assert_eq!(
        read_capped(&b"(;)"[..], Path::new("-"), 3, 0).unwrap(),
        b"(;)"
    );
    fs::remove_dir_all(&root).unwrap();
}

/// A sparse file far larger than the cap is refused from its size, before any of it is read.
#[cfg(unix)]
#[test]
fn a_huge_sparse_file_is_refused_unread() {
    let root = scratch("sparse");
    let big = root.join("big.sgf");
    let f = fs::File::create(&big).unwrap();
    f.set_len(3 << 30).unwrap();
    let e = read_file(&big, 64 * 1024 * 1024).unwrap_err();
    assert_eq!(
        e.kind,
        InputErrorKind::TooLarge {
            size: Some(3 << 30),
            max: 64 * 1024 * 1024
        }
    );
    assert!(
        e.to_string()
            .ends_with("big.sgf: 3072 MiB is larger than the limit of 64 MiB"),
        "{e}"
    );
    fs::remove_dir_all(&root).unwrap();
}

/// The walk stays on the file system of the path it was given (as ripgrep's
/// `--one-file-system`): `/proc/self/root` leads from `/proc` to the whole machine, and a link
/// to `/proc` from a tree elsewhere leads onto another file system. Neither is walked.
#[cfg(target_os = "linux")]
#[test]
fn the_walk_stays_on_one_file_system() {
    use std::os::unix::fs::{symlink, MetadataExt};
    let root = scratch("one-fs");
    touch(&root.join("a.sgf"));
    symlink("/proc", root.join("proc")).unwrap();
    if fs::metadata("/proc").unwrap().dev() == fs::metadata(&root).unwrap().dev() {
        eprintln!("skipped: /proc is on the file system of the temporary directory");
        return;
    }
    let got = items(&root, std::slice::from_ref(&root));
    assert_eq!(got, ["a.sgf", "!other file system than  proc"]);
    // From /proc itself: the links out of it (`self/root`, `self/cwd`, ...) are reported, and
    // nothing outside /proc is yielded or entered.
    let start = PathBuf::from("/proc/self");
    for item in walk(std::slice::from_ref(&start)) {
        match item {
            Ok(p) => panic!("a record found in /proc/self: {}", p.display()),
            Err(InputError { path, kind }) => {
                assert!(path.starts_with("/proc/self"), "{}", path.display());
                assert!(
                    matches!(
                        kind,
                        InputErrorKind::OtherFileSystem { .. }
                            | InputErrorKind::Cycle { .. }
                            | InputErrorKind::Io(_)
                            | InputErrorKind::NotFound
                    ),
                    "{}: {kind:?}",
                    path.display()
                );
            }
        }
    }
    fs::remove_dir_all(&root).unwrap();
}
