import { CHAT_PERSON_OFFER } from '../../../../contract/chat-handoff';
import type { InfoTopic } from '../../../../contract/query';
import type { CarDetails } from '../inventory';
import { statusNote } from './one-car';
import { carRef } from './render';
import type { AdvisorReply, Turn } from './turn';

/** Answers from the showroom's own facts: address and hours, and where to book a test drive, a service or advice. */

export async function infoText(t: Turn, topics: InfoTopic[]): Promise<string> {
  const s = await t.showroom();
  const lines: string[] = [];
  const missing = (what: string) =>
    `Showroom chưa cập nhật ${what} trên website; bạn vui lòng liên hệ qua ${s.phone ? `hotline ${s.phone}` : s.email ? `email ${s.email}` : 'trang /consulting'}.`;
  for (const t of topics) {
    if (t === 'address')
      lines.push(s.address ? `Địa chỉ showroom ${s.name}: ${s.address}.` : missing('địa chỉ'));
    if (t === 'phone') {
      lines.push(s.phone ? `Số điện thoại / hotline: ${s.phone}.` : missing('số điện thoại'));
      if (s.zaloUrl) lines.push(`Zalo: ${s.zaloUrl}`);
    }
    if (t === 'hours') lines.push(s.openingHours ? `Giờ mở cửa: ${s.openingHours}.` : missing('giờ mở cửa'));
    if (t === 'email') lines.push(s.email ? `Email: ${s.email}.` : missing('email'));
    if (t === 'social') {
      const links = [
        s.facebookUrl && `Facebook: ${s.facebookUrl}`,
        s.messengerUrl && `Messenger: ${s.messengerUrl}`,
        s.zaloUrl && `Zalo: ${s.zaloUrl}`,
      ].filter(Boolean);
      lines.push(links.length ? links.join('\n') : missing('trang mạng xã hội'));
    }
  }
  return [...new Set(lines)].join('\n');
}

export async function testDriveAnswer(t: Turn, referenced: CarDetails[]): Promise<AdvisorReply> {
  const s = await t.showroom();
  const hours = s.openingHours ? ` Showroom mở cửa ${s.openingHours}.` : '';
  const car = referenced[0];
  if (car) {
    return {
      kind: 'test_drive',
      text:
        `Bạn đăng ký lái thử xe ${carRef(car)} (đời ${car.year}) tại /testdrive?carId=${car.id}: điền họ tên, số điện thoại và thời gian mong muốn, ` +
        `nhân viên sẽ gọi lại xác nhận lịch.${hours} Cần hỗ trợ nhanh, gọi ${await t.hotline()}.${statusNote(car)}`,
      cars: [car.id],
    };
  }
  return {
    kind: 'test_drive',
    text:
      'Bạn đăng ký lái thử tại /testdrive: chọn xe muốn lái thử, điền họ tên, số điện thoại và thời gian mong muốn, nhân viên sẽ gọi lại xác nhận lịch. ' +
      `Trên trang chi tiết mỗi xe (/cars) cũng có nút đăng ký lái thử xe đó.${hours} Cần hỗ trợ nhanh, gọi ${await t.hotline()}.`,
    cars: [],
  };
}

export async function maintenanceAnswer(t: Turn): Promise<AdvisorReply> {
  const s = await t.showroom();
  const hours = s.openingHours ? ` Giờ làm việc: ${s.openingHours}.` : '';
  return {
    kind: 'maintenance',
    text:
      'Bạn đặt lịch bảo dưỡng tại /maintenance: điền thông tin xe, dịch vụ cần làm và thời gian mong muốn, showroom sẽ liên hệ xác nhận.' +
      `${hours} Cần tư vấn thêm, gọi ${await t.hotline()}.`,
    cars: [],
  };
}

/** A visitor who asks for a person: the chat's "Gặp nhân viên tư vấn", the hotline, or the consulting form. */
export async function consultingAnswer(t: Turn): Promise<AdvisorReply> {
  return {
    kind: 'consulting',
    text:
      `Mình sẽ chuyển bạn đến nhân viên tư vấn của showroom. ${CHAT_PERSON_OFFER} ` +
      `Cần gấp, bạn gọi ngay ${await t.hotline()}; hoặc để lại lời nhắn chi tiết tại /consulting.`,
    cars: [],
  };
}

export async function fallbackAnswer(t: Turn): Promise<AdvisorReply> {
  return {
    kind: 'fallback',
    text:
      'Xin lỗi, câu hỏi này nằm ngoài những gì mình có thể trả lời chính xác. Mình có thể giúp bạn tìm xe theo ngân sách, hãng, kiểu dáng, ' +
      `số chỗ, nhiên liệu; so sánh xe; ước tính trả góp; hoặc hướng dẫn đặt lịch lái thử, bảo dưỡng. Để được hỗ trợ trực tiếp, bạn vui lòng gọi ${await t.hotline()}.`,
    cars: [],
  };
}
