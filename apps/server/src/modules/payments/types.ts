/** The wire types of Payments the server modules share (contracts payments.ts). */
import type { balanceItem } from '@portal/contracts/payments.ts';
import type { z } from 'zod';

export type {
  PaymentSummary,
  StatementDetail,
  StatementItem,
  StatementStatus,
} from '@portal/contracts/payments.ts';
export type BalanceItemSchema = z.infer<typeof balanceItem>;
