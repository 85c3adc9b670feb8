/** SDK report filters (spec §2): date range, app (multi), placement_id, placement_type, country (multi). */
import { AdStyle, PublisherType } from '@portal/contracts/constants.ts';
import { Button, DatePicker, Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { currentLang } from '../../../lib/i18n.ts';
import { useChannels } from '../api/use-channels.ts';
import { useCountries } from '../api/use-countries.ts';
import { isDisabledDay, type Range, rangeViolation, violationText } from '../lib/report-range.ts';

export type SdkFilterValues = {
  range: Range;
  app_key?: string[];
  placement_id?: string;
  placement_type?: number;
  country?: string[];
};

const AD_STYLES = [AdStyle.BANNER, AdStyle.INTERSTITIAL, AdStyle.NATIVE, AdStyle.REWARDED_VIDEO];

/** The filter form; `onSearch` gets valid values only (date rules checked with the contracts). */
export function SdkFilters(props: {
  initial: SdkFilterValues;
  onSearch: (values: SdkFilterValues) => void;
  onReset: () => void;
}) {
  const { t } = useTranslation('reports');
  const [form] = Form.useForm<SdkFilterValues>();
  const channels = useChannels(PublisherType.SDK);
  const countries = useCountries();
  const lang = currentLang();

  const appOptions = (channels.data ?? []).map((c) => ({
    value: c.app_key ?? c.value,
    label: c.app_name || c.name,
  }));
  const countryOptions = (countries.data ?? []).map((c) => ({
    value: c.country_code,
    label: `${c.country_name} (${c.country_code})`,
  }));

  const onReset = () => {
    form.resetFields();
    props.onReset();
  };

  return (
    <Form<SdkFilterValues>
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
              const violation = v ? rangeViolation(v) : 'format';
              return violation
                ? Promise.reject(new Error(violationText(violation, lang)))
                : Promise.resolve();
            },
          },
        ]}
      >
        <DatePicker.RangePicker
          allowClear={false}
          disabledDate={(d) => isDisabledDay(d)}
          id={{ start: 'report-date-start', end: 'report-date-end' }}
          data-testid="report-range"
          style={{ width: 272 }}
        />
      </Form.Item>
      <Form.Item label={t('filters.app')} name="app_key">
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ optionFilterProp: 'label' }}
          loading={channels.isLoading}
          options={appOptions}
          placeholder={t('filters.appPlaceholder')}
          data-testid="filter-app"
          style={{ width: 240 }}
        />
      </Form.Item>
      <Form.Item label={t('filters.placementId')} name="placement_id" normalize={(v: string) => v?.trim()}>
        <Input
          allowClear
          placeholder={t('filters.placementIdPlaceholder')}
          id="filter-placement-id"
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label={t('filters.placementType')} name="placement_type">
        <Select
          allowClear
          options={AD_STYLES.map((s) => ({ value: s, label: t(`adStyle.${s}`) }))}
          placeholder={t('filters.placementTypePlaceholder')}
          data-testid="filter-placement-type"
          style={{ width: 200 }}
        />
      </Form.Item>
      <Form.Item label={t('filters.country')} name="country">
        <Select
          mode="multiple"
          allowClear
          maxTagCount="responsive"
          showSearch={{ optionFilterProp: 'label' }}
          loading={countries.isLoading}
          options={countryOptions}
          placeholder={t('filters.countryPlaceholder')}
          data-testid="filter-country"
          style={{ width: 240 }}
        />
      </Form.Item>
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
