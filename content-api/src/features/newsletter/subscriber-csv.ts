// A CSV file of subscribers to import (docs/decisions/215): a header line naming the columns, one
// of them "email" (any case). This site's own export (GET /newsletter/subscribers.csv) and Ghost's
// member export are read as they are. csv-parse reads the format (quoted cells and line breaks in
// them; CRLF, LF or CR; commas, or the semicolons or tabs of a spreadsheet in another language);
// this module says which lines give an address, and which do not and why, by their line in the
// file. A file it cannot read at all is a 400: nothing is imported.
import {
  SUBSCRIBER_IMPORT_MAX_LINES,
  SUBSCRIBER_IMPORT_MESSAGES,
  check,
  emailAddress,
  notAnAddressReason,
  notConfirmedReason,
  subscriberImportNotCsv,
} from '@portfolio/contract';
import type { SubscriberImportLine } from '@portfolio/contract';
import { CsvError, parse } from 'csv-parse/sync';
import { HttpError } from '../../http/errors.js';
import { undefusedCell } from '../../lib/csv.js';
import { normalEmail } from './repository.js';

/** What a file gives. */
export interface SubscriberFile {
  /** Each address of the file, normalised as subscribing does, once, in the file's order. */
  addresses: string[];
  /** The lines that give no address, in the file's order. */
  invalid: SubscriberImportLine[];
}

/** The address column's name in the header (any case). */
const EMAIL = 'email';
/** This site's export: only `confirmed` (or nothing) is imported. */
const STATUS = 'status';
/** Ghost's member export: `false` for a member who does not get the newsletter. */
const SUBSCRIBED_TO_EMAILS = 'subscribed_to_emails';

/** The cell separator: a comma, unless the header line has none and a semicolon or a tab. */
function delimiterOf(text: string): string {
  const header = /^[^\r\n]*/.exec(text)?.[0] ?? '';
  if (header.includes(',')) return ',';
  if (header.includes(';')) return ';';
  if (header.includes('\t')) return '\t';
  return ',';
}

const count = (text: string, pattern: RegExp) => text.match(pattern)?.length ?? 0;

/** A record and the line of the file it begins on. */
interface Line {
  cells: string[];
  line: number;
}

/** The first line after `line` that is not empty: where the record after it begins. */
function lineAfter(text: string, line: number): number {
  const lines = text.split(/\r\n|\r|\n/);
  let index = line;
  while (index < lines.length - 1 && lines[index] === '') index += 1;
  return index + 1;
}

/**
 * The file's records with a cell filled in (a line of empty cells is none), each with the line it
 * begins on; past the header and SUBSCRIBER_IMPORT_MAX_LINES, a 400 at once. csv-parse says the
 * line a record ends on, but counts a CRLF inside a quoted cell as two lines: each one's extra is
 * taken off, from there on. A break of the format (a quote never closed) is a 400 naming the line
 * its record begins on. `text` has no byte-order mark.
 */
function linesOf(text: string): Line[] {
  const lines: Line[] = [];
  let overcounted = 0;
  let ended = 0;
  try {
    parse(text, {
      delimiter: delimiterOf(text),
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      // Each record kept here with its line, and none by the parser.
      on_record: (record: string[], { lines: end }) => {
        const inside = record.join('');
        overcounted += count(inside, /\r\n/g);
        ended = end - overcounted;
        if (inside.trim() === '') return null;
        if (lines.length > SUBSCRIBER_IMPORT_MAX_LINES) {
          throw new HttpError(400, SUBSCRIBER_IMPORT_MESSAGES.tooManyLines);
        }
        lines.push({ cells: record, line: ended - count(inside, /\r\n|\r|\n/g) });
        return null;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const line = lineAfter(text, ended);
    throw new HttpError(400, subscriberImportNotCsv(line, error.code === 'CSV_QUOTE_NOT_CLOSED'));
  }
  return lines;
}

/**
 * Reads a file to import: its addresses, and its lines that give none. A file that is empty, has
 * no "email" column, no line after its header or more than SUBSCRIBER_IMPORT_MAX_LINES, or cannot
 * be read as CSV, is an HttpError 400.
 */
export function readSubscriberCsv(file: string): SubscriberFile {
  const text = file.replace(/^\uFEFF/, '');
  if (text.trim() === '') throw new HttpError(400, SUBSCRIBER_IMPORT_MESSAGES.empty);
  const [header, ...rows] = linesOf(text);
  const names = (header?.cells ?? []).map((name) => name.trim().toLowerCase());
  const email = names.indexOf(EMAIL);
  if (email === -1) throw new HttpError(400, SUBSCRIBER_IMPORT_MESSAGES.noEmailColumn);
  if (rows.length === 0) throw new HttpError(400, SUBSCRIBER_IMPORT_MESSAGES.noLines);
  const status = names.indexOf(STATUS);
  const subscribed = names.indexOf(SUBSCRIBED_TO_EMAILS);

  const seen = new Set<string>();
  const invalid: SubscriberImportLine[] = [];
  for (const { cells, line } of rows) {
    const cell = undefusedCell((cells[email] ?? '').trim());
    const address = normalEmail(cell);
    const stated = status === -1 ? '' : (cells[status] ?? '').trim();
    let reason: string | undefined;
    if (cell === '') reason = SUBSCRIBER_IMPORT_MESSAGES.noAddress;
    else if (!check(emailAddress, address)) reason = notAnAddressReason(cell);
    else if (stated !== '' && stated.toLowerCase() !== 'confirmed') {
      reason = notConfirmedReason(stated);
    } else if (subscribed !== -1 && cells[subscribed]?.trim().toLowerCase() === 'false') {
      reason = SUBSCRIBER_IMPORT_MESSAGES.notSubscribed;
    }
    if (reason !== undefined) invalid.push({ line, reason });
    else seen.add(address);
  }
  return { addresses: [...seen], invalid };
}
