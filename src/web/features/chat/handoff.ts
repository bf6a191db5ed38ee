import type { ChatCarInfo } from '@contract/chat';

/**
 * The car hand-off agreed with the car page (features/cars/chat-handoff.ts): 'Tư vấn với AI' writes
 * {carId, carName, brand, sellPrice, odo, year} as JSON to sessionStorage under CHAT_HANDOFF_KEY, then dispatches
 * CHAT_HANDOFF_EVENT on window (a CustomEvent carrying the same object). The widget reads the key on that
 * event and when it mounts, so a hand-off written before a page change or a reload is not lost.
 * Kept free of imports with a runtime cost: the widget that uses it is in every visitor's first download.
 */
export const CHAT_HANDOFF_KEY = 'chat-car-handoff';
export const CHAT_HANDOFF_EVENT = 'chat:handoff';

function isCarInfo(value: unknown): value is ChatCarInfo {
  if (!value || typeof value !== 'object') return false;
  const v = value as Record<string, unknown>;
  const num = (x: unknown) => typeof x === 'number' && Number.isFinite(x) && x >= 0;
  return (
    typeof v.carName === 'string' &&
    v.carName.trim() !== '' &&
    typeof v.brand === 'string' &&
    num(v.sellPrice) &&
    num(v.odo) &&
    num(v.year)
  );
}

/**
 * Takes the handed-over car: the stored one, else the event's detail; removes the stored key so the
 * same car is never sent twice (a second mount, a reload). Null when there is nothing valid to take.
 */
export function takeHandoff(detail?: unknown): ChatCarInfo | null {
  let stored: unknown = null;
  try {
    const raw = sessionStorage.getItem(CHAT_HANDOFF_KEY);
    if (raw !== null) {
      sessionStorage.removeItem(CHAT_HANDOFF_KEY);
      stored = JSON.parse(raw);
    }
  } catch {
    // Storage unavailable or a damaged value: fall back to the event's detail.
  }
  const car = isCarInfo(stored) ? stored : isCarInfo(detail) ? detail : null;
  if (!car) return null;
  const id = (car as { carId?: unknown }).carId;
  return {
    ...(typeof id === 'number' && Number.isInteger(id) && id > 0 ? { carId: id } : {}),
    carName: car.carName,
    brand: car.brand,
    sellPrice: car.sellPrice,
    odo: car.odo,
    year: car.year,
  };
}
