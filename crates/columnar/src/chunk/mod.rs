//! Dictionary-encoded column chunks that the crate writes itself: the numbers and the
//! dictionary texts of a run, most of its cells.
//!
//! Arrow's Parquet writer looks every cell up in its column chunk's dictionary by hashing it,
//! the keys of an Arrow dictionary array included, whose texts it hashes again. A
//! [`DictionaryChunk`] does the same work with less of it a cell: a cell equal to the one
//! before (the 15 rows of a game share its size, handicap, komi and most of their parts) takes
//! the key before, a dictionary array's texts are looked up once a batch and its keys mapped,
//! and only the rest is hashed. What it writes is what that writer writes for such a column
//! (Parquet format, "Encodings" and "Data pages"): one dictionary page of the chunk's values
//! (`PLAIN`), then data pages of definition levels and keys (`RLE` and `RLE_DICTIONARY`, format
//! version 1 pages), each page Snappy-compressed. Pages hold [`PAGE_ROWS`] rows.

pub(crate) mod rle;

use std::collections::HashMap;

use arrow_array::cast::AsArray;
use arrow_array::types::{Float64Type, Int32Type, UInt32Type, UInt64Type};
use arrow_array::{Array, ArrowPrimitiveType};
use arrow_schema::DataType;
use bytes::Bytes;
use parquet::basic::{Compression, Encoding};
use parquet::column::page::{CompressedPage, Page, PageWriter};
use parquet::column::writer::ColumnCloseResult;
use parquet::errors::{ParquetError, Result};
use parquet::file::metadata::ColumnChunkMetaData;
use parquet::file::writer::{SerializedPageWriter, TrackedWrite};
use parquet::schema::types::ColumnDescPtr;

/// The rows of a data page (the last page of a chunk may hold fewer, and a page holds the
/// whole batch that reaches this many, so a few more). Larger pages compress better and hold
/// more keys in memory until they are written: a run of 100,000 generated records made a file
/// of 9.47 MB with pages of 16,384 rows, 8.68 MB with 32,768 and 8.05 MB with 65,536, and
/// peaked at 42, 47 and 63 MB (arrow-rs's writer, whose pages hold about 20,000 rows: 9.05 MB).
pub(crate) const PAGE_ROWS: usize = 32 * 1024;

/// Whether a column of this Arrow type is written by a [`DictionaryChunk`].
pub(crate) fn encodes(data_type: &DataType) -> bool {
    match data_type {
        DataType::UInt32 | DataType::UInt64 | DataType::Float64 => true,
        DataType::Dictionary(key, value) => **key == DataType::Int32 && **value == DataType::Utf8,
        _ => false,
    }
}

/// The distinct values of a chunk: their keys, and the dictionary page being built.
struct Dictionary<K> {
    /// The key of each value seen.
    keys: HashMap<K, u32, ahash::RandomState>,
    /// The values in key order, as a `PLAIN` page holds them.
    plain: Vec<u8>,
}

impl<K: std::hash::Hash + Eq> Dictionary<K> {
    fn new() -> Dictionary<K> {
        Dictionary {
            keys: HashMap::default(),
            plain: Vec::new(),
        }
    }

    /// The key of `value`, added with its `PLAIN` bytes (`write`) if new.
    #[inline]
    fn key(&mut self, value: K, write: impl FnOnce(&mut Vec<u8>)) -> u32 {
        let next = self.keys.len() as u32;
        let plain = &mut self.plain;
        *self.keys.entry(value).or_insert_with(|| {
            write(plain);
            next
        })
    }

    fn len(&self) -> usize {
        self.keys.len()
    }
}

/// What a chunk's values are: numbers of a width, or texts.
enum Values {
    /// `INT32` (a `uint32` column, 4 bytes a value), `INT64` (`uint64`) or `DOUBLE` (`float64`),
    /// 8 bytes: each value by its bits, and the last value looked up with its key.
    Numbers {
        width: usize,
        dictionary: Dictionary<u64>,
        last: Option<(u64, u32)>,
    },
    /// `BYTE_ARRAY` texts.
    Texts(Dictionary<Box<str>>),
}

/// One column chunk being encoded: its dictionary, the data pages written so far and the
/// page being gathered.
pub(crate) struct DictionaryChunk {
    values: Values,
    /// The keys of the page's non-null cells.
    page_keys: Vec<u32>,
    /// The page's definition levels (1 a value, 0 a null), kept from its first null on.
    page_levels: Vec<u8>,
    /// The page's rows.
    page_rows: usize,
    /// The rows a page holds ([`PAGE_ROWS`]).
    page_size: usize,
    /// Compressed data pages.
    pages: Vec<CompressedPage>,
    rows: usize,
    /// The page's definition levels, keys and compressed bytes, kept from page to page.
    scratch: Vec<u8>,
    compressed: Vec<u8>,
    snappy: snap::raw::Encoder,
}

impl DictionaryChunk {
    /// An empty chunk of a column of `data_type` ([`encodes`] must be true of it), in pages of
    /// `page_size` rows ([`PAGE_ROWS`]).
    pub(crate) fn new(data_type: &DataType, page_size: usize) -> DictionaryChunk {
        let numbers = |width| Values::Numbers {
            width,
            dictionary: Dictionary::new(),
            last: None,
        };
        let values = match data_type {
            DataType::UInt32 => numbers(4),
            DataType::UInt64 | DataType::Float64 => numbers(8),
            _ => Values::Texts(Dictionary::new()),
        };
        DictionaryChunk {
            values,
            page_keys: Vec::with_capacity(page_size),
            page_levels: Vec::new(),
            page_rows: 0,
            page_size,
            pages: Vec::new(),
            rows: 0,
            scratch: Vec::new(),
            compressed: Vec::new(),
            snappy: snap::raw::Encoder::new(),
        }
    }

    /// Appends the cells of `array`, a column of the type the chunk was made for.
    pub(crate) fn write(&mut self, array: &dyn Array) -> Result<()> {
        match array.data_type() {
            DataType::UInt32 => self.numbers::<UInt32Type>(array, u64::from),
            DataType::UInt64 => self.numbers::<UInt64Type>(array, |v| v),
            DataType::Float64 => self.numbers::<Float64Type>(array, f64::to_bits),
            DataType::Dictionary(_, _) => self.texts(array),
            other => {
                return Err(ParquetError::General(format!(
                    "a dictionary chunk cannot hold {other}"
                )))
            }
        }
        self.levels(array);
        self.rows += array.len();
        self.page_rows += array.len();
        if self.page_rows >= self.page_size {
            self.flush_page()?;
        }
        Ok(())
    }

    /// Looks up the non-null numbers of `array` (a [`Values::Numbers`] chunk).
    fn numbers<T: ArrowPrimitiveType>(
        &mut self,
        array: &dyn Array,
        bits: impl Fn(T::Native) -> u64,
    ) {
        let Values::Numbers {
            width,
            dictionary,
            last,
        } = &mut self.values
        else {
            unreachable!("a numbers column has a numbers chunk");
        };
        let width = *width;
        let array = array.as_primitive::<T>();
        let mut key = |v: u64| match *last {
            Some((l, k)) if l == v => k,
            _ => {
                let k = dictionary.key(v, |plain| {
                    plain.extend_from_slice(&v.to_le_bytes()[..width])
                });
                *last = Some((v, k));
                k
            }
        };
        let values = array.values();
        match array.nulls().filter(|n| n.null_count() > 0) {
            None => self.page_keys.extend(values.iter().map(|&v| key(bits(v)))),
            Some(nulls) => self
                .page_keys
                .extend(nulls.valid_indices().map(|i| key(bits(values[i])))),
        }
    }

    /// Looks up the texts of `array` (a dictionary array of texts) once, then maps the keys
    /// of its non-null cells.
    fn texts(&mut self, array: &dyn Array) {
        let Values::Texts(dictionary) = &mut self.values else {
            unreachable!("a dictionary column has a texts chunk");
        };
        let array = array.as_dictionary::<Int32Type>();
        let texts = array.values().as_string::<i32>();
        // Only the texts that some cell uses are looked up (a sliced array's dictionary may
        // hold more), and each once.
        let mut mapped = vec![u32::MAX; texts.len()];
        let keys = array.keys();
        let mut key = |k: i32| {
            let k = k as usize;
            if mapped[k] == u32::MAX {
                let text = texts.value(k);
                mapped[k] = dictionary.key(text.into(), |plain| {
                    plain.extend_from_slice(&(text.len() as u32).to_le_bytes());
                    plain.extend_from_slice(text.as_bytes());
                });
            }
            mapped[k]
        };
        let values = keys.values();
        match array.nulls().filter(|n| n.null_count() > 0) {
            None => self.page_keys.extend(values.iter().map(|&k| key(k))),
            Some(nulls) => self
                .page_keys
                .extend(nulls.valid_indices().map(|i| key(values[i]))),
        }
    }

    /// Adds the definition levels of `array`'s cells, once the page has a null.
    fn levels(&mut self, array: &dyn Array) {
        match array.nulls().filter(|n| n.null_count() > 0) {
            None if self.page_levels.is_empty() => {}
            None => self.page_levels.extend(std::iter::repeat_n(1, array.len())),
            Some(nulls) => {
                if self.page_levels.is_empty() {
                    self.page_levels
                        .extend(std::iter::repeat_n(1, self.page_rows));
                }
                self.page_levels.extend(nulls.iter().map(u8::from));
            }
        }
    }

    /// The number of values in the dictionary.
    fn dictionary_len(&self) -> usize {
        match &self.values {
            Values::Numbers { dictionary, .. } => dictionary.len(),
            Values::Texts(dictionary) => dictionary.len(),
        }
    }

    /// Encodes and compresses the page gathered, if any.
    fn flush_page(&mut self) -> Result<()> {
        if self.page_rows == 0 {
            return Ok(());
        }
        let max_key = self.dictionary_len().saturating_sub(1) as u64;
        let buf = &mut self.scratch;
        buf.clear();
        // Definition levels: their length in 4 bytes, then the levels at 1 bit.
        buf.extend_from_slice(&[0; 4]);
        if self.page_levels.is_empty() {
            // No null: one repeated run of 1s.
            rle::repeat(1, self.page_rows, 1, buf);
        } else {
            rle::encode(&self.page_levels, 1, buf);
        }
        let levels = (buf.len() - 4) as u32;
        buf[..4].copy_from_slice(&levels.to_le_bytes());
        // The keys: their bit width in a byte, then the keys.
        let width = rle::bit_width(max_key);
        buf.push(width);
        rle::encode(&self.page_keys, width, buf);
        let page = Page::DataPage {
            buf: self.compress()?,
            num_values: self.page_rows as u32,
            encoding: Encoding::RLE_DICTIONARY,
            def_level_encoding: Encoding::RLE,
            rep_level_encoding: Encoding::RLE,
            statistics: None,
        };
        self.pages
            .push(CompressedPage::new(page, self.scratch.len()));
        self.page_keys.clear();
        self.page_levels.clear();
        self.page_rows = 0;
        Ok(())
    }

    /// `scratch` compressed with Snappy.
    fn compress(&mut self) -> Result<Bytes> {
        let max = snap::raw::max_compress_len(self.scratch.len());
        self.compressed.resize(max, 0);
        let n = self
            .snappy
            .compress(&self.scratch, &mut self.compressed)
            .map_err(|e| ParquetError::External(Box::new(e)))?;
        Ok(Bytes::copy_from_slice(&self.compressed[..n]))
    }

    /// The chunk's bytes (its dictionary page, then its data pages) and what the row group
    /// needs to know of them; `column` is the column's description in the file's schema.
    pub(crate) fn close(mut self, column: ColumnDescPtr) -> Result<(Bytes, ColumnCloseResult)> {
        self.flush_page()?;
        let entries = self.dictionary_len();
        self.scratch = match &mut self.values {
            Values::Numbers { dictionary, .. } => std::mem::take(&mut dictionary.plain),
            Values::Texts(dictionary) => std::mem::take(&mut dictionary.plain),
        };
        let dictionary = Page::DictionaryPage {
            buf: self.compress()?,
            num_values: entries as u32,
            encoding: Encoding::PLAIN,
            is_sorted: false,
        };
        let dictionary = CompressedPage::new(dictionary, self.scratch.len());
        let mut sink = TrackedWrite::new(Vec::new());
        let mut compressed = 0;
        let mut uncompressed = 0;
        let mut data_page_offset = None;
        {
            let mut pages = SerializedPageWriter::new(&mut sink);
            for page in std::iter::once(dictionary).chain(self.pages) {
                let spec = pages.write_page(page)?;
                if spec.page_type == parquet::basic::PageType::DATA_PAGE {
                    data_page_offset.get_or_insert(spec.offset as i64);
                }
                compressed += spec.compressed_size as i64;
                uncompressed += spec.uncompressed_size as i64;
            }
            pages.close()?;
        }
        let bytes = sink.into_inner()?;
        let metadata = ColumnChunkMetaData::builder(column)
            .set_compression(Compression::SNAPPY)
            .set_encodings(vec![
                Encoding::PLAIN,
                Encoding::RLE,
                Encoding::RLE_DICTIONARY,
            ])
            .set_num_values(self.rows as i64)
            .set_total_compressed_size(compressed)
            .set_total_uncompressed_size(uncompressed)
            .set_dictionary_page_offset(Some(0))
            // A chunk without rows has no data page: its data would start after the dictionary.
            .set_data_page_offset(data_page_offset.unwrap_or(compressed))
            .build()?;
        let close = ColumnCloseResult {
            bytes_written: bytes.len() as u64,
            rows_written: self.rows as u64,
            metadata,
            bloom_filter: None,
            column_index: None,
            offset_index: None,
        };
        Ok((Bytes::from(bytes), close))
    }
}
