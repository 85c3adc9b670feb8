/**
 * Endpoints of payments (server: modules/payments/routes.ts).
 */

import { z } from 'zod';
import {
  documentItem,
  documentUpload,
  financeGrantsBody,
  paymentProfile,
  paymentProfileBody,
  paymentSummary,
  payoutItem,
  statementDetail,
  statementItem,
} from '../payments.ts';
import {
  financeGrantList,
  paymentIdParams,
  payoutExportQuery,
  statementPdfQuery,
} from '../payments-routes.ts';
import { defineEndpoint } from './define.ts';

export const paymentsEndpoints = {
  summary: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/summary',
    caller: 'session',
    data: paymentSummary,
  }),
  statements: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/statements',
    caller: 'session',
    data: z.object({ list: z.array(statementItem) }),
  }),
  statement: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/statements/:id',
    caller: 'session',
    params: paymentIdParams,
    data: statementDetail,
  }),
  statementPdf: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/statements/:id/pdf',
    caller: 'session',
    params: paymentIdParams,
    query: statementPdfQuery,
    answer: 'file',
  }),
  uploadInvoice: defineEndpoint({
    method: 'POST',
    path: '/v1/payments/statements/:id/invoice',
    caller: 'session',
    params: paymentIdParams,
    body: documentUpload,
    data: documentItem,
  }),
  payouts: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/payouts',
    caller: 'session',
    data: z.object({ list: z.array(payoutItem) }),
  }),
  payoutsExport: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/payouts/export',
    caller: 'session',
    query: payoutExportQuery,
    answer: 'file',
  }),
  profile: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/profile',
    caller: 'session',
    data: paymentProfile.nullable(),
  }),
  setProfile: defineEndpoint({
    method: 'PUT',
    path: '/v1/payments/profile',
    caller: 'session',
    body: paymentProfileBody,
    data: paymentProfile,
  }),
  documents: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/documents',
    caller: 'session',
    data: z.object({ list: z.array(documentItem) }),
  }),
  uploadDocument: defineEndpoint({
    method: 'POST',
    path: '/v1/payments/documents',
    caller: 'session',
    body: documentUpload,
    data: documentItem,
  }),
  document: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/documents/:id',
    caller: 'session',
    params: paymentIdParams,
    answer: 'file',
  }),
  financeGrants: defineEndpoint({
    method: 'GET',
    path: '/v1/payments/finance_grants',
    caller: 'session',
    data: financeGrantList,
  }),
  setFinanceGrants: defineEndpoint({
    method: 'PUT',
    path: '/v1/payments/finance_grants',
    caller: 'session',
    body: financeGrantsBody,
    data: z.null(),
  }),
};
