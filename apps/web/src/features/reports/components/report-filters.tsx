/**
 * The filter bar of every report (spec §2, issue 25 items 6–7): one row with the period preset, the
 * date range, the comparison (issue 13), "More filters", Search and Reset; the kind's filters
 * (contracts reports-*.ts) sit behind "More filters", each with a visible label, and chips under the
 * row summarise the active ones (filter-chips.tsx). The period, range and comparison name themselves
 * (their label is kept for assistive technology). Selects carry `data-testid="filter-<name>"` (SDK
 * app: `filter-app`), text inputs `id="filter-<name with dashes>"`.
 */

import { FilterOutlined } from '@ant-design/icons';
import { AdStyle } from '@portal/contracts/constants.ts';
import { Button, Form, Input, Select, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n.ts';
import { useCountries } from '@/lib/use-countries.ts';
import { useChannels } from '../api/use-channels.ts';
import { useGameApps } from '../api/use-game-apps.ts';
import type { FilterSpec, ReportDef } from '../lib/report-defs.ts';
import type { FilterValues } from '../lib/report-query.ts';
import { isDisabledDay, type Range, rangeViolation, violationText } from '../lib/report-range.ts';
import { presetToRange } from '../lib/report-view.ts';
import { CompareSelect } from './compare-select.tsx';
import { DatePresets } from './date-presets.tsx';
import { activeValues, FilterChips } from './filter-chips.tsx';
import { RangePicker } from './range-picker.tsx';

const AD_STYLES = [AdStyle.BANNER, AdStyle.INTERSTITIAL, AdStyle.NATIVE, AdStyle.REWARDED_VIDEO];

const inputId = (name: string) => `filter-${name.replaceAll('_', '-')}`;
const isSelect = (spec: FilterSpec) =>
  spec.type === 'channels' ||
  spec.type === 'gameApps' ||
  spec.type === 'countries' ||
  spec.type === 'adStyle';

/** Props Form.Item and the filter row give every filter control: the field id (the label's htmlFor) and its name. */
type FieldProps = { id?: string; 'aria-label'?: string };

type SelectProps = FieldProps & { value?: string | string[]; onChange?: (v: unknown) => void };

/** The searchable option Select every select filter uses: 176 px, clearable, tags collapse. */
function OptionSelect(
  props: SelectProps & {
    multiple: boolean;
    loading: boolean;
    options: { value: string; label: string }[];
    placeholder: string;
    testId: string;
  },
) {
  return (
    <Select
      mode={props.multiple ? 'multiple' : undefined}
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      loading={props.loading}
      options={props.options}
      placeholder={props.placeholder}
      data-testid={props.testId}
      id={props.id}
      aria-label={props['aria-label']}
      style={{ width: 176 }}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

function ChannelSelect(props: SelectProps & { spec: Extract<FilterSpec, { type: 'channels' }> }) {
  const { t } = useTranslation('reports');
  const channels = useChannels(props.spec.publisherType);
  const options = (channels.data ?? []).map((c) => ({
    value: c.app_key ?? c.value,
    label: c.app_name || c.name,
  }));
  return (
    <OptionSelect
      {...props}
      multiple={Boolean(props.spec.multiple)}
      loading={channels.isLoading}
      options={options}
      placeholder={t(`${props.spec.label}Placeholder`)}
      testId={props.spec.testId ?? `filter-${props.spec.name}`}
    />
  );
}

function GameAppSelect(props: SelectProps & { name: string }) {
  const { t } = useTranslation('reports');
  const apps = useGameApps();
  return (
    <OptionSelect
      {...props}
      multiple
      loading={apps.isLoading}
      options={apps.data ?? []}
      placeholder={t('filters.appPlaceholder')}
      testId={`filter-${props.name}`}
    />
  );
}

function CountrySelect(props: SelectProps & { testId: string }) {
  const { t } = useTranslation('reports');
  const countries = useCountries();
  const options = (countries.data ?? []).map((c) => ({
    value: c.country_code,
    label: `${c.country_name} (${c.country_code})`,
  }));
  return (
    <OptionSelect
      {...props}
      multiple
      loading={countries.isLoading}
      options={options}
      placeholder={t('filters.countryPlaceholder')}
      testId={props.testId}
    />
  );
}

/**
 * The control of one filter. Form.Item passes the field id (its label's htmlFor) down; the Selects put
 * it on their combobox input and also carry the label as aria-label; text inputs keep their own id,
 * which the Form.Item's htmlFor names (see ReportFilters).
 */
function control(spec: FilterSpec, t: (k: string) => string): ReactNode {
  const label = t(spec.label);
  switch (spec.type) {
    case 'channels':
      return <ChannelSelect spec={spec} aria-label={label} />;
    case 'gameApps':
      return <GameAppSelect name={spec.name} aria-label={label} />;
    case 'countries':
      return (
        <CountrySelect
          testId={spec.testId ?? `filter-${spec.name === 'geo' ? 'geo' : 'country'}`}
          aria-label={label}
        />
      );
    case 'adStyle':
      return (
        <Select
          allowClear
          aria-label={label}
          options={AD_STYLES.map((s) => ({ value: s, label: t(`adStyle.${s}`) }))}
          placeholder={t('filters.placementTypePlaceholder')}
          data-testid={`filter-${spec.name === 'placement_type' ? 'placement-type' : spec.name}`}
          style={{ width: 136 }}
        />
      );
    default:
      return (
        <Input
          allowClear
          placeholder={t(spec.list ? 'filters.listPlaceholder' : `${spec.label}Placeholder`)}
          id={inputId(spec.name)}
          style={{ width: spec.list ? 176 : 168 }}
        />
      );
  }
}

/** The filter form; `onSearch` gets valid values only (date rules checked with the contracts). */
export function ReportFilters(props: {
  def: ReportDef;
  initial: FilterValues;
  onSearch: (values: FilterValues) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('reports');
  const [form] = Form.useForm<FilterValues>();
  const lang = currentLang();
  const { earliest } = props.def;
  const [more, setMore] = useState(false);
  const values = Form.useWatch([], form) ?? props.initial;
  const activeCount = props.def.filters.filter((s) => activeValues(values?.[s.name]).length > 0).length;
  const clearFilter = (name: string) => {
    form.setFieldValue(name, undefined);
    form.submit();
  };

  const onReset = () => {
    form.resetFields();
    props.onReset();
  };
  // A preset sets the dates and applies at once, as does a comparison; dates picked by hand make the
  // period "custom" until Search (issue 13 items 2–3).
  const onValuesChange = (changed: Partial<FilterValues>) => {
    if ('preset' in changed && changed.preset) {
      const range = presetToRange(changed.preset, earliest, undefined, props.def.kind);
      if (range) form.setFieldValue('range', range);
      form.submit();
    } else if ('range' in changed) form.setFieldValue('preset', undefined);
    else if ('compare' in changed) form.submit();
  };

  return (
    <Form<FilterValues>
      form={form}
      className="report-filters"
      initialValues={props.initial}
      onFinish={props.onSearch}
      onValuesChange={onValuesChange}
      layout="inline"
    >
      <div className="report-filter-row">
        <Form.Item name="preset">
          <DatePresets earliest={earliest} kind={props.def.kind} />
        </Form.Item>
        <Form.Item
          label={t('filters.date')}
          name="range"
          rules={[
            {
              validator: (_, v: Range | null) => {
                const violation = v ? rangeViolation(v, earliest, undefined, props.def.kind) : 'format';
                return violation
                  ? Promise.reject(new Error(violationText(violation, lang, earliest)))
                  : Promise.resolve();
              },
            },
          ]}
        >
          <RangePicker
            allowClear={false}
            disabledDate={(d) => isDisabledDay(d, earliest, undefined, props.def.kind)}
            id={{ start: 'report-date-start', end: 'report-date-end' }}
            data-testid="report-range"
            width={240}
            label={t('filters.date')}
          />
        </Form.Item>
        <Form.Item name="compare">
          <CompareSelect />
        </Form.Item>
        {props.def.filters.length > 0 ? (
          <Button
            icon={<FilterOutlined />}
            aria-expanded={more}
            aria-controls="report-more-filters"
            data-testid="report-more-filters"
            onClick={() => setMore((m) => !m)}
          >
            {activeCount > 0 ? t('filters.moreCount', { count: activeCount }) : t('filters.more')}
          </Button>
        ) : null}
        <Space>
          <Button type="primary" htmlType="submit" data-testid="report-search">
            {t('filters.search')}
          </Button>
          <Button onClick={onReset} data-testid="report-reset">
            {t('filters.reset')}
          </Button>
        </Space>
      </div>
      {/* Mounted while hidden, so the form keeps every value (issue 25 item 6). */}
      <div
        id="report-more-filters"
        className="report-more-filters"
        hidden={!more}
        data-testid="report-filter-panel"
      >
        {props.def.filters.map((spec) => (
          <Form.Item
            key={spec.name}
            className="report-filter-labelled"
            label={t(spec.label)}
            name={spec.name}
            htmlFor={isSelect(spec) ? undefined : inputId(spec.name)}
          >
            {control(spec, t)}
          </Form.Item>
        ))}
      </div>
      <FilterChips specs={props.def.filters} values={values ?? {}} onClear={clearFilter} />
    </Form>
  );
}
