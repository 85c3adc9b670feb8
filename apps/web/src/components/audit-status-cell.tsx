/**
 * The status cell of the app and ad slot lists (spec §4): 1 (under review), 4 (rejected) and −1 are
 * a read-only badge; 2 and 3 are a dropdown offering the other one, applied after the confirm prompt
 * 'are you sure to modify the status'. Operations staff also get Approve (1 → 2) and Reject (1 → 4)
 * on items under review; Reject asks for the reason the publisher is told (reject-reason-dialog.tsx). A change that succeeded says so ('Status changed'). Every status shows as
 * a coloured badge (in the dropdown too). Labels come from the `apps` catalogue (registered by the
 * screens).
 */
import { Button, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { runChange } from './list-page/run-change.ts';
import { RejectReasonDialog } from './reject-reason-dialog.tsx';
import { StatusBadge, type StatusTone } from './status-badge.tsx';

/** Badge tones of the audit statuses: under review, active, frozen, rejected, deleted. */
const tone: Record<number, StatusTone> = {
  1: 'warning',
  2: 'success',
  3: 'neutral',
  4: 'error',
  [-1]: 'neutral',
};

export type AuditStatusCellProps = {
  /** Row id, used in the test ids. */
  id: number;
  /** Row name (app or ad slot name), for the dropdown's accessible name. */
  name: string;
  status: number;
  isOps: boolean;
  /** Applies a new status (with the reason of a rejection); rejects on failure (the request client has shown why). */
  onChange: (to: number, reason?: string) => Promise<unknown>;
};

/** The cell; `data-testid` status-<id> (select or text), approve-<id>, reject-<id>. */
export function AuditStatusCell({ id, name, status, isOps, onChange }: AuditStatusCellProps) {
  const { t } = useTranslation('apps');
  const [modal, holder] = Modal.useModal();
  const [loading, setLoading] = useState(false);
  const [rejecting, setRejecting] = useState(false);

  const apply = async (to: number, question: string) => {
    const confirmed = await modal.confirm({ title: question, okText: t('ok'), cancelText: t('cancel') });
    if (!confirmed) return;
    setLoading(true);
    await runChange(() => onChange(to), t('statusChanged'));
    setLoading(false);
  };
  const reject = async (reason: string) => {
    setLoading(true);
    const done = await runChange(() => onChange(4, reason), t('statusChanged'));
    setLoading(false);
    if (done) setRejecting(false);
    return done;
  };
  const badge = (s: number, testId?: string) => (
    <StatusBadge tone={tone[s] ?? 'neutral'} label={t(`status.${s}`)} testId={testId} />
  );

  if (status === 2 || status === 3) {
    return (
      <>
        {holder}
        <Select
          data-testid={`status-${id}`}
          aria-label={t('statusOf', { name })}
          size="small"
          style={{ minWidth: 110 }}
          variant="borderless"
          value={status}
          labelRender={({ value }) => badge(Number(value))}
          loading={loading}
          disabled={loading}
          options={[2, 3].map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(to) => void apply(to, t('confirmStatus'))}
        />
      </>
    );
  }
  return (
    <Space size={0} wrap>
      {holder}
      {badge(status, `status-${id}`)}
      {isOps && status === 1 && (
        <>
          <Button
            size="small"
            type="link"
            data-testid={`approve-${id}`}
            loading={loading}
            onClick={() => void apply(2, t('confirmApprove'))}
          >
            {t('actions.approve')}
          </Button>
          <Button
            size="small"
            type="link"
            danger
            data-testid={`reject-${id}`}
            disabled={loading}
            onClick={() => setRejecting(true)}
          >
            {t('actions.reject')}
          </Button>
          <RejectReasonDialog
            name={rejecting ? name : null}
            onCancel={() => setRejecting(false)}
            onSubmit={reject}
          />
        </>
      )}
    </Space>
  );
}
