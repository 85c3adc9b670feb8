/**
 * The chips under the filter bar (issue 25 item 6): one per active report filter, "App: Merge Kingdom
 * +1", named in the page's language with the same option lists the filters use; closing one clears that
 * filter and applies the change (`data-testid="filter-chip-<name>"`).
 */
import { countryLabel } from '@portal/contracts/report-labels.ts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n.ts';
import { useChannels } from '../api/use-channels.ts';
import { useGameApps } from '../api/use-game-apps.ts';
import type { FilterSpec } from '../lib/report-defs.ts';

/** The values of a filter as a list (empty when the filter is not set). */
export function activeValues(value: unknown): string[] {
  if (Array.isArray(value)) return value.map(String).filter((v) => v.trim() !== '');
  if (value === undefined || value === null) return [];
  const s = String(value).trim();
  return s === '' ? [] : [s];
}

/** "first +n" of labelled values. */
function summary(labels: string[]): string {
  return labels.length > 1 ? `${labels[0]} +${labels.length - 1}` : (labels[0] ?? '');
}

function ChannelLabels({
  spec,
  values,
}: {
  spec: Extract<FilterSpec, { type: 'channels' }>;
  values: string[];
}) {
  const channels = useChannels(spec.publisherType);
  const byValue = new Map((channels.data ?? []).map((c) => [c.app_key ?? c.value, c.app_name || c.name]));
  return <>{summary(values.map((v) => byValue.get(v) ?? v))}</>;
}

function GameAppLabels({ values }: { values: string[] }) {
  const apps = useGameApps();
  const byValue = new Map((apps.data ?? []).map((o) => [o.value, o.label]));
  return <>{summary(values.map((v) => byValue.get(v) ?? v))}</>;
}

/** The chip text of one filter's values. */
function ValueText({ spec, values }: { spec: FilterSpec; values: string[] }) {
  const { t } = useTranslation('reports');
  switch (spec.type) {
    case 'channels':
      return <ChannelLabels spec={spec} values={values} />;
    case 'gameApps':
      return <GameAppLabels values={values} />;
    case 'countries':
      return <>{summary(values.map((v) => countryLabel(v, currentLang())))}</>;
    case 'adStyle':
      return <>{summary(values.map((v) => t(`adStyle.${v}`)))}</>;
    default:
      return <>{summary(values)}</>;
  }
}

/** The chips of the active filters among `specs`; `onClear(name)` clears one. */
export function FilterChips(props: {
  specs: FilterSpec[];
  values: Record<string, unknown>;
  onClear: (name: string) => void;
}) {
  const { t } = useTranslation('reports');
  const active = props.specs.filter((s) => activeValues(props.values[s.name]).length > 0);
  if (active.length === 0) return null;
  return (
    <ul className="filter-chips" aria-label={t('filters.active')} data-testid="filter-chips">
      {active.map((spec) => (
        <li key={spec.name}>
          <Tag
            closable
            closeIcon
            onClose={(e) => {
              e.preventDefault();
              props.onClear(spec.name);
            }}
            data-testid={`filter-chip-${spec.name}`}
          >
            {t(spec.label)}: <ValueText spec={spec} values={activeValues(props.values[spec.name])} />
          </Tag>
        </li>
      ))}
    </ul>
  );
}
