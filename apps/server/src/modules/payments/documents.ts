/**
 * Payment documents (issue 23 item 4): invoices (one per statement) and tax forms, PDF only, checked
 * by content (the file starts with `%PDF-`, whatever its name says), at most 10 MiB, kept in the
 * accounts store (`payment_documents.content`) so every instance serves them. Bad input answers 604
 * and stores nothing. Downloads: only the organisation's admins (and finance members) and operations.
 *
 * An invoice is accepted for a confirmed statement that is not carried over (10007 otherwise) and
 * moves it to `invoiced`; a second upload replaces nothing: it is refused (10007).
 */
import { type DocumentItem, MAX_DOCUMENT_BYTES } from '@portal/contracts/payments.ts';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { paymentDocuments, paymentStatements } from '../../db/schema/payments.ts';
import { AppError, paramError } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/audit.ts';
import { notify } from '../notifications/notify.ts';

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** The PDF bytes of an upload, or 604: not base64, empty, over 10 MiB, or not a PDF by content. */
export function pdfBytes(contentBase64: string): Buffer {
  const text = contentBase64.replace(/\s+/g, '');
  if (text.length % 4 !== 0 || !BASE64.test(text))
    throw paramError([{ field: 'content_base64', message: 'not base64' }]);
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw paramError([{ field: 'content_base64', message: 'the file is empty' }]);
  if (bytes.length > MAX_DOCUMENT_BYTES)
    throw paramError([{ field: 'content_base64', message: 'the file is larger than 10 MiB' }]);
  if (bytes.subarray(0, 5).toString('latin1') !== '%PDF-')
    throw paramError([{ field: 'content_base64', message: 'the file is not a PDF' }]);
  return bytes;
}

function item(row: typeof paymentDocuments.$inferSelect): DocumentItem {
  return {
    id: row.id,
    kind: row.kind as DocumentItem['kind'],
    statement_id: row.statement_id,
    file_name: row.file_name,
    size: row.size,
    created_at: row.created_at.toISOString(),
  };
}

/** Stores the invoice of statement `statementId` of `companyId` and marks the statement invoiced. */
export async function uploadInvoice(
  app: FastifyInstance,
  actorId: number,
  companyId: number,
  statementId: number,
  fileName: string,
  contentBase64: string,
): Promise<DocumentItem> {
  const bytes = pdfBytes(contentBase64);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(paymentStatements)
      .where(and(eq(paymentStatements.id, statementId), eq(paymentStatements.company_id, companyId)))
      .for('update');
    if (!row) throw new AppError(10008);
    if (row.status !== 'confirmed' || row.carried_over) throw new AppError(10007);
    const [doc] = await tx
      .insert(paymentDocuments)
      .values({
        company_id: companyId,
        kind: 'invoice',
        statement_id: statementId,
        file_name: fileName,
        size: bytes.length,
        content: bytes,
        uploaded_by: actorId,
        created_at: now,
      })
      .returning();
    if (!doc) throw new Error('document not stored');
    await tx
      .update(paymentStatements)
      .set({ status: 'invoiced', invoiced_at: now, updated_at: now })
      .where(eq(paymentStatements.id, statementId));
    await recordAudit(
      tx,
      {
        actorId,
        companyId,
        objectType: 'statement',
        objectId: statementId,
        action: 'invoice',
        before: { status: 'confirmed' },
        after: { status: 'invoiced', document_id: doc.id, file_name: fileName, size: bytes.length },
      },
      now,
    );
    await notify(tx, {
      kind: 'statement_invoiced',
      to: { companyId, actorId },
      params: { statement_id: statementId, month: row.month, file_name: fileName },
      now,
    });
    return item(doc);
  });
}

/** Stores a tax form of `companyId`. */
export async function uploadTaxForm(
  app: FastifyInstance,
  actorId: number,
  companyId: number,
  fileName: string,
  contentBase64: string,
): Promise<DocumentItem> {
  const bytes = pdfBytes(contentBase64);
  const now = app.now();
  return app.db.transaction(async (tx) => {
    const [doc] = await tx
      .insert(paymentDocuments)
      .values({
        company_id: companyId,
        kind: 'tax_form',
        file_name: fileName,
        size: bytes.length,
        content: bytes,
        uploaded_by: actorId,
        created_at: now,
      })
      .returning();
    if (!doc) throw new Error('document not stored');
    await recordAudit(
      tx,
      {
        actorId,
        companyId,
        objectType: 'payment_document',
        objectId: doc.id,
        action: 'upload',
        after: { kind: 'tax_form', file_name: fileName, size: bytes.length },
      },
      now,
    );
    return item(doc);
  });
}

/** Documents of `companyId` (null: every organisation's), newest first, without their content. */
export async function listDocuments(app: FastifyInstance, companyId: number | null): Promise<DocumentItem[]> {
  const rows = await app.db
    .select({
      id: paymentDocuments.id,
      company_id: paymentDocuments.company_id,
      kind: paymentDocuments.kind,
      statement_id: paymentDocuments.statement_id,
      file_name: paymentDocuments.file_name,
      size: paymentDocuments.size,
      created_at: paymentDocuments.created_at,
    })
    .from(paymentDocuments)
    .where(companyId === null ? undefined : eq(paymentDocuments.company_id, companyId))
    .orderBy(desc(paymentDocuments.id));
  return rows.map((r) => item({ ...r, content: Buffer.alloc(0), uploaded_by: null }));
}

/** One document of `companyId` (null: operations) with its bytes; 10008 when it may not see it. */
export async function readDocument(app: FastifyInstance, id: number, companyId: number | null) {
  const [row] = await app.db.select().from(paymentDocuments).where(eq(paymentDocuments.id, id));
  if (!row || (companyId !== null && row.company_id !== companyId)) throw new AppError(10008);
  return row;
}
