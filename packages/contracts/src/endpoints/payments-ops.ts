/**
 * Endpoints of paymentsOps (server: modules/payments/ops-routes.ts).
 */

import { z } from 'zod';
import {
  adjustmentBody,
  closeBody,
  confirmBody,
  holdBody,
  opsStatementQuery,
  payoutBody,
  payoutImportBody,
  payoutImportResult,
  statementDetail,
  statementItem,
  termsBody,
  termsItem,
} from '../payments.ts';
import { monthCloseResult, opsPayoutList, paymentIdParams } from '../payments-routes.ts';
import { defineEndpoint } from './define.ts';

export const paymentsOpsEndpoints = {
  statements: defineEndpoint({
    method: 'GET',
    path: '/v1/ops/payments/statements',
    caller: 'session',
    query: opsStatementQuery,
    data: z.object({ list: z.array(statementItem) }),
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/v1/ops/payments/statements/:id',
    caller: 'session',
    params: paymentIdParams,
    data: statementDetail,
  }),
  closeMonth: defineEndpoint({
    method: 'POST',
    path: '/v1/ops/payments/close',
    caller: 'session',
    body: closeBody,
    data: monthCloseResult,
  }),
  addAdjustment: defineEndpoint({
    method: 'POST',
    path: '/v1/ops/payments/statements/:id/adjustments',
    caller: 'session',
    params: paymentIdParams,
    body: adjustmentBody,
    data: z.null(),
  }),
  confirm: defineEndpoint({
    method: 'POST',
    path: '/v1/ops/payments/confirm',
    caller: 'session',
    body: confirmBody,
    data: z.object({ confirmed: z.number().int() }),
  }),
  hold: defineEndpoint({
    method: 'POST',
    path: '/v1/ops/payments/statements/:id/hold',
    caller: 'session',
    params: paymentIdParams,
    body: holdBody,
    data: z.null(),
  }),
  recordPayout: defineEndpoint({
    method: 'POST',
    path: '/v1/ops/payments/payouts',
    caller: 'session',
    body: payoutBody,
    data: z.object({ recorded: z.boolean() }),
  }),
  importPayouts: defineEndpoint({
    method: 'POST',
    path: '/v1/ops/payments/payouts/import',
    caller: 'session',
    body: payoutImportBody,
    data: payoutImportResult,
  }),
  payouts: defineEndpoint({
    method: 'GET',
    path: '/v1/ops/payments/payouts',
    caller: 'session',
    data: opsPayoutList,
  }),
  terms: defineEndpoint({
    method: 'GET',
    path: '/v1/ops/payments/terms',
    caller: 'session',
    data: z.object({ list: z.array(termsItem) }),
  }),
  setTerms: defineEndpoint({
    method: 'PUT',
    path: '/v1/ops/payments/terms',
    caller: 'session',
    body: termsBody,
    data: z.null(),
  }),
};
