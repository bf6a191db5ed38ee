import type { ChatCarInfo } from '@contract/chat';

/**
 * 'Tư vấn với AI' on the car page hands the car to the chat widget.
 *
 * The agreement with the chat widget (features/chatbot, mounted by the public layout):
 * - sessionStorage key `chat-car-handoff` holds JSON {carId, carName, brand, sellPrice, odo, year};
 * - then a window event `chat:handoff` is dispatched (a CustomEvent whose `detail` is the same object).
 * The widget listens for the event and also reads the key when it mounts (a handoff written before the
 * widget loaded is not lost); it opens its panel, sends the Vietnamese advice question for that car and
 * then removes the key.
 */
export const CHAT_HANDOFF_KEY = 'chat-car-handoff';
export const CHAT_HANDOFF_EVENT = 'chat:handoff';

export function handOffToChat(car: ChatCarInfo) {
  const info: ChatCarInfo = {
    carId: car.carId,
    carName: car.carName,
    brand: car.brand,
    sellPrice: car.sellPrice,
    odo: car.odo,
    year: car.year,
  };
  try {
    sessionStorage.setItem(CHAT_HANDOFF_KEY, JSON.stringify(info));
  } catch {
    // Private mode or storage full: the event below still carries the car.
  }
  window.dispatchEvent(new CustomEvent<ChatCarInfo>(CHAT_HANDOFF_EVENT, { detail: info }));
}
