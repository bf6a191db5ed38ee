import { readAmount } from './money';
import { NUMBER_WORDS, type Query } from './text';
import type { CarAttribute, CarReference, InfoTopic, Instalment, SortWish } from './types';

/** What the message asks besides constraints: showroom facts, instalments, follow-ups, references. */

export function parseInfoTopics(q: Query): InfoTopic[] {
  const f = q.folded;
  const topics: InfoTopic[] = [];
  if (
    /(dia chi|o dau|nam o|cho nao|duong nao|showroom o|cua hang o|chi nhanh|vi tri|ban do|google map|den xem xe|toi xem xe|qua xem xe|ghe xem|dia diem)/.test(
      f,
    )
  ) {
    topics.push('address');
  }
  if (
    /(so dien thoai|dien thoai|sdt|hotline|goi (?:cho|den|vao)|so de goi|lien he|lien lac|zalo|so phone|phone)/.test(
      f,
    )
  )
    topics.push('phone');
  if (
    /(gio mo cua|mo cua|dong cua|gio lam viec|lam viec|may gio|gio nao|chu nhat|cuoi tuan|ngay le|thu bay|lam den may gio)/.test(
      f,
    )
  ) {
    topics.push('hours');
  }
  if (/(email|e-mail|mail|thu dien tu)/.test(f)) topics.push('email');
  if (/(facebook|fanpage|messenger|youtube|tiktok|mang xa hoi)/.test(f)) topics.push('social');
  return topics;
}

const INSTALMENT =
  /(?<![a-z])(tra gop|mua gop|gop xe|goi vay|khoan vay|lai suat|lai vay|(?<!kiem )tra truoc|tra dan|tra cham|moi thang tra|hang thang tra|tra moi thang|tra hang thang|moi thang bao nhieu|cho vay|muon vay|vay ngan hang|vay von|vay tien|vay \d|vay bao|vay duoc|vay toi da|vay mua|vay trong|ngan hang ho tro)(?![a-z])/;

/** "trả góp", "vay", "trả trước 30%", "trả trước 300 triệu", "vay 5 năm", "trong 60 tháng". */
export function parseInstalment(q: Query): Instalment | null {
  // Folded, "vay" is also "vậy" (so): it counts as a loan only next to a loan word.
  const asks =
    INSTALMENT.test(q.folded) || (q.rawHas('vay') && /(vay|gop)/.test(q.folded) && q.raw !== q.folded);
  if (!asks) return null;
  const out: Instalment = {};
  q.take(
    /(?:tra truoc|dua truoc|co san|tra thang|dat truoc)\s*(?:khoang|tam|duoc)?\s*(\d+(?:[.,]\d+)?)\s*(%|phan tram)/g,
    (m) => {
      const r = Number(m[1].replace(',', '.')) / 100;
      if (r <= 0 || r >= 1) return false;
      out.downRatio = r;
      return true;
    },
  );
  q.take(
    /(?:tra truoc|dua truoc|co san|dat truoc)\s*(?:khoang|tam|duoc)?\s*((?:\d+(?:[.,]\d+)*|nua|mot|hai|ba|bon|nam|sau|bay|tam|chin)\s*(?:ty|ti|trieu|tr|cu|tram)(?:\s*\d{1,3})?(?:\s*(?:trieu|tr|cu))?)(?![a-z])/g,
    (m) => {
      const v = readAmount(m[1].trim());
      if (!v) return false;
      out.downPayment = v;
      return true;
    },
  );
  q.take(
    /(?:vay|gop|tra gop|trong|thoi han|ky han)\s*(?:trong\s*)?(?:vong\s*)?(\d{1,3}|mot|hai|ba|bon|nam|sau|bay|tam|chin|muoi)\s*(nam|thang)(?![a-z])/g,
    (m) => {
      const n = /^\d+$/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1]];
      const months = m[2] === 'nam' ? n * 12 : n;
      if (!(months >= 1 && months <= 240)) return false;
      out.termMonths = months;
      return true;
    },
  );
  q.take(/(?:vay)\s*(\d+(?:[.,]\d+)?)\s*(%|phan tram)/g, (m) => {
    const r = Number(m[1].replace(',', '.')) / 100;
    if (r <= 0 || r >= 1) return false;
    out.downRatio = Math.round((1 - r) * 1000) / 1000;
    return true;
  });
  return out;
}

const ORDINALS: Record<string, number> = {
  nhat: 1,
  'dau tien': 1,
  dau: 1,
  mot: 1,
  hai: 2,
  nhi: 2,
  ba: 3,
  tu: 4,
  bon: 4,
  nam: 5,
  cuoi: -1,
  'cuoi cung': -1,
};

/**
 * References to cars listed before: "xe thứ hai", "chiếc đầu tiên", "xe số 3", "xe 2", "xe cuối",
 * "hai xe đầu", "xe 1 và xe 3", and "xe này" / "xe đó" for the car being talked about.
 */
export function parseReference(q: Query): CarReference | null {
  const f = ` ${q.folded} `;
  const positions: number[] = [];
  const add = (n: number) => {
    if (!positions.includes(n)) positions.push(n);
  };
  const CAR = '(?:xe|chiec|con|em|mau|lua chon|phuong an|cai)';
  // "hai xe dau", "3 xe dau tien", "2 chiec dau"
  for (const m of f.matchAll(
    new RegExp(`(?<![a-z])(hai|ba|bon|nam|2|3|4|5)\\s*${CAR}\\s*(?:dau|dau tien|tren)(?![a-z])`, 'g'),
  )) {
    const n = /\d/.test(m[1]) ? Number(m[1]) : NUMBER_WORDS[m[1]];
    for (let i = 1; i <= n; i++) add(i);
  }
  for (const m of f.matchAll(new RegExp(`(?<![a-z])(hai|2)\\s*${CAR}\\s*(?:cuoi|sau cung)(?![a-z])`, 'g'))) {
    if (!m[0]) continue;
    add(-2);
    add(-1);
  }
  // "xe thu hai", "chiec thu 2", "xe so 3", "xe 1", "xe dau tien", "xe cuoi", "cai thu nhat"
  const ordinal = `(?:thu\\s*(nhat|nhi|hai|ba|tu|bon|nam|\\d)|so\\s*(\\d)|(\\d)(?![\\d.,]|\\s*(?:cho|nam|ty|trieu|tr|km|k\\b|nghin|van|cu))|(dau tien|dau|cuoi cung|cuoi))`;
  for (const m of f.matchAll(new RegExp(`(?<![a-z])${CAR}\\s*${ordinal}(?![a-z])`, 'g'))) {
    const word = m[1] ?? m[2] ?? m[3] ?? m[4];
    const n = /^\d$/.test(word) ? Number(word) : ORDINALS[word];
    if (n !== undefined && n !== 0) add(n);
  }
  // "so sanh xe 1 va 3", "xe 2 va 4"
  for (const m of f.matchAll(
    /(?:xe|chiec)\s*(?:so\s*)?(\d)\s*(?:va|voi|,|&)\s*(?:xe\s*|chiec\s*)?(?:so\s*)?(\d)(?![\d.,]|\s*(?:cho|nam|ty|trieu))/g,
  )) {
    add(Number(m[1]));
    add(Number(m[2]));
  }
  // "thu nhat va thu ba"
  for (const m of f.matchAll(
    /thu\s*(nhat|hai|ba|tu|nam|\d)\s*(?:va|voi)\s*(?:xe\s*|chiec\s*)?(?:thu\s*)?(nhat|hai|ba|tu|nam|\d)(?![a-z0-9])/g,
  )) {
    for (const w of [m[1], m[2]]) add(/^\d$/.test(w) ? Number(w) : ORDINALS[w]);
  }
  const current = new RegExp(
    `(?<![a-z])${CAR}\\s*(?:nay|do|kia|ay|vua roi|vua noi|vua gui|ban vua|tren|nay thi|do thi)(?![a-z])`,
  ).test(f);
  if (!positions.length && !current) return null;
  return { positions, current };
}

/** Which facts a follow-up asks about a car. */
export function parseAttributes(q: Query): CarAttribute[] {
  const f = q.folded;
  const out: CarAttribute[] = [];
  if (
    /(bao nhieu km|may km|bao nhieu cay|odo|so km|di duoc bao nhieu|chay bao nhieu|di bao nhieu|chay duoc bao nhieu|da di|chay nhieu chua|bao nhieu van)/.test(
      f,
    )
  )
    out.push('odo');
  if (
    /(gia bao nhieu|bao nhieu tien|gia the nao|gia sao|gia ca|bao tien|gia ban|muon gia|het bao nhieu|gia la|bao nhieu ty|bao nhieu trieu|may ty|may trieu|may cu)/.test(
      f,
    )
  )
    out.push('price');
  if (
    /(doi nao|doi may|nam nao|nam may|nam san xuat|sx nam|san xuat nam|doi bao nhieu|bao nhieu nam|may nam)/.test(
      f,
    )
  )
    out.push('year');
  if (/(mau gi|mau nao|mau sac|mau xe|son mau)/.test(f)) out.push('colour');
  if (
    /(xang hay dau|dau hay xang|may gi|nhien lieu|chay xang|chay dau|dong co gi|may xang|may dau|xe dien khong|co phai xe dien)/.test(
      f,
    )
  )
    out.push('fuel');
  if (/(so san hay|so tu dong|hop so|so gi|so san khong|tu dong khong|so tu dong khong)/.test(f))
    out.push('transmission');
  if (/(may cho|bao nhieu cho|may ghe|bao nhieu ghe|cho ngoi|ngoi duoc may)/.test(f)) out.push('seats');
  if (/(kieu dang|kieu xe|dang xe|loai xe gi|la suv|la sedan|gam cao khong)/.test(f)) out.push('body');
  if (
    /(chi tiet|thong tin|thong so|cu the|noi them|ke them|mo ta|the nao|ra sao|co tot khong|danh gia|tu van them|nhu the nao)/.test(
      f,
    )
  )
    out.push('all');
  return out;
}

export function parseSortWish(q: Query): SortWish | undefined {
  const f = q.folded;
  if (/(re nhat|gia thap nhat|gia re nhat|it tien nhat|mem nhat|gia re(?! hon)|gia mem(?! hon))/.test(f))
    return 'price_asc';
  if (/(dat nhat|gia cao nhat|xin nhat|cao cap nhat|sang nhat)/.test(f)) return 'price_desc';
  if (/(moi nhat|doi moi nhat|doi cao nhat|doi moi|doi cao|con moi|moi tinh|xe luot)/.test(f))
    return 'year_desc';
  if (/(it km nhat|di it nhat|odo thap nhat|chay it nhat|di it|chay it|odo thap|it km|odo it)/.test(f))
    return 'odo_asc';
  return undefined;
}

export function parseFollowUps(q: Query) {
  const f = q.folded;
  return {
    cheaper:
      /(re hon|gia thap hon|mem hon|it tien hon|tiet kiem hon|gia tot hon|thap hon chut|re chut|re xiu|re hon chut)/.test(
        f,
      ),
    pricier: /(dat hon|gia cao hon|xin hon|cao cap hon|sang hon|tot hon nua)/.test(f),
    newer: /(moi hon|doi cao hon|doi moi hon|doi sau hon)/.test(f),
    lessKm: /(it km hon|di it hon|odo thap hon|chay it hon|it hon ve km)/.test(f),
    more: /(con xe nao|con mau nao|con chiec nao|xe khac|mau khac|chiec khac|lua chon khac|them xe|them lua chon|goi y them|xem them|con nua khong|con khong|nua khong|con gi nua)/.test(
      f,
    ),
  };
}

export function parseMisc(q: Query) {
  const f = q.folded;
  const words = f.split(' ').filter(Boolean);
  return {
    testDrive: /(lai thu|chay thu|test drive|testdrive|dang ky lai|thu xe|di thu)/.test(f),
    maintenance:
      /(bao duong|bao tri|sua chua|sua xe|thay dau|thay nhot|ve sinh xe|kiem tra xe dinh ky|bao hanh)/.test(
        f,
      ),
    // Asking for a person: the chat then offers "Gặp nhân viên tư vấn".
    consulting:
      /(tu van vien|nhan vien tu van|gap (?:nhan vien|nguoi|tu van|sale|ban hang)|goi lai cho|goi lai|de lai so|nguoi tu van|goi (?:dien )?cho (?:toi|minh|em|tui|anh|chi)(?![a-z])|noi chuyen (?:voi|truc tiep)|nguoi that|tu van truc tiep|lien he (?:lai )?(?:voi )?(?:toi|minh|em|tui)(?![a-z]))/.test(
        f,
      ),
    compare:
      /(so sanh|so voi|khac nhau|nen chon xe nao|nen lay xe nao|chon xe nao|chon chiec nao|xe nao hon|xe nao tot hon|hay hon|giua)/.test(
        f,
      ),
    greeting:
      /^(xin chao|chao|hello|hi|alo|a lo|hey|chao ban|chao shop|chao em|chao anh|chao chi|shop oi|ad oi|admin oi|em oi|ban oi)(?![a-z])/.test(
        f,
      ) && words.length <= 6,
    thanks: /(cam on|thank|thanks|tks|thanks you|camon|cảm ơn)/.test(f) && words.length <= 10,
    // "mua" (buy) folds like "mưa" (rain): with accents only the unaccented word counts.
    carTalk:
      /(?<![a-z])(xe|oto|o to|tim|tu van|goi y|gia|chiec|dong xe|hang xe|doi xe|ban xe)(?![a-z])/.test(f) ||
      q.rawHas('mua'),
  };
}
