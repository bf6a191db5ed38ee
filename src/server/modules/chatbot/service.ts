import { type ChatMessage, carLinks, parseCarAdviceMessage } from '../../../contract/chat';
import { CHAT_PERSON_OFFER, offersPerson } from '../../../contract/chat-handoff';
import { formatDate } from '../../../contract/format';
import { parseMessage } from '../../../contract/query';
import type { AiConfig } from '../../config';
import { type AdvisorReply, OfflineAdvisor } from './advisor/advisor';
import type { InventoryPort, ShowroomInfo } from './inventory';
import { Toolbox } from './providers/tools';
import { type LlmProvider, ProviderError } from './providers/types';

interface Log {
  info(obj: unknown, msg?: string): void;
  warn(obj: unknown, msg?: string): void;
}

export function createProvider(ai: AiConfig): LlmProvider | null {
  const { gemini, openai } = ai;
  if (ai.provider === 'gemini' && gemini)
    return lazyProvider('gemini', gemini.model, () =>
      import('./providers/gemini').then((m) => new m.GeminiProvider(gemini)),
    );
  if (ai.provider === 'openai' && openai)
    return lazyProvider('openai', openai.model, () =>
      import('./providers/openai').then((m) => new m.OpenAiProvider(openai)),
    );
  return null;
}

/**
 * The provider's SDK is loaded on the first question, not at start: the two SDKs take a few hundred
 * milliseconds to load and most showrooms run one of them or none (docs/performance.md, "Start-up").
 */
function lazyProvider(
  name: LlmProvider['name'],
  model: string,
  load: () => Promise<LlmProvider>,
): LlmProvider {
  let loaded: Promise<LlmProvider> | undefined;
  return {
    name,
    model,
    complete: async (input) => {
      loaded ??= load();
      return (await loaded).complete(input);
    },
  };
}

/** The model's instruction: the showroom's own system message, then the facts and rules it must keep to. */
export function systemInstruction(systemMessage: string, s: ShowroomInfo, now: Date): string {
  const facts = [
    `Tên showroom: ${s.name}`,
    s.address && `Địa chỉ: ${s.address}`,
    s.phone && `Điện thoại / hotline: ${s.phone}`,
    s.email && `Email: ${s.email}`,
    s.openingHours && `Giờ mở cửa: ${s.openingHours}`,
    `Hôm nay: ${formatDate(now)}`,
  ].filter(Boolean);
  return [
    systemMessage.trim(),
    '',
    'Thông tin showroom:',
    ...facts.map((f) => `- ${f}`),
    '',
    'Quy tắc:',
    '- Mọi xe, giá và số liệu phải lấy từ các công cụ (search_cars, get_car, similar_prices, showroom_info, instalment_estimate); không tự nghĩ ra xe hay giá.',
    '- Khi giới thiệu một xe, ghi đường dẫn /cars/{id} của xe đó; tối đa 5 xe mỗi câu trả lời.',
    "- Giá viết theo dạng 'X tỷ' hoặc 'X triệu'; số km viết có dấu chấm phân cách hàng nghìn.",
    '- Đặt lịch lái thử: /testdrive?carId={id}; bảo dưỡng: /maintenance; để lại thông tin tư vấn: /consulting.',
    '- Câu hỏi ngoài phạm vi mua bán, dịch vụ xe: trả lời lịch sự và mời khách gọi hotline.',
    '- Xe trạng thái "pending" là xe đang có khách đặt cọc: nói rõ như vậy (kèm thời điểm giữ xe đến, trong get_car.hold, nếu có), gợi ý xe tương tự và nút "Nhận thông báo xe mới" trên /cars; không nói là không có xe.',
    '- Khách trả giá một xe đang xem: nêu giá niêm yết, lịch sử giá (car_records) và chính sách thương lượng (showroom_info); không tự nhận lời hay từ chối mức giá, ghi lại mức giá khách đề nghị và tên xe.',
    '- Khách muốn bán xe hoặc đổi xe cũ: dùng value_car để báo giá tham khảo (hỏi thêm đời xe, số km nếu thiếu), hướng dẫn /sell-car và nút "Đổi xe cũ lấy xe này" trên trang xe.',
    '- Bảo hành hãng: chỉ nêu điều khoản thông thường trong get_car.factoryWarranty, đối chiếu đời xe và số km, và luôn nói cần kiểm tra lại với hãng; kèm bảo hành của showroom.',
    '- Không suy đoán tay nghề lái xe từ việc ai lái (vợ, chồng, phụ nữ…): chỉ khi khách nói mới lái.',
    `- Đề nghị khách gặp nhân viên khi: khách muốn gặp nhân viên hoặc được gọi lại; khách trả giá, muốn thương lượng; khách muốn bán xe hoặc đổi xe cũ; hoặc khi bạn không chắc chắn câu trả lời. Khi đó kết thúc câu trả lời bằng đúng câu sau (để khung chat hiện nút "Gặp nhân viên tư vấn"): ${CHAT_PERSON_OFFER}`,
    '- Trả lời bằng tiếng Việt, văn bản thuần (không dùng bảng hay HTML).',
  ].join('\n');
}

/** The visitor asked for a person, bargained, or is selling or trading in their car. */
function wantsPerson(history: ChatMessage[]): boolean {
  const last = history[history.length - 1]?.content ?? '';
  const p = parseMessage(last);
  // An amount is an offer only on a car already talked about; without one it is a budget.
  const carInView = history
    .slice(0, -1)
    .some((m) => carLinks(m.content).length > 0 || parseCarAdviceMessage(m.content) !== null);
  return (
    p.consulting || p.policy.includes('negotiation') || (p.offer !== null && carInView) || p.sell !== null
  );
}

export interface ChatbotOptions {
  timeoutMs: number;
  systemMessage: () => Promise<string>;
  log: Log;
  clock?: () => Date;
}

/**
 * Answers the chat: the configured language model with tools into the inventory when there is one, the
 * offline advisor otherwise and whenever the model fails, times out or cites a car its tools never gave.
 */
export class ChatbotService {
  readonly offline: OfflineAdvisor;

  constructor(
    private readonly inventory: InventoryPort,
    private readonly provider: LlmProvider | null,
    private readonly opts: ChatbotOptions,
  ) {
    this.offline = new OfflineAdvisor(inventory, opts.clock);
  }

  get providerName(): string {
    return this.provider ? `${this.provider.name}:${this.provider.model}` : 'offline';
  }

  async reply(history: ChatMessage[]): Promise<{ text: string; source: string }> {
    if (this.provider) {
      const started = Date.now();
      try {
        const text = await this.viaProvider(this.provider, history);
        this.opts.log.info(
          { provider: this.providerName, ms: Date.now() - started },
          'chatbot answered by the language model',
        );
        return { text, source: this.provider.name };
      } catch (err) {
        const reason =
          err instanceof Error && err.name === 'TimeoutError'
            ? `timeout after ${this.opts.timeoutMs} ms`
            : `${(err as Error)?.name ?? 'Error'}: ${(err as Error)?.message ?? String(err)}`;
        this.opts.log.warn(
          { provider: this.providerName, reason, ms: Date.now() - started },
          'AI provider failed; the offline advisor answers',
        );
      }
    }
    const answer: AdvisorReply = await this.offline.answer(history);
    return { text: answer.text, source: 'offline' };
  }

  private async viaProvider(provider: LlmProvider, history: ChatMessage[]): Promise<string> {
    const signal = AbortSignal.timeout(this.opts.timeoutMs);
    const tools = new Toolbox(this.inventory);
    const work = (async () => {
      const [message, showroom] = await Promise.all([this.opts.systemMessage(), this.inventory.showroom()]);
      const system = systemInstruction(message, showroom, this.opts.clock?.() ?? new Date());
      return provider.complete({ system, history, tools, signal });
    })();
    // The SDKs honour the signal; the race makes sure a stuck call still gives way at the deadline.
    const deadline = new Promise<never>((_, reject) => {
      if (signal.aborted) reject(signal.reason);
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
    });
    let text = await Promise.race([work, deadline]);
    work.catch(() => {});
    // A car link the tools never returned (nor the conversation showed) is an invented car.
    const known = new Set([...tools.seenIds, ...history.flatMap((m) => carLinks(m.content))]);
    const invented = carLinks(text).filter((id) => !known.has(id));
    if (invented.length)
      throw new ProviderError(`the model linked cars its tools did not return: ${invented.join(', ')}`);
    // A model told to offer a person may forget: the offer is added where the offline advisor makes it.
    if (wantsPerson(history) && !offersPerson(text)) text = `${text.trimEnd()}\n\n${CHAT_PERSON_OFFER}`;
    return text;
  }
}
