import { formatDateTime } from '../../../../contract/format';
import type { Constraints } from '../../../../contract/query';
import { reservationsOpen } from '../../../../contract/reservation-labels';
import { compactFold } from '../../../../contract/text';
import type { AdvisorCar, CarDetails } from '../inventory';
import { carEntry, carRef, reasonsFor } from './render';
import { toSearch } from './search';
import type { AdvisorReply, Turn } from './turn';

/**
 * A car on hold ("Đang giao dịch") cannot be bought today, but it is not "no such car": it is named as
 * held ("đang có khách đặt cọc"), with when it may come back on sale (the deposit's deadline or the end
 * of the paid hold, read from the reservations module), similar cars on sale, and the e-mail alert.
 */

/** Held cars named in one answer at most. */
const HELD_SHOWN = 2;
/** Similar cars offered beside a held one. */
const SIMILAR_SHOWN = 3;

/** "Xe … đang có khách đặt cọc: …" with when it may come back, from the car's open deposit. */
export async function heldLine(t: Turn, car: AdvisorCar): Promise<string> {
  const hold = await t.inventory.carHold(car.id);
  const name = `Xe ${carRef(car)} (đời ${car.year})`;
  if (!hold)
    return `${name} đang có khách đặt cọc, đang làm thủ tục ("Đang giao dịch"); showroom chưa công bố thời điểm xe có thể mở bán lại.`;
  if (!hold.paid && hold.until)
    return `${name} đang có khách đặt cọc: khách có hạn chuyển tiền cọc đến ${formatDateTime(hold.until)}; nếu khách không chuyển, xe mở bán lại sau thời điểm đó.`;
  if (hold.until)
    return `${name} đang có khách đặt cọc (đã nhận tiền cọc), xe được giữ cho khách đến ${formatDateTime(hold.until)}; nếu giao dịch không hoàn tất, xe có thể mở bán lại sau thời điểm đó.`;
  return `${name} đang có khách đặt cọc (đã nhận tiền cọc) và đang chờ làm hợp đồng.`;
}

/** "Nhận thông báo xe mới" on the list of that model: an e-mail when such a car comes in. */
export function alertLine(car: Pick<AdvisorCar, 'brand' | 'model'>): string {
  const query = `brand=${encodeURIComponent(car.brand)}&carName=${encodeURIComponent(car.model)}`;
  return (
    `Muốn nhận email khi có xe ${car.brand} ${car.model} mới về, bạn mở /cars?${query} và bấm "Nhận thông báo xe mới"; ` +
    'muốn được báo ngay khi xe này mở bán lại, bấm "Gặp nhân viên tư vấn" để lại số điện thoại.'
  );
}

/** Cars on hold that meet every wish exactly (asked for when none on sale does). */
export async function heldMatches(t: Turn, c: Constraints): Promise<AdvisorCar[]> {
  return t.inventory.searchCars({ ...toSearch(c), statuses: ['pending'], limit: HELD_SHOWN });
}

/** Cars on sale like this one: the same model first, then the same body type at about its price. */
export async function similarOnSale(t: Turn, car: AdvisorCar): Promise<AdvisorCar[]> {
  const sameModel = await t.inventory.searchCars({
    ...toSearch({
      models: [{ brand: car.brand, model: car.model, key: '', keys: [compactFold(car.model)] }],
    }),
    excludeIds: [car.id],
    limit: SIMILAR_SHOWN,
  });
  if (sameModel.length >= SIMILAR_SHOWN) return sameModel;
  const near = await t.inventory.searchCars({
    bodyTypes: [car.bodyType],
    priceMin: Math.round(car.sellPrice * 0.8),
    priceMax: Math.round(car.sellPrice * 1.2),
    nearPrice: car.sellPrice,
    excludeIds: [car.id, ...sameModel.map((c) => c.id)],
    limit: SIMILAR_SHOWN - sameModel.length,
  });
  return [...sameModel, ...near];
}

/** "Xe đó có ai đặt cọc chưa?", "xe này còn không": the status of the car in hand, in words. */
export async function holdAnswer(t: Turn, car: CarDetails): Promise<AdvisorReply> {
  if (car.status === 'available') {
    const open = reservationsOpen((await t.showroom()).reservations);
    return {
      kind: 'hold',
      text:
        `Xe ${carRef(car)} (đời ${car.year}) hiện chưa có khách nào đặt cọc, vẫn đang bán. ` +
        (open
          ? 'Muốn giữ xe, bạn bấm "Đặt cọc giữ xe" trên trang xe, để lại họ tên, số điện thoại, email rồi quét mã VietQR.'
          : `Muốn giữ xe, bạn liên hệ ${await t.hotline()} (showroom chưa nhận "Đặt cọc giữ xe" trực tuyến).`),
      cars: [car.id],
    };
  }
  const head =
    car.status === 'sold' ? `Xe ${carRef(car)} (đời ${car.year}) đã được bán.` : await heldLine(t, car);
  const similar = await similarOnSale(t, car);
  const lines = [head];
  if (similar.length)
    lines.push(
      '',
      `Các xe tương tự đang bán:`,
      '',
      similar.map((x, i) => carEntry(i + 1, x, reasonsFor(x, {}, t.year))).join('\n\n'),
    );
  lines.push('', alertLine(car));
  return { kind: 'hold', text: lines.join('\n'), cars: [car.id, ...similar.map((x) => x.id)] };
}
