/**
 * The custom column dialog (spec §2, §5): the ordered selection on the left (drag to reorder, remove
 * one, clear all), Dimensions (type 1) and Metrics (type 2) checkboxes with select-all on the right,
 * the count selected, Apply and Cancel. Apply needs at least one dimension and one metric.
 */
import type { StatColumn } from '@portal/contracts/reports.ts';
import { Alert, Button, Checkbox, Col, Empty, Modal, Row } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { selectionProblem } from '../lib/saved-columns.ts';
import { SortableSelection } from './sortable-selection.tsx';

type Props = {
  open: boolean;
  /** Every column the report offers, in catalogue order. */
  columns: StatColumn[];
  /** The fields displayed now, in order. */
  value: string[];
  onApply: (fields: string[]) => void;
  onCancel: () => void;
};

/** The dialog; its draft starts from `value` each time it opens. */
export function ColumnDialog(props: Props) {
  const { t } = useTranslation('reports');
  return (
    <Modal
      open={props.open}
      title={t('columns.title')}
      width={880}
      onCancel={props.onCancel}
      destroyOnHidden
      footer={null}
      data-testid="column-dialog"
    >
      {props.open ? <DialogBody {...props} /> : null}
    </Modal>
  );
}

function DialogBody(props: Props) {
  const { t } = useTranslation('reports');
  const known = new Set(props.columns.map((c) => c.field));
  const [draft, setDraft] = useState<string[]>(() => props.value.filter((f) => known.has(f)));
  const [problem, setProblem] = useState<'dimension' | 'metric' | null>(null);
  const byField = new Map(props.columns.map((c) => [c.field, c]));
  const selected = draft.map((f) => byField.get(f)).filter((c): c is StatColumn => c !== undefined);

  const update = (next: string[]) => {
    setDraft(next);
    setProblem(null);
  };
  const toggle = (field: string, on: boolean) =>
    update(on ? (draft.includes(field) ? draft : [...draft, field]) : draft.filter((f) => f !== field));
  const toggleAll = (type: 1 | 2, on: boolean) => {
    const group = props.columns.filter((c) => c.type === type).map((c) => c.field);
    update(
      on ? [...draft, ...group.filter((f) => !draft.includes(f))] : draft.filter((f) => !group.includes(f)),
    );
  };
  const apply = () => {
    const p = selectionProblem(selected);
    if (p) {
      setProblem(p);
      return;
    }
    props.onApply(selected.map((c) => c.field));
  };

  const group = (type: 1 | 2, label: string, testId: string) => {
    const fields = props.columns.filter((c) => c.type === type);
    const on = fields.filter((c) => draft.includes(c.field)).length;
    return (
      <section className="column-group" data-testid={testId}>
        <div className="column-group-head">
          <Checkbox
            checked={fields.length > 0 && on === fields.length}
            indeterminate={on > 0 && on < fields.length}
            onChange={(e) => toggleAll(type, e.target.checked)}
            data-testid={`${testId}-all`}
          >
            <strong>{label}</strong>
          </Checkbox>
          <span className="column-group-count">{t('columns.groupCount', { on, all: fields.length })}</span>
        </div>
        <div className="column-group-options">
          {fields.map((c) => (
            <Checkbox
              key={c.field}
              checked={draft.includes(c.field)}
              onChange={(e) => toggle(c.field, e.target.checked)}
              data-testid={`option-${c.field}`}
            >
              {c.title}
            </Checkbox>
          ))}
        </div>
      </section>
    );
  };

  return (
    <>
      <Row gutter={16} className="column-dialog-body">
        <Col xs={24} md={9} className="column-dialog-left">
          <div className="column-dialog-left-head">
            <span data-testid="column-count">{t('columns.count', { count: selected.length })}</span>
            <Button
              type="link"
              size="small"
              onClick={() => update([])}
              disabled={selected.length === 0}
              data-testid="column-clear"
            >
              {t('columns.clear')}
            </Button>
          </div>
          {selected.length > 0 ? (
            <SortableSelection
              items={selected.map((c) => ({ field: c.field, title: c.title }))}
              onChange={update}
              onRemove={(f) => toggle(f, false)}
            />
          ) : (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('columns.none')} />
          )}
        </Col>
        <Col xs={24} md={15}>
          {group(1, t('columns.dimensions'), 'column-dimensions')}
          {group(2, t('columns.metrics'), 'column-metrics')}
        </Col>
      </Row>
      {problem ? (
        <Alert
          type="error"
          showIcon
          title={t(problem === 'dimension' ? 'columns.needDimension' : 'columns.needMetric')}
          data-testid="column-error"
          style={{ marginTop: 12 }}
        />
      ) : null}
      <div className="column-dialog-footer">
        <Button onClick={props.onCancel} data-testid="column-cancel">
          {t('columns.cancel')}
        </Button>
        <Button type="primary" onClick={apply} data-testid="column-apply">
          {t('columns.apply')}
        </Button>
      </div>
    </>
  );
}
