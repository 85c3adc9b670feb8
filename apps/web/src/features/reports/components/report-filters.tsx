/**
 * The filter row of every report (spec §2): the date range, the kind's filters (contracts
 * reports-*.ts), Search and Reset. Selects carry `data-testid="filter-<name>"` (SDK app:
 * `filter-app`), text inputs `id="filter-<name with dashes>"`.
 */
import { AdStyle } from '@portal/contracts/constants.ts';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/i18n.ts';
import { useChannels } from '../api/use-channels.ts';
import { useCountries } from '../api/use-countries.ts';
import { useGameApps } from '../api/use-game-apps.ts';
import type { FilterSpec, ReportDef } from '../lib/report-defs.ts';
import type { FilterValues } from '../lib/report-query.ts';
import { isDisabledDay, type Range, rangeViolation, violationText } from '../lib/report-range.ts';

const AD_STYLES = [AdStyle.BANNER, AdStyle.INTERSTITIAL, AdStyle.NATIVE, AdStyle.REWARDED_VIDEO];

const inputId = (name: string) => `filter-${name.replaceAll('_', '-')}`;

function ChannelSelect(props: {
  spec: Extract<FilterSpec, { type: 'channels' }>;
  value?: string | string[];
  onChange?: (v: unknown) => void;
}) {
  const { t } = useTranslation('reports');
  const channels = useChannels(props.spec.publisherType);
  const options = (channels.data ?? []).map((c) => ({
    value: c.app_key ?? c.value,
    label: c.app_name || c.name,
  }));
  return (
    <Select
      mode={props.spec.multiple ? 'multiple' : undefined}
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      loading={channels.isLoading}
      options={options}
      placeholder={t(`${props.spec.label}Placeholder`)}
      data-testid={props.spec.testId ?? `filter-${props.spec.name}`}
      style={{ width: 240 }}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

function GameAppSelect(props: { name: string; value?: string[]; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation('reports');
  const apps = useGameApps();
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      loading={apps.isLoading}
      options={apps.data ?? []}
      placeholder={t('filters.appPlaceholder')}
      data-testid={`filter-${props.name}`}
      style={{ width: 240 }}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

function CountrySelect(props: { testId: string; value?: string[]; onChange?: (v: unknown) => void }) {
  const { t } = useTranslation('reports');
  const countries = useCountries();
  const options = (countries.data ?? []).map((c) => ({
    value: c.country_code,
    label: `${c.country_name} (${c.country_code})`,
  }));
  return (
    <Select
      mode="multiple"
      allowClear
      maxTagCount="responsive"
      showSearch={{ optionFilterProp: 'label' }}
      loading={countries.isLoading}
      options={options}
      placeholder={t('filters.countryPlaceholder')}
      data-testid={props.testId}
      style={{ width: 240 }}
      value={props.value}
      onChange={props.onChange}
    />
  );
}

function control(spec: FilterSpec, t: (k: string) => string): ReactNode {
  switch (spec.type) {
    case 'channels':
      return <ChannelSelect spec={spec} />;
    case 'gameApps':
      return <GameAppSelect name={spec.name} />;
    case 'countries':
      return <CountrySelect testId={spec.testId ?? `filter-${spec.name === 'geo' ? 'geo' : 'country'}`} />;
    case 'adStyle':
      return (
        <Select
          allowClear
          options={AD_STYLES.map((s) => ({ value: s, label: t(`adStyle.${s}`) }))}
          placeholder={t('filters.placementTypePlaceholder')}
          data-testid={`filter-${spec.name === 'placement_type' ? 'placement-type' : spec.name}`}
          style={{ width: 200 }}
        />
      );
    default:
      return (
        <Input
          allowClear
          placeholder={t(spec.list ? 'filters.listPlaceholder' : `${spec.label}Placeholder`)}
          id={inputId(spec.name)}
          style={{ width: spec.list ? 220 : 200 }}
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

  const onReset = () => {
    form.resetFields();
    props.onReset();
  };

  return (
    <Form<FilterValues>
      form={form}
      className="report-filters"
      initialValues={props.initial}
      onFinish={props.onSearch}
      layout="inline"
    >
      <Form.Item
        label={t('filters.date')}
        name="range"
        rules={[
          {
            validator: (_, v: Range | null) => {
              const violation = v ? rangeViolation(v, earliest) : 'format';
              return violation
                ? Promise.reject(new Error(violationText(violation, lang, earliest)))
                : Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          allowClear={false}
          disabledDate={(d) => isDisabledDay(d, earliest)}
          id={{ start: 'report-date-start', end: 'report-date-end' }}
          data-testid="report-range"
          style={{ width: 272 }}
        />
      </Form.Item>
      {props.def.filters.map((spec) => (
        <Form.Item key={spec.name} label={t(spec.label)} name={spec.name}>
          {control(spec, t)}
        </Form.Item>
      ))}
      <Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" data-testid="report-search">
            {t('filters.search')}
          </Button>
          <Button onClick={onReset} data-testid="report-reset">
            {t('filters.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
