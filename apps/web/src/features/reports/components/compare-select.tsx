/**
 * The comparison select of the filter row (issue 13 item 3): none, the previous period of the same
 * length, or the same days a year earlier (contracts report-view.ts `compareModes`). A Form control:
 * `value` undefined means none.
 */
import { type CompareMode, compareModes, reportViewText } from '@portal/contracts/report-view.ts';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n.ts';
import '../i18n-view.ts';

const NONE = 'none';

/** The compare select (`data-testid="report-compare"`). */
export function CompareSelect(props: {
  value?: CompareMode;
  onChange?: (v: CompareMode | undefined) => void;
  id?: string;
}) {
  const { t } = useTranslation('reportView');
  const lang = currentLang();
  return (
    <Select<string>
      id={props.id}
      aria-label={t('compare')}
      className="report-compare"
      data-testid="report-compare"
      value={props.value ?? NONE}
      options={[
        { value: NONE, label: t('compareNone') },
        ...compareModes.map((m) => ({ value: m, label: reportViewText[m][lang] })),
      ]}
      popupMatchSelectWidth={false}
      onChange={(v) => props.onChange?.(v === NONE ? undefined : (v as CompareMode))}
    />
  );
}
