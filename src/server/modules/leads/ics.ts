/**
 * A calendar invitation (RFC 5545 iCalendar, sent as iTIP RFC 5546 REQUEST or CANCEL) for a booking:
 * one VEVENT in Asia/Ho_Chi_Minh with its VTIMEZONE, CRLF line endings, lines folded at 75 octets.
 * Vietnam has kept UTC+7 without daylight saving since 1975, so one STANDARD rule describes the zone.
 */

export const ICS_TZID = 'Asia/Ho_Chi_Minh';

export interface IcsPerson {
  name: string;
  email: string;
}

export interface IcsEvent {
  method: 'REQUEST' | 'CANCEL';
  /** Stable for the booking: a reschedule or cancellation updates the same event in the customer's calendar. */
  uid: string;
  /** Grows with every change of the booking (RFC 5545 3.8.7.4). */
  sequence: number;
  /** When the invitation was made (UTC). */
  stamp: Date;
  /** The local day (yyyy-mm-dd) and times (HH:mm) in Vietnam. */
  date: string;
  start: string;
  end: string;
  summary: string;
  description: string;
  location: string;
  url?: string;
  organizer: IcsPerson;
  attendee?: IcsPerson | null;
  /** A booking the showroom has not confirmed yet is TENTATIVE (RFC 5545 3.8.1.11); default CONFIRMED. */
  tentative?: boolean;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n|\r|\n/g, '\\n');
}

/** A parameter value (CN=...): quoted, with the characters a quoted value may not hold removed. */
function paramValue(value: string): string {
  const printable = [...value].filter((ch) => ch !== '"' && ch.charCodeAt(0) >= 0x20).join('');
  return `"${printable}"`;
}

/**
 * One content line folded into lines of at most 75 octets (RFC 5545 3.1): each continuation starts
 * with a space, and a multi-byte UTF-8 character is never split.
 */
export function foldLine(line: string): string {
  const parts: string[] = [];
  let current = '';
  let octets = 0;
  for (const ch of line) {
    const size = Buffer.byteLength(ch, 'utf8');
    const limit = parts.length === 0 ? 75 : 74;
    if (octets + size > limit) {
      parts.push(current);
      current = '';
      octets = 0;
    }
    current += ch;
    octets += size;
  }
  parts.push(current);
  return parts.join('\r\n ');
}

const compactDate = (date: string) => date.replace(/-/g, '');
const compactTime = (time: string) => `${time.replace(':', '')}00`;

/** 20261125T010203Z */
export function utcStamp(at: Date): string {
  return at
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}/, '');
}

export function buildIcs(e: IcsEvent): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Showroom//Lich hen//VI',
    'CALSCALE:GREGORIAN',
    `METHOD:${e.method}`,
    'BEGIN:VTIMEZONE',
    `TZID:${ICS_TZID}`,
    'BEGIN:STANDARD',
    'DTSTART:19750613T000000',
    'TZOFFSETFROM:+0700',
    'TZOFFSETTO:+0700',
    'TZNAME:+07',
    'END:STANDARD',
    'END:VTIMEZONE',
    'BEGIN:VEVENT',
    `UID:${e.uid}`,
    `DTSTAMP:${utcStamp(e.stamp)}`,
    `SEQUENCE:${e.sequence}`,
    `DTSTART;TZID=${ICS_TZID}:${compactDate(e.date)}T${compactTime(e.start)}`,
    `DTEND;TZID=${ICS_TZID}:${compactDate(e.date)}T${compactTime(e.end)}`,
    `SUMMARY:${escapeText(e.summary)}`,
    `DESCRIPTION:${escapeText(e.description)}`,
    `LOCATION:${escapeText(e.location)}`,
    ...(e.url ? [`URL:${e.url}`] : []),
    `ORGANIZER;CN=${paramValue(e.organizer.name)}:mailto:${e.organizer.email}`,
    ...(e.attendee
      ? [
          `ATTENDEE;CN=${paramValue(e.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=ACCEPTED;RSVP=FALSE:mailto:${e.attendee.email}`,
        ]
      : []),
    `STATUS:${e.method === 'CANCEL' ? 'CANCELLED' : e.tentative ? 'TENTATIVE' : 'CONFIRMED'}`,
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}
