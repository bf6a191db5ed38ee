import { describe, expect, it } from 'vitest';
import {
  carPapersInput,
  ownerText,
  parseServiceImportText,
  serviceRecordImport,
} from '../../src/contract/car-records';

describe('the import box text', () => {
  it('reads one record a line, ; or tab separated, and keeps ; inside the place', () => {
    const parsed = parseServiceImportText(
      '12/03/2022;20.000;Bảo dưỡng cấp 20.000 km;Toyota Thăng Long\n\n2023-01-05\t31000\tThay lốp\n' +
        '01/06/2023;35000;Thay dầu;Garage A; chi nhánh 2',
    );
    expect(parsed).toEqual({
      records: [
        {
          servicedOn: '12/03/2022',
          km: '20.000',
          work: 'Bảo dưỡng cấp 20.000 km',
          place: 'Toyota Thăng Long',
        },
        { servicedOn: '2023-01-05', km: '31000', work: 'Thay lốp', place: '' },
        { servicedOn: '01/06/2023', km: '35000', work: 'Thay dầu', place: 'Garage A; chi nhánh 2' },
      ],
    });
    const checked = serviceRecordImport.parse(parsed);
    expect(checked.records.map((r) => [r.servicedOn, r.km])).toEqual([
      ['2022-03-12', 20_000],
      ['2023-01-05', 31_000],
      ['2023-06-01', 35_000],
    ]);
  });

  it('reads a JSON list or {records}, and names what it cannot read', () => {
    const list = [{ servicedOn: '2022-03-12', km: 20000, work: 'Thay dầu' }];
    expect(parseServiceImportText(JSON.stringify(list))).toEqual({ records: list });
    expect(parseServiceImportText(JSON.stringify({ records: list }))).toEqual({ records: list });
    expect(parseServiceImportText('[{')).toEqual({ error: 'JSON không hợp lệ' });
    expect(parseServiceImportText('{"a":1}')).toEqual({ error: 'JSON phải là một danh sách bản ghi' });
    expect(parseServiceImportText('  ')).toEqual({ error: 'Vui lòng dán lịch sử bảo dưỡng' });
    expect(parseServiceImportText('12/03/2022;20000\n')).toEqual({
      error: 'Dòng 1: cần "dd/mm/yyyy;km;công việc;nơi làm"',
    });
  });
});

describe('papers', () => {
  it('reads blanks as unknown and dates typed either way', () => {
    expect(
      carPapersInput.parse({
        ownerType: '',
        vatInvoice: null,
        registrationUntil: '05/01/2027',
        liabilityInsuranceUntil: '2027-01-31',
        bodyInsuranceUntil: '',
        loanStatus: 'none',
        fineCheckedOn: '',
        fineResult: '',
      }),
    ).toEqual({
      ownerType: null,
      vatInvoice: null,
      registrationUntil: '2027-01-05',
      liabilityInsuranceUntil: '2027-01-31',
      bodyInsuranceUntil: null,
      loanStatus: 'none',
      fineCheckedOn: null,
      fineResult: null,
      staffNote: '',
    });
  });

  it('says the VAT invoice of a company car, never "no invoice" for a personal one', () => {
    expect(ownerText({ ownerType: 'company', vatInvoice: true })).toBe('Xe công ty · Có hóa đơn VAT');
    expect(ownerText({ ownerType: 'company', vatInvoice: false })).toBe('Xe công ty · Không có hóa đơn VAT');
    expect(ownerText({ ownerType: 'personal', vatInvoice: false })).toBe('Xe cá nhân');
    expect(ownerText({ ownerType: null, vatInvoice: true })).toBeNull();
  });
});
