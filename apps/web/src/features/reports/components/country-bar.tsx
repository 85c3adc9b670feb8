/**
 * The ranked bar of a metric by country (issue 13 item 4), loaded on demand by the country panel: one
 * row per country, largest first, with its name, a bar as long as its share of the largest value and
 * the value in the report's format. Plain list elements since issue 11 (echarts drew it before): a
 * screen reader reads it as the ordered list it is, and the page loads no chart library for it.
 */
import type { FileType } from '@portal/contracts/reports.ts';
import { formatCell } from '@/lib/format.ts';

export type CountryValue = { code: string; name: string; value: number };

/** The bar (`data-testid="country-chart"`, an `<ol>` named by `title`), `height` px. */
export default function CountryBar(props: {
  items: CountryValue[];
  fileType: FileType;
  title: string;
  height: number;
}) {
  const { items, fileType, title, height } = props;
  const max = items.reduce((m, i) => Math.max(m, i.value), 0);
  return (
    <ol className="country-bar" aria-label={title} data-testid="country-chart" style={{ height }}>
      {items.map((i) => (
        <li key={i.code} className="country-bar-row">
          <span className="country-bar-name" title={i.name}>
            {i.name}
          </span>
          <span className="country-bar-track">
            <span
              className="country-bar-fill"
              style={{ width: `${max > 0 ? Math.max(0, (i.value / max) * 100) : 0}%` }}
            />
          </span>
          <span className="country-bar-value">{formatCell(fileType, i.value)}</span>
        </li>
      ))}
    </ol>
  );
}
