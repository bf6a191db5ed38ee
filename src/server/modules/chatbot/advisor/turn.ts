import type { Constraints } from '../../../../contract/query';
import type { CarSearch, InventoryPort, ShowroomInfo } from '../inventory';
import type { Conversation } from './context';

export type ReplyKind =
  | 'search'
  | 'suggest'
  | 'followup'
  | 'detail'
  | 'compare'
  | 'info'
  | 'instalment'
  | 'test_drive'
  | 'maintenance'
  | 'consulting'
  | 'handoff'
  | 'records'
  | 'policy'
  | 'negotiation'
  | 'hold'
  | 'sell'
  | 'warranty'
  | 'greeting'
  | 'thanks'
  | 'fallback';

export interface AdvisorReply {
  text: string;
  kind: ReplyKind;
  /** Ids of the cars the answer names, in order. */
  cars: number[];
  /** The constraints the answer's cars satisfy (after any relaxation). */
  search?: CarSearch;
  priceRelaxed?: boolean;
  dropped?: string[];
  /**
   * The wishes the listed cars were searched with (before any relaxation, which the list says): what
   * an answer says it kept from earlier messages is read from here, never from what it meant to apply.
   */
  applied?: Constraints;
  /** The merged wishes found nothing and the message's own wishes alone were answered. */
  alone?: boolean;
}

/**
 * One answer: the conversation, the inventory and the showroom's facts, read once. The answers
 * themselves are functions of a Turn, one file a kind (lists, one-car, showroom-answers, instalment,
 * handoff); advisor.ts routes a message to one of them.
 */
export class Turn {
  private showroomInfo: ShowroomInfo | null = null;

  constructor(
    readonly inventory: InventoryPort,
    readonly conv: Conversation,
    readonly year: number,
  ) {}

  async showroom(): Promise<ShowroomInfo> {
    this.showroomInfo ??= await this.inventory.showroom();
    return this.showroomInfo;
  }

  /** "hotline 0909 123 456" or the consulting page when no phone is configured. */
  async hotline(): Promise<string> {
    const s = await this.showroom();
    return s.phone ? `hotline ${s.phone}` : 'trang /consulting';
  }
}
