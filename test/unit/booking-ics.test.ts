import { describe, expect, it } from 'vitest';
import { buildIcs, escapeText, foldLine, type IcsEvent } from '../../src/server/modules/leads/ics';

/** The invitation against RFC 5545: structure, CRLF, folding at 75 octets, TZID and text escaping. */

const event: IcsEvent = {
  method: 'REQUEST',
  uid: 'lead-42@showroom.example',
  sequence: 0,
  stamp: new Date('2026-11-20T03:04:05.678Z'),
  date: '2026-11-25',
  start: '09:00',
  end: '10:00',
  summary: 'Lái thử: Toyota Vios 1.5G 2020 - AutoViet',
  description:
    'Mã lịch hẹn: LT-1A2B3C4D\nĐổi giờ hoặc hủy lịch: https://showroom.example/lich-hen/42-202611250900-abcdefghijklmnopqrstuv',
  location: '123 Nguyễn Văn Linh, Phường Tân Phong; Quận 7, TP. Hồ Chí Minh',
  url: 'https://showroom.example/lich-hen/42-202611250900-abcdefghijklmnopqrstuv',
  organizer: { name: 'AutoViet', email: 'lienhe@autoviet.example' },
  attendee: { name: 'Nguyễn "Văn" A', email: 'khach@example.com' },
};

/** RFC 5545 3.1: a CRLF followed by one space or tab is removed to unfold. */
const unfold = (ics: string) => ics.replace(/\r\n[ \t]/g, '');
const logicalLines = (ics: string) => unfold(ics).split('\r\n').slice(0, -1);
/** A property of the VEVENT (or of the calendar / time zone when the event has none of that name). */
function property(ics: string, name: string) {
  const lines = logicalLines(ics);
  const from = lines.indexOf('BEGIN:VEVENT');
  const match = (l: string) => l.startsWith(`${name}:`) || l.startsWith(`${name};`);
  return lines.slice(from).find(match) ?? lines.find(match);
}

describe('buildIcs', () => {
  const ics = buildIcs(event);

  it('ends every line with CRLF, never a bare LF or CR', () => {
    expect(ics.endsWith('\r\n')).toBe(true);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
  });

  it('keeps every physical line within 75 octets', () => {
    const physical = ics.split('\r\n').slice(0, -1);
    for (const line of physical) expect(Buffer.byteLength(line, 'utf8'), line).toBeLessThanOrEqual(75);
    // The long description and URL did need folding.
    expect(physical.some((l) => l.startsWith(' '))).toBe(true);
  });

  it('nests VCALENDAR, VTIMEZONE (with its STANDARD rule) and VEVENT', () => {
    const blocks = logicalLines(ics).filter((l) => /^(BEGIN|END):/.test(l));
    expect(blocks).toEqual([
      'BEGIN:VCALENDAR',
      'BEGIN:VTIMEZONE',
      'BEGIN:STANDARD',
      'END:STANDARD',
      'END:VTIMEZONE',
      'BEGIN:VEVENT',
      'END:VEVENT',
      'END:VCALENDAR',
    ]);
    for (const name of ['VERSION', 'PRODID', 'METHOD']) expect(property(ics, name), name).toBeDefined();
    expect(property(ics, 'VERSION')).toBe('VERSION:2.0');
    expect(property(ics, 'METHOD')).toBe('METHOD:REQUEST');
    expect(property(ics, 'TZID')).toBe('TZID:Asia/Ho_Chi_Minh');
    expect(property(ics, 'TZOFFSETTO')).toBe('TZOFFSETTO:+0700');
    expect(property(ics, 'TZOFFSETFROM')).toBe('TZOFFSETFROM:+0700');
  });

  it('names the event once, stamped in UTC, starting and ending in Asia/Ho_Chi_Minh', () => {
    expect(property(ics, 'UID')).toBe('UID:lead-42@showroom.example');
    expect(property(ics, 'DTSTAMP')).toBe('DTSTAMP:20261120T030405Z');
    expect(property(ics, 'SEQUENCE')).toBe('SEQUENCE:0');
    expect(property(ics, 'DTSTART')).toBe('DTSTART;TZID=Asia/Ho_Chi_Minh:20261125T090000');
    expect(property(ics, 'DTEND')).toBe('DTEND;TZID=Asia/Ho_Chi_Minh:20261125T100000');
    expect(property(ics, 'STATUS')).toBe('STATUS:CONFIRMED');
    expect(property(ics, 'ORGANIZER')).toBe('ORGANIZER;CN="AutoViet":mailto:lienhe@autoviet.example');
    // A double quote cannot stand inside a quoted parameter value: it is left out.
    expect(property(ics, 'ATTENDEE')).toBe(
      'ATTENDEE;CN="Nguyễn Văn A";ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:khach@example.com',
    );
  });

  it('escapes commas, semicolons, backslashes and line breaks in text', () => {
    expect(property(ics, 'LOCATION')).toBe(
      'LOCATION:123 Nguyễn Văn Linh\\, Phường Tân Phong\\; Quận 7\\, TP. Hồ Chí Minh',
    );
    expect(property(ics, 'SUMMARY')).toBe('SUMMARY:Lái thử: Toyota Vios 1.5G 2020 - AutoViet');
    expect(property(ics, 'DESCRIPTION')).toContain('LT-1A2B3C4D\\nĐổi giờ hoặc hủy lịch: https://');
    expect(escapeText('a,b;c\\d\ne\r\nf')).toBe('a\\,b\\;c\\\\d\\ne\\nf');
  });

  it('cancels the same event with METHOD:CANCEL and STATUS:CANCELLED', () => {
    const cancel = buildIcs({ ...event, method: 'CANCEL', sequence: 2, url: undefined });
    expect(property(cancel, 'METHOD')).toBe('METHOD:CANCEL');
    expect(property(cancel, 'STATUS')).toBe('STATUS:CANCELLED');
    expect(property(cancel, 'SEQUENCE')).toBe('SEQUENCE:2');
    expect(property(cancel, 'UID')).toBe(property(ics, 'UID'));
    expect(property(cancel, 'URL')).toBeUndefined();
  });
});

describe('foldLine', () => {
  it('leaves a short line alone', () => {
    expect(foldLine('SUMMARY:Lái thử')).toBe('SUMMARY:Lái thử');
  });

  it('folds at 75 octets without splitting a multi-byte character, and unfolds to the same line', () => {
    const line = `DESCRIPTION:${'Đường Nguyễn Thị Minh Khai 🚗 '.repeat(12)}`;
    const folded = foldLine(line);
    const parts = folded.split('\r\n');
    expect(parts.length).toBeGreaterThan(5);
    expect(Buffer.byteLength(parts[0], 'utf8')).toBeLessThanOrEqual(75);
    for (const part of parts.slice(1)) {
      expect(part.startsWith(' ')).toBe(true);
      expect(Buffer.byteLength(part, 'utf8')).toBeLessThanOrEqual(75);
    }
    // Every piece is whole characters (4-byte emoji included): no half of a surrogate pair at an edge.
    for (const part of parts) {
      expect(part).not.toMatch(/[\uD800-\uDBFF]$/);
      expect(part).not.toMatch(/^ ?[\uDC00-\uDFFF]/);
    }
    expect(unfold(folded)).toBe(line);
  });
});
