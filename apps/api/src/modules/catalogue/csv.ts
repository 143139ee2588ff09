/**
 * A small reader for the semicolon-separated files Italian pharmacy software and Excel export:
 * fields may be quoted ("…", with "" for a quote inside) and then hold separators and line
 * breaks; lines end in LF or CRLF; a UTF-8 byte order mark is dropped. Each record carries the
 * line it starts on, so problems can be reported the way the pharmacist sees the file.
 */

export interface CsvRecord {
  /** 1-based line of the file the record starts on. */
  line: number;
  fields: string[];
  /** A quoted field was still open at the end of the file. */
  unterminated: boolean;
}

/** Text of a file: UTF-8, or Windows-1252 (what Excel in Italian saves as "CSV") when it is not valid UTF-8. */
export function decodeText(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    text = new TextDecoder('windows-1252').decode(bytes);
  }
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
}

export function parseCsv(text: string, separator = ';'): CsvRecord[] {
  const records: CsvRecord[] = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let recordLine = 1;
  let i = 0;
  const endRecord = () => {
    fields.push(field);
    records.push({ line: recordLine, fields, unterminated: false });
    fields = [];
    field = '';
  };
  while (i < text.length) {
    const ch = text[i] as string;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
        i++;
        continue;
      }
      if (ch === '\n') line++;
      field += ch;
      i++;
      continue;
    }
    if (ch === '"' && field.trim() === '') {
      quoted = true;
      field = '';
      i++;
    } else if (ch === separator) {
      fields.push(field);
      field = '';
      i++;
    } else if (ch === '\r' && text[i + 1] === '\n') {
      i++;
    } else if (ch === '\n') {
      endRecord();
      line++;
      recordLine = line;
      i++;
    } else {
      field += ch;
      i++;
    }
  }
  if (quoted) {
    fields.push(field);
    records.push({ line: recordLine, fields, unterminated: true });
  } else if (field !== '' || fields.length > 0) {
    endRecord();
  }
  return records;
}
