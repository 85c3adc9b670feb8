/**
 * The status cell of the app and ad slot lists (spec §4): 1 (under review), 4 (rejected) and −1 are
 * plain text; 2 and 3 are a dropdown offering the other one, applied after the confirm prompt
 * 'are you sure to modify the status'. Operations staff also get Approve (1 → 2) and Reject (1 → 4)
 * on items under review. A change that succeeded says so ('Status changed'). Labels come from the
 * `apps` catalogue (registered by the screens).
 */
import { Button, Modal, Select, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { succeed } from '../lib/notify.ts';

export type AuditStatusCellProps = {
  /** Row id, used in the test ids. */
  id: number;
  /** Row name (app or ad slot name), for the dropdown's accessible name. */
  name: string;
  status: number;
  isOps: boolean;
  /** Applies a new status; rejects on failure (the request client has shown why). */
  onChange: (to: number) => Promise<unknown>;
};

/** The cell; `data-testid` status-<id> (select or text), approve-<id>, reject-<id>. */
export function AuditStatusCell({ id, name, status, isOps, onChange }: AuditStatusCellProps) {
  const { t } = useTranslation('apps');
  const [modal, holder] = Modal.useModal();
  const [loading, setLoading] = useState(false);

  const apply = async (to: number, question: string) => {
    const confirmed = await modal.confirm({ title: question, okText: t('ok'), cancelText: t('cancel') });
    if (!confirmed) return;
    setLoading(true);
    try {
      await onChange(to);
      succeed(t('statusChanged'));
    } catch {
      // shown by the request client
    } finally {
      setLoading(false);
    }
  };

  if (status === 2 || status === 3) {
    return (
      <>
        {holder}
        <Select
          data-testid={`status-${id}`}
          aria-label={t('statusOf', { name })}
          size="small"
          style={{ minWidth: 110 }}
          value={status}
          loading={loading}
          disabled={loading}
          options={[2, 3].map((s) => ({ value: s, label: t(`status.${s}`) }))}
          onChange={(to) => void apply(to, t('confirmStatus'))}
        />
      </>
    );
  }
  return (
    <Space size={4} wrap>
      {holder}
      <span data-testid={`status-${id}`}>{t(`status.${status}`)}</span>
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
            onClick={() => void apply(4, t('confirmReject'))}
          >
            {t('actions.reject')}
          </Button>
        </>
      )}
    </Space>
  );
}
