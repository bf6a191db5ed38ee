import type { AiConfig } from '../../config';
import type { Executor } from '../../db/client';
import type { WebConfigService } from '../web-config/service';
import { CarsInventoryReader, type CarsReader } from './cars-inventory';
import { type DealingSources, inventoryPort } from './port';
import { type RecordSources, readCarRecords } from './records-reader';
import { ChatbotService, createProvider } from './service';

export { chatbotRoutes } from './routes';
export { ChatbotService } from './service';

/** The advisor wired to the cars service and the web configuration, with the configured language model. */
export function buildChatbot(deps: {
  cars: CarsReader & RecordSources['cars'];
  db: Executor;
  /** The inspection report and the papers, from their modules' services. */
  records?: Pick<RecordSources, 'inspection' | 'history'>;
  /** Deposits (reservations) and the valuation engine, through their modules' public entries. */
  dealing?: DealingSources;
  webConfig: WebConfigService;
  ai: AiConfig;
  log: { info(obj: unknown, msg?: string): void; warn(obj: unknown, msg?: string): void };
}): ChatbotService {
  const sources: RecordSources = { cars: deps.cars, db: deps.db, ...deps.records };
  const port = inventoryPort(
    new CarsInventoryReader(deps.cars, deps.db),
    deps.webConfig,
    (id) => readCarRecords(sources, id),
    deps.dealing,
  );
  return new ChatbotService(port, createProvider(deps.ai), {
    timeoutMs: deps.ai.timeoutMs,
    systemMessage: async () => (await deps.webConfig.get()).systemMessage,
    log: deps.log,
  });
}
