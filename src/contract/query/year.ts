import type { Query } from './text';

/**
 * Year of manufacture: "đời 2020 trở lên", "từ 2019", "sau 2018", "trước 2015", "2018-2020",
 * "đời 19" (2019), "xe 2021", "dưới 5 năm tuổi", "không quá 3 năm".
 */
export function parseYear(q: Query, now: Date): { yearMin?: number; yearMax?: number } {
  const current = now.getFullYear();
  const out: { yearMin?: number; yearMax?: number } = {};
  const year = (s: string): number | null => {
    let n = Number(s);
    if (s.length === 2) n = 2000 + n;
    return n >= 1980 && n <= current + 1 ? n : null;
  };
  const YEAR = '((?:19|20)\\d{2})(?!\\d|[.,]\\d|\\s*(?:km|k\\b|trieu|tr\\b|ty|cu\\b|nghin|ngan|van))';
  const CUE = '(?:doi|nam|sx|san xuat|model|dang ky|dk|doi xe)';

  // Ranges: "2018-2020", "tu 2018 den 2020", "doi 18 - 20".
  q.take(
    new RegExp(
      `(?:${CUE}\\s*)?(?:tu\\s*)?(?:${CUE}\\s*)?${YEAR}\\s*(?:-|den|toi|~)\\s*(?:${CUE}\\s*)?${YEAR}`,
      'g',
    ),
    (m) => {
      const a = year(m[1]);
      const b = year(m[2]);
      if (!a || !b || a > b) return false;
      out.yearMin = a;
      out.yearMax = b;
      return true;
    },
  );
  q.take(
    new RegExp(`${CUE}\\s*(\\d{2})\\s*(?:-|den|toi)\\s*(\\d{2})(?![\\d])(?!\\s*(?:km|cho|trieu|tr|ty))`, 'g'),
    (m) => {
      const a = year(m[1]);
      const b = year(m[2]);
      if (!a || !b || a > b) return false;
      out.yearMin = a;
      out.yearMax = b;
      return true;
    },
  );

  const single = (digits: string, before: string, after: string) => {
    const y = year(digits);
    if (!y) return false;
    const b = before.trim();
    if (/^(tro len|tro ve sau|ve sau|tro di|moi hon|tro ra|len)(?![a-z])/.test(after.trim())) {
      out.yearMin = y;
    } else if (/^(tro xuong|tro ve truoc|ve truoc|tro lai|cu hon)/.test(after.trim())) {
      out.yearMax = y;
    } else if (/(sau|moi hon)\s*(?:nam|doi)?$/.test(b)) {
      out.yearMin = y + 1;
    } else if (/(tu|tren|it nhat|toi thieu|khong duoi|khong cu hon|>=?)\s*(?:nam|doi)?$/.test(b)) {
      out.yearMin = y;
    } else if (/(truoc)\s*(?:nam|doi)?$/.test(b)) {
      out.yearMax = y - 1;
    } else if (/(duoi|khong qua|toi da|<=?)\s*(?:nam|doi)?$/.test(b)) {
      out.yearMax = y;
    } else {
      out.yearMin = y;
      out.yearMax = y;
    }
    return true;
  };

  q.take(
    new RegExp(
      `((?:tu|tren|sau|truoc|duoi|khong qua|it nhat|toi thieu|khong duoi|moi hon)\\s*)?(?:${CUE}\\s*)?${YEAR}`,
      'g',
    ),
    (m) => {
      const index = m.index ?? 0;
      const after = q.rest.slice(index + m[0].length, index + m[0].length + 20);
      // A bare four-digit number needs a cue word or a bound word to be a year ("xe 2020" counts, "2008" after Peugeot was taken).
      return single(m[2], m[1] ?? '', after);
    },
  );
  q.take(
    new RegExp(
      `((?:tu|tren|sau|truoc)\\s*)?${CUE}\\s*(\\d{2})(?![\\d.,]|\\s*(?:km|k\\b|cho|trieu|tr\\b|ty|nguoi|thang|tuoi|nam|%))`,
      'g',
    ),
    (m) => {
      const index = m.index ?? 0;
      const after = q.rest.slice(index + m[0].length, index + m[0].length + 20);
      return single(m[2], m[1] ?? '', after);
    },
  );

  // Age: "dưới 5 năm tuổi", "không quá 3 năm", "xe 2-3 năm tuổi".
  q.take(
    /(duoi|khong qua|it hon|toi da|chua qua|chua toi)\s*(\d{1,2})\s*nam(?:\s*tuoi|\s*su dung|\s*lan banh)?(?![a-z])/g,
    (m) => {
      const n = Number(m[2]);
      if (n < 1 || n > 30) return false;
      out.yearMin = current - n;
      return true;
    },
  );
  if (out.yearMin && out.yearMax && out.yearMin > out.yearMax) return {};
  return out;
}
