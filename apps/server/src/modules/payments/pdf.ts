/**
 * The statement PDF (issue 23 item 4) in the reader's language, with the CJK text embedded: pdfkit
 * with Noto Sans SC from the `@expo-google-fonts/noto-sans-sc` package (a TrueType file installed with
 * the server's dependencies, so no system font is needed); pdfkit embeds only the glyphs used.
 */
import { createRequire } from 'node:module';
import type { Lang } from '@portal/contracts/codes.ts';
import { formatUsd, type StatementDetail } from '@portal/contracts/payments.ts';

const require = createRequire(import.meta.url);
const FONT = require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf');

const t = {
  zh: {
    title: '月度账单',
    org: '组织',
    pc: '利润中心',
    month: '月份',
    status: '状态',
    app: '应用',
    impressions: '展示量',
    revenue: '收入 (USD)',
    adjustments: '调整',
    total: '合计',
    carried: '上期结转',
    payable: '应付金额',
    snapshot: '数据截至',
    rounding: '每行收入按四舍五入保留到分；合计为各行与调整之和。',
    statuses: {
      open: '未结算（预估）',
      closed: '已结算',
      confirmed: '已确认',
      invoiced: '已开票',
      paid: '已付款',
    },
    kinds: { itd_deduction: '无效流量扣除', bonus: '奖励', correction: '更正' },
    carriedOver: '低于最低付款额，结转至下月',
  },
  en: {
    title: 'Monthly statement',
    org: 'Organisation',
    pc: 'Profit centre',
    month: 'Month',
    status: 'Status',
    app: 'App',
    impressions: 'Impressions',
    revenue: 'Revenue (USD)',
    adjustments: 'Adjustments',
    total: 'Total',
    carried: 'Carried in',
    payable: 'Payable',
    snapshot: 'Facts as of',
    rounding:
      "Each line's revenue is rounded half-up to the cent; totals are the sums of the lines and adjustments.",
    statuses: {
      open: 'Open (estimate)',
      closed: 'Closed',
      confirmed: 'Confirmed',
      invoiced: 'Invoiced',
      paid: 'Paid',
    },
    kinds: { itd_deduction: 'Invalid traffic deduction', bonus: 'Bonus', correction: 'Correction' },
    carriedOver: 'Below the payment threshold: carried over to next month',
  },
};

/** The PDF of `s` in `lang`. pdfkit (~6 MB of heap with its fonts) is loaded on first use. */
export async function statementPdf(s: StatementDetail, lang: Lang): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const w = t[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 48, info: { Title: `${w.title} ${s.month}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', FONT);
  doc.font('cjk');
  const month = `${Math.floor(s.month / 100)}-${String(s.month % 100).padStart(2, '0')}`;
  doc.fontSize(18).text(`${w.title} ${month}`);
  doc.moveDown(0.5).fontSize(10);
  doc.text(`${w.org}: ${s.company_name}`);
  doc.text(`${w.pc}: ${s.profit_center_name}`);
  doc.text(`${w.status}: ${w.statuses[s.status]}`);
  doc.text(`${w.snapshot}: ${s.snapshot_at.slice(0, 16).replace('T', ' ')} UTC`);
  doc.moveDown();
  const x = [48, 300, 420];
  const row = (cells: string[], bold = false) => {
    const y = doc.y;
    doc.fontSize(bold ? 10.5 : 10);
    doc.text(cells[0] ?? '', x[0], y, { width: 240 });
    const h = doc.y;
    doc.text(cells[1] ?? '', x[1], y, { width: 110, align: 'right' });
    doc.text(cells[2] ?? '', x[2], y, { width: 125, align: 'right' });
    doc.y = Math.max(h, doc.y) + 2;
  };
  row([w.app, w.impressions, w.revenue], true);
  for (const l of s.lines)
    row([l.app_name, l.impressions.toLocaleString('en-US'), formatUsd(l.revenue_micros)]);
  doc.moveDown(0.5);
  if (s.adjustments.length > 0) {
    row([w.adjustments, '', ''], true);
    for (const a of s.adjustments)
      row([
        `${w.kinds[a.kind]}: ${lang === 'zh' ? a.reason_zh : a.reason_en}`,
        '',
        formatUsd(a.amount_micros),
      ]);
    doc.moveDown(0.5);
  }
  row([w.total, '', formatUsd(s.total_micros)], true);
  if (s.carried_in_micros !== 0) row([w.carried, '', formatUsd(s.carried_in_micros)]);
  row([w.payable, '', formatUsd(s.payable_micros)], true);
  if (s.carried_over) row([w.carriedOver, '', '']);
  doc.moveDown();
  doc.fontSize(8).text(w.rounding, x[0], doc.y, { width: 500 });
  doc.end();
  return done;
}
