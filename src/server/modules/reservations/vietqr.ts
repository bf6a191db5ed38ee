import { stripVietnameseMarks } from '../../../contract/text';
/**
 * The VietQR payload of a transfer to a bank account, as NAPAS specifies it on top of the EMVCo
 * merchant-presented QR format: a string of ID-length-value fields ending with a CRC, which every
 * Vietnamese banking app reads.
 */

/** NAPAS's globally unique identifier of the VietQR scheme (field 38, sub-field 00). */
export const NAPAS_GUID = 'A000000727';
/** "Quick transfer to an account" (QRIBFTTA); QRIBFTTC would address a card number. */
export const TRANSFER_TO_ACCOUNT = 'QRIBFTTA';
const VND = '704';

export interface VietQrTransfer {
  /** The bank's 6-digit NAPAS BIN. */
  bankBin: string;
  accountNumber: string;
  /** Whole đồng. */
  amount: number;
  /** The transfer's content (purpose of transaction): here the reservation code. */
  purpose: string;
}

/** One EMVCo field: two-digit id, two-digit length, value. */
function field(id: string, value: string): string {
  if (value.length > 99) throw new RangeError(`VietQR field ${id} is longer than 99 characters`);
  return `${id}${String(value.length).padStart(2, '0')}${value}`;
}

/** CRC-16/CCITT-FALSE (polynomial 0x1021, initial 0xFFFF), as EMVCo field 63 requires. */
export function crc16(text: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(text, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit++)
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** The payload for a transfer of a fixed amount (a dynamic code: point of initiation 12). */
export function vietQrPayload(t: VietQrTransfer): string {
  if (!/^\d{6}$/.test(t.bankBin)) throw new RangeError('The bank BIN has six digits');
  if (!Number.isInteger(t.amount) || t.amount <= 0) throw new RangeError('The amount is whole đồng');
  // Bank apps show the purpose as the transfer's content: ASCII letters, digits and spaces only.
  const purpose = stripVietnameseMarks(t.purpose)
    .replace(/[^0-9A-Za-z ]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 25);
  const beneficiary = field('00', t.bankBin) + field('01', t.accountNumber);
  const merchant = field('00', NAPAS_GUID) + field('01', beneficiary) + field('02', TRANSFER_TO_ACCOUNT);
  const body =
    field('00', '01') +
    field('01', '12') +
    field('38', merchant) +
    field('53', VND) +
    field('54', String(t.amount)) +
    field('58', 'VN') +
    field('62', field('08', purpose));
  const withCrcTag = `${body}6304`;
  return withCrcTag + crc16(withCrcTag);
}
