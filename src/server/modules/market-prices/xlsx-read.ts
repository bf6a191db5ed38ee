import { posix } from 'node:path';
import { SaxesParser } from 'saxes';
import unzipper, { type File as ZipFile } from 'unzipper';
import { ApiError, badRequest } from '../../platform/errors';
import type { Cell } from './read-file';

/**
 * An XLSX read as a stream, never inflated whole: the ZIP's central directory is read first and a
 * workbook whose parts declare more than the limit once inflated is refused before anything is
 * inflated; the parts are then inflated chunk by chunk into an XML parser, and a part that inflates to
 * more than it declared is refused as damaged. Rows go to the caller one at a time, which stops the
 * reading by throwing (the row cap).
 */
export const XLSX_LIMITS = {
  /** Every part of the workbook together, once inflated (50.000 rows of fifteen cells: 30 to 60 MB). */
  unzippedBytes: 100 * 1024 * 1024,
  /** The shared texts, held in memory while the sheet is read (a few MB in a real price list). */
  sharedStringsBytes: 32 * 1024 * 1024,
  sharedStrings: 1_000_000,
};

export interface XlsxReadOptions {
  /** Cells to the right of this many columns are not read. */
  maxColumns: number;
  /** A longer text is cut to this many characters. */
  maxCellChars: number;
}

const MB = 1024 * 1024;
const damaged = () => badRequest('Không đọc được tệp Excel: tệp hỏng hoặc không phải XLSX');

type Part = Pick<ZipFile, 'uncompressedSize' | 'stream'>;

type Tag = { name: string; attributes: Record<string, string> };
interface XmlHandlers {
  open?(name: string, tag: Tag): void;
  text?(text: string): void;
  close?(name: string): void;
}

/**
 * The longest token the XML parser may gather: saxes keeps a text, a name or an attribute value whole
 * until the markup after it, so one text of 90 MB inside the size limit would sit in memory twice. Excel
 * writes at most 32.767 characters in a cell; a token past this is not a spreadsheet Excel wrote.
 */
const MAX_TOKEN_CHARS = 1024 * 1024;
const PENDING = ['text', 'name', 'entity', 'piTarget'] as const;

/** How much saxes has gathered of the token it is in (its own fields, read when they are strings). */
function pendingChars(parser: SaxesParser): number {
  const fields = parser as unknown as Record<(typeof PENDING)[number], unknown>;
  let longest = 0;
  for (const key of PENDING) {
    const value = fields[key];
    if (typeof value === 'string' && value.length > longest) longest = value.length;
  }
  return longest;
}

/** The name without its namespace prefix (`x:row` from some writers is a `row`). */
const local = (name: string) => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** Inflates one part into the XML parser, counting the bytes against what the directory declared. */
async function parsePart(part: Part, handlers: XmlHandlers): Promise<void> {
  const parser = new SaxesParser({ position: false });
  if (handlers.open) {
    const open = handlers.open;
    parser.on('opentag', (tag) => open(local(tag.name), tag as Tag));
  }
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(local(tag.name)));
  }
  const decoder = new TextDecoder('utf-8');
  const stream = part.stream();
  let inflated = 0;
  try {
    for await (const chunk of stream) {
      inflated += chunk.length;
      if (inflated > part.uncompressedSize) throw damaged();
      parser.write(decoder.decode(chunk, { stream: true }));
      if (pendingChars(parser) > MAX_TOKEN_CHARS) throw damaged();
    }
    parser.write(decoder.decode());
    parser.close();
  } catch (err) {
    throw err instanceof ApiError ? err : damaged();
  } finally {
    stream.destroy();
  }
}

/** The ZIP's parts by path, after checking what they declare once inflated. */
async function openZip(buf: Buffer): Promise<Map<string, Part>> {
  let files: ZipFile[];
  try {
    files = (await unzipper.Open.buffer(buf)).files;
  } catch {
    throw damaged();
  }
  const parts = new Map<string, Part>();
  let total = 0;
  for (const f of files) {
    if (f.type !== 'File') continue;
    total += f.uncompressedSize;
    parts.set(f.path.replace(/^\/+/, ''), f);
  }
  if (total > XLSX_LIMITS.unzippedBytes)
    throw new ApiError(
      413,
      `Tệp Excel sau khi giải nén lớn hơn ${XLSX_LIMITS.unzippedBytes / MB} MB: hãy xóa bớt dữ liệu hoặc chia thành nhiều tệp`,
    );
  return parts;
}

/** The relationships of a part (`Id` -> type and target path), from its `_rels/*.rels`. */
async function relationships(parts: Map<string, Part>, of: string) {
  const rels = new Map<string, { type: string; target: string }>();
  const file = posix.join(posix.dirname(of), '_rels', `${posix.basename(of)}.rels`);
  const part = parts.get(file);
  if (!part) return rels;
  await parsePart(part, {
    open(name, tag) {
      if (name !== 'Relationship' || tag.attributes.TargetMode === 'External') return;
      const target = tag.attributes.Target ?? '';
      const path = target.startsWith('/')
        ? target.slice(1)
        : posix.normalize(posix.join(posix.dirname(of), target));
      rels.set(tag.attributes.Id, { type: tag.attributes.Type ?? '', target: path });
    },
  });
  return rels;
}

const relOfType = (rels: Map<string, { type: string; target: string }>, type: string) =>
  [...rels.values()].find((r) => r.type.endsWith(`/${type}`))?.target;

/** The worksheets in the workbook's order, and whether its dates count from 1904. */
async function readWorkbook(parts: Map<string, Part>) {
  const root = await relationships(parts, '');
  const path = relOfType(root, 'officeDocument') ?? 'xl/workbook.xml';
  const part = parts.get(path);
  if (!part) throw damaged();
  const sheetIds: string[] = [];
  let date1904 = false;
  await parsePart(part, {
    open(name, tag) {
      if (name === 'workbookPr') date1904 = ['1', 'true'].includes(tag.attributes.date1904 ?? '');
      else if (name === 'sheet') {
        const id = Object.entries(tag.attributes).find(([k]) => k.endsWith(':id'))?.[1];
        if (id) sheetIds.push(id);
      }
    },
  });
  const rels = await relationships(parts, path);
  const sheets = sheetIds.map((id) => rels.get(id)?.target).filter((t): t is string => !!t);
  const strings = relOfType(rels, 'sharedStrings') ?? posix.join(posix.dirname(path), 'sharedStrings.xml');
  const styles = relOfType(rels, 'styles') ?? posix.join(posix.dirname(path), 'styles.xml');
  return { sheets, date1904, strings, styles };
}

/** Built-in number formats that show a date or a time (the ones exceljs reads as dates). */
const DATE_FORMAT_IDS = new Set([14, 15, 16, 17, 18, 19, 20, 21, 22, 45, 46, 47]);
const isDateFormat = (code: string) =>
  /[ymdhMsb]/.test(code.replace(/\[[^\]]*]/g, '').replace(/"[^"]*"/g, ''));

/** For each cell style (the `s` of a cell), whether a number in it is a date. */
async function readDateStyles(part: Part | undefined): Promise<boolean[]> {
  if (!part) return [];
  const custom = new Map<number, string>();
  const formats: number[] = [];
  let inCellXfs = false;
  await parsePart(part, {
    open(name, tag) {
      if (name === 'numFmt') custom.set(Number(tag.attributes.numFmtId), tag.attributes.formatCode ?? '');
      else if (name === 'cellXfs') inCellXfs = true;
      else if (name === 'xf' && inCellXfs) formats.push(Number(tag.attributes.numFmtId ?? 0));
    },
    close(name) {
      if (name === 'cellXfs') inCellXfs = false;
    },
  });
  return formats.map((id) => {
    const code = custom.get(id);
    return code !== undefined ? isDateFormat(code) : DATE_FORMAT_IDS.has(id);
  });
}

/**
 * Collects the text of `<t>` elements inside an element (a shared string, an inline string), the runs
 * of rich text joined, phonetic guides (`rPh`) left out, cut at `max` characters.
 */
class TextCollector {
  text = '';
  private inT = false;
  private phonetic = 0;
  constructor(private readonly max: number) {}
  open(name: string) {
    if (name === 't' && this.phonetic === 0) this.inT = true;
    else if (name === 'rPh') this.phonetic++;
  }
  close(name: string) {
    if (name === 't') this.inT = false;
    else if (name === 'rPh') this.phonetic--;
  }
  add(text: string) {
    if (this.inT && this.text.length < this.max) this.text += text.slice(0, this.max - this.text.length);
  }
  take() {
    const text = this.text;
    this.text = '';
    return text;
  }
}

async function readSharedStrings(part: Part | undefined, max: number): Promise<string[]> {
  if (!part) return [];
  if (part.uncompressedSize > XLSX_LIMITS.sharedStringsBytes)
    throw new ApiError(
      413,
      `Phần chữ của tệp Excel lớn hơn ${XLSX_LIMITS.sharedStringsBytes / MB} MB sau khi giải nén: hãy chia thành nhiều tệp`,
    );
  const strings: string[] = [];
  const text = new TextCollector(max);
  await parsePart(part, {
    open(name) {
      text.open(name);
    },
    text: (t) => text.add(t),
    close(name) {
      text.close(name);
      if (name !== 'si') return;
      strings.push(text.take());
      if (strings.length > XLSX_LIMITS.sharedStrings)
        throw new ApiError(
          413,
          `Tệp Excel có hơn ${XLSX_LIMITS.sharedStrings.toLocaleString('vi-VN')} đoạn chữ khác nhau: hãy chia thành nhiều tệp`,
        );
    },
  });
  return strings;
}

/** Column index (0-based) of a cell reference such as `AB12`; -1 when it has no letters. */
function columnOf(ref: string): number {
  let col = 0;
  let i = 0;
  for (; i < ref.length; i++) {
    const c = ref.charCodeAt(i);
    if (c < 65 || c > 90) break;
    col = col * 26 + (c - 64);
  }
  return i === 0 ? -1 : col - 1;
}

const excelDate = (serial: number, date1904: boolean) =>
  new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));

interface SheetContext extends XlsxReadOptions {
  strings: string[];
  dateStyles: boolean[];
  date1904: boolean;
}

/** One sheet's rows, each numbered as the sheet numbers it. Answers whether any row held a value. */
async function readSheet(
  part: Part,
  ctx: SheetContext,
  onRow: (line: number, cells: Cell[]) => void,
): Promise<boolean> {
  let line = 0;
  let cells: Cell[] = [];
  let col = -1;
  let type = '';
  let style = 0;
  let value: string | null = null;
  let inV = false;
  let inInline = false;
  let any = false;
  const inline = new TextCollector(ctx.maxCellChars);
  const cut = (s: string) => (s.length > ctx.maxCellChars ? s.slice(0, ctx.maxCellChars) : s);

  function cellValue(): Cell {
    if (type === 'inlineStr') return cut(inline.take());
    if (value === null) return null;
    switch (type) {
      case 's':
        return ctx.strings[Number(value)] ?? null;
      case 'str':
        return cut(value);
      case 'b':
        return value === '1' || value === 'true' ? 'true' : 'false';
      case 'e':
        return null;
      case 'd': {
        const d = new Date(value);
        return Number.isNaN(d.getTime()) ? null : d;
      }
      default: {
        if (!value.trim()) return null;
        const n = Number(value);
        if (Number.isNaN(n)) return null;
        return ctx.dateStyles[style] ? excelDate(n, ctx.date1904) : n;
      }
    }
  }

  await parsePart(part, {
    open(name, tag) {
      if (name === 'row') {
        const r = Number(tag.attributes.r);
        line = Number.isInteger(r) && r > 0 ? r : line + 1;
        cells = [];
        col = -1;
      } else if (name === 'c') {
        const ref = tag.attributes.r;
        const at = ref ? columnOf(ref) : -1;
        col = at >= 0 ? at : col + 1;
        type = tag.attributes.t ?? 'n';
        style = Number(tag.attributes.s ?? 0);
        value = null;
      } else if (name === 'v') {
        inV = true;
        value = '';
      } else if (name === 'is') inInline = true;
      else if (inInline) inline.open(name);
    },
    text(t) {
      if (inV) {
        if ((value as string).length < ctx.maxCellChars) value += t;
      } else if (inInline) inline.add(t);
    },
    close(name) {
      if (name === 'v') inV = false;
      else if (name === 'is') inInline = false;
      else if (inInline) inline.close(name);
      else if (name === 'c') {
        const v = cellValue();
        if (col < ctx.maxColumns) cells[col] = v;
      } else if (name === 'row') {
        const row = Array.from(cells, (c) => c ?? null);
        if (!any) any = row.some((c) => c !== null && !(typeof c === 'string' && !c.trim()));
        onRow(line, row);
      }
    },
  });
  return any;
}

/**
 * The rows of the first worksheet that holds anything, in order, as `onRow(line, cells)`: texts (shared,
 * inline, rich), numbers, dates (numbers in a date format, by the workbook's 1900 or 1904 system),
 * booleans as "true"/"false", formulas by their stored result, errors as empty.
 */
export async function readXlsxRows(
  buf: Buffer,
  opts: XlsxReadOptions,
  onRow: (line: number, cells: Cell[]) => void,
): Promise<void> {
  const parts = await openZip(buf);
  const book = await readWorkbook(parts);
  const ctx: SheetContext = {
    ...opts,
    dateStyles: await readDateStyles(parts.get(book.styles)),
    strings: await readSharedStrings(parts.get(book.strings), opts.maxCellChars),
    date1904: book.date1904,
  };
  for (const path of book.sheets) {
    const part = parts.get(path);
    // The first sheet with a value is the list; the blank rows of the sheets before it are skipped.
    if (part && (await readSheet(part, ctx, onRow))) return;
  }
}
