/**
 * The filter form of a list page, built from a description of its fields: text and number inputs
 * (id `filter-<name>`, debounced) and selects (`data-testid`, applied at once), each labelled for
 * assistive technology, then Search (also Enter in a field) and Reset.
 */
import { Button, Form, Input, InputNumber, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterValues, ListState } from './use-list-state.ts';

type FieldBase<F> = {
  /** The filter's key in the list state (and the query parameter). */
  name: keyof F & string;
  /** Accessible name, also the placeholder unless one is given. */
  label: string;
  placeholder?: string;
  width?: number;
};

/** One filter of the form. */
export type FilterField<F> =
  | (FieldBase<F> & { kind: 'text'; id: string })
  | (FieldBase<F> & { kind: 'number'; id: string; min?: number })
  | (FieldBase<F> & {
      kind: 'select';
      testId: string;
      options: { value: number | string; label: string }[];
    });

export type FilterBarProps<F extends FilterValues> = {
  fields: FilterField<F>[];
  state: ListState<F>;
  /** Runs Search or Reset; `changed` is false when the list query stayed the same. */
  onApply: (changed: boolean) => void;
  /** Prefix of the Search / Reset test ids (`<prefix>-search`, `<prefix>-reset`). */
  testIdPrefix: string;
};

/** The filter form with Search and Reset. */
export function FilterBar<F extends FilterValues>({
  fields,
  state,
  onApply,
  testIdPrefix,
}: FilterBarProps<F>) {
  const { t } = useTranslation('common');
  const control = (field: FilterField<F>) => {
    const common = {
      'aria-label': field.label,
      placeholder: field.placeholder ?? field.label,
      style: { width: field.width ?? 180 },
    };
    const value = state.draft[field.name];
    if (field.kind === 'text')
      return (
        <Input
          {...common}
          id={field.id}
          allowClear
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => state.set(field.name, e.target.value as F[keyof F & string])}
        />
      );
    if (field.kind === 'number')
      return (
        <InputNumber<number>
          {...common}
          id={field.id}
          min={field.min}
          value={typeof value === 'number' ? value : null}
          onChange={(v) => state.set(field.name, (typeof v === 'number' ? v : null) as F[keyof F & string])}
        />
      );
    return (
      <Select
        {...common}
        data-testid={field.testId}
        allowClear
        value={value ?? undefined}
        options={field.options}
        onChange={(v) => state.set(field.name, v as F[keyof F & string], true)}
      />
    );
  };

  return (
    <Form
      layout="inline"
      role="search"
      aria-label={t('list.filters')}
      onFinish={() => onApply(state.search())}
      style={{ marginBottom: 16, rowGap: 8 }}
    >
      {fields.map((field) => (
        <Form.Item key={field.name} style={{ marginInlineEnd: 8 }}>
          {control(field)}
        </Form.Item>
      ))}
      <Form.Item style={{ marginInlineEnd: 0 }}>
        <Space size={8}>
          <Button type="primary" htmlType="submit" data-testid={`${testIdPrefix}-search`}>
            {t('list.search')}
          </Button>
          <Button data-testid={`${testIdPrefix}-reset`} onClick={() => onApply(state.reset())}>
            {t('list.reset')}
          </Button>
        </Space>
      </Form.Item>
    </Form>
  );
}
