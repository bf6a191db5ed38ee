import { crc16ccitt } from 'crc';
import emv from 'emv-qrcps';
import { describe, expect, it } from 'vitest';
import { RESERVATION_CODE_RE } from '../../src/contract/reservation-labels';
import { codeInContent } from '../../src/server/modules/reservations/payments';
import { crc16, vietQrPayload } from '../../src/server/modules/reservations/vietqr';
import { newReservationCode } from '../../src/server/modules/reservations/views';

/** The payload's fields as an independent EMVCo parser reads them: "38" -> value, "38.01" -> sub-field. */
function fields(payload: string): Map<string, string> {
  const out = new Map<string, string>();
  let parent = '';
  for (const line of emv.Merchant.Parser.toEMVQR(payload).rawData().split('\n')) {
    const m = /^( ?)(\d{2}) (\d{2}) ?(.*)$/.exec(line);
    if (!m) continue;
    const [, indent, id, , value] = m;
    if (!indent) parent = id;
    out.set(indent ? `${parent}.${id}` : id, value);
  }
  return out;
}

const transfer = {
  bankBin: '970436',
  accountNumber: '0071000123456',
  amount: 10_000_000,
  purpose: 'DC7K2P9X',
};

describe('the VietQR payload of a deposit', () => {
  const payload = vietQrPayload(transfer);
  const f = fields(payload);

  it('carries every NAPAS field an independent parser finds', () => {
    expect(f.get('00')).toBe('01'); // payload format
    expect(f.get('01')).toBe('12'); // dynamic: the amount is fixed
    expect(f.get('38.00')).toBe('A000000727'); // NAPAS GUID
    // The beneficiary: the bank's BIN, then the account number, each a field of its own.
    expect(f.get('38.01')).toBe('000697043601130071000123456');
    expect(f.get('38.02')).toBe('QRIBFTTA'); // transfer to an account
    expect(f.get('53')).toBe('704'); // VND
    expect(f.get('54')).toBe('10000000');
    expect(f.get('58')).toBe('VN');
    expect(f.get('62.08')).toBe('DC7K2P9X'); // purpose: the reservation code
  });

  it('ends with a CRC the library recomputes and CRC-16/CCITT-FALSE agrees with', () => {
    expect(emv.Merchant.Parser.toEMVQR(payload).generatePayload()).toBe(payload);
    const body = payload.slice(0, -4);
    expect(body.endsWith('6304')).toBe(true);
    expect(payload.slice(-4)).toBe(crc16ccitt(body).toString(16).toUpperCase().padStart(4, '0'));
    // The check value of CRC-16/CCITT-FALSE over "123456789".
    expect(crc16('123456789')).toBe('29B1');
  });

  it('changes its CRC when any field changes', () => {
    const other = vietQrPayload({ ...transfer, amount: 10_000_001 });
    expect(other.slice(-4)).not.toBe(payload.slice(-4));
  });

  it('refuses what a bank app could not pay', () => {
    expect(() => vietQrPayload({ ...transfer, bankBin: '97043' })).toThrow();
    expect(() => vietQrPayload({ ...transfer, amount: 0 })).toThrow();
    expect(() => vietQrPayload({ ...transfer, amount: 1.5 })).toThrow();
  });

  it('writes the purpose without accents or signs, as bank apps show a transfer content', () => {
    const purpose = fields(vietQrPayload({ ...transfer, purpose: 'DC7K2P9X – đặt cọc' })).get('62.08');
    expect(purpose).toBe('DC7K2P9X dat coc');
  });
});

describe('reservation codes', () => {
  it('are DC and six characters without look-alikes', () => {
    for (let i = 0; i < 200; i++) {
      const code = newReservationCode();
      expect(code).toMatch(new RegExp(`^${RESERVATION_CODE_RE.source}$`));
      expect(code.slice(2)).not.toMatch(/[01OIL]/);
    }
  });

  it('are found in a transfer content however the bank wrote it', () => {
    expect(codeInContent('DC7K2P9X')).toBe('DC7K2P9X');
    expect(codeInContent('MBVCB.123456.dc7k2p9x.CT tu 0071000')).toBe('DC7K2P9X');
    expect(codeInContent('chuyen tien DC 7K2 P9X')).toBe('DC7K2P9X');
    expect(codeInContent('chuyen tien coc xe')).toBeNull();
  });
});
