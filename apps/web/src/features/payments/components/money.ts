/** Money and month display of the payments screens (contracts payments.ts `formatUsd`). */
import { formatUsd } from '@portal/contracts/payments.ts';

export { formatUsd };

/** yyyyMM as yyyy-MM. */
export function monthLabel(month: number): string {
  return `${Math.floor(month / 100)}-${String(month % 100).padStart(2, '0')}`;
}

/** Colour of a statement status tag. */
export const statusColor: Record<string, string> = {
  open: 'default',
  closed: 'blue',
  confirmed: 'gold',
  invoiced: 'purple',
  paid: 'green',
};
