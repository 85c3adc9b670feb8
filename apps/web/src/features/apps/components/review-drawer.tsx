/**
 * The operations drawer (role 70, issue 4 §5–6): the review queue (apps and ad slots under review,
 * every organisation) with Approve (1 → 2) and Reject (1 → 4, asking for the reason the publisher is
 * told), and the to-do notifications that have not been delivered (no TODO_WEBHOOK_URL, or still
 * retrying).
 */
import { Button, Drawer, Empty, Space, Tabs, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Entry, EntryList } from '@/components/entry-list.tsx';
import { runChange } from '@/components/list-page/run-change.ts';
import { RejectReasonDialog } from '@/components/reject-reason-dialog.tsx';
import { useDecide, useReviewQueue, useTodoList } from '../api/ops-api.ts';

type Item = { key: string; entity: 'app' | 'adpos'; id: number; title: string; detail: string };

export function ReviewDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('apps');
  const queue = useReviewQueue(open);
  const todo = useTodoList(open);
  const decide = useDecide();
  const [rejecting, setRejecting] = useState<Item | null>(null);
  const reject = async (reason: string) => {
    if (!rejecting) return false;
    const { entity, id } = rejecting;
    const done = await runChange(
      () => decide.mutateAsync({ entity, id, audit_status: 4, reason }),
      t('statusChanged'),
    );
    if (done) setRejecting(null);
    return done;
  };

  const items: Item[] = [
    ...(queue.data?.apps ?? []).map((a) => ({
      key: `app-${a.id}`,
      entity: 'app' as const,
      id: a.id,
      title: a.app_name,
      detail: `${t('review.app')} · ${a.package_name} · ${a.publisher_name}`,
    })),
    ...(queue.data?.adpos ?? []).map((s) => ({
      key: `adpos-${s.adpos_id}`,
      entity: 'adpos' as const,
      id: s.adpos_id,
      title: s.adpos_name,
      detail: `${t('review.adpos')} · ${s.channel_name} · ${s.publisher_name}`,
    })),
  ];

  const decideButtons = (item: Item) => [
    <Button
      key="approve"
      size="small"
      type="primary"
      data-testid={`review-approve-${item.key}`}
      onClick={() => decide.mutate({ entity: item.entity, id: item.id, audit_status: 2 })}
    >
      {t('actions.approve')}
    </Button>,
    <Button
      key="reject"
      size="small"
      danger
      data-testid={`review-reject-${item.key}`}
      onClick={() => setRejecting(item)}
    >
      {t('actions.reject')}
    </Button>,
  ];

  return (
    <Drawer open={open} onClose={onClose} title={t('review.title')} size="large" data-testid="review-drawer">
      <RejectReasonDialog
        name={rejecting?.title ?? null}
        onCancel={() => setRejecting(null)}
        onSubmit={reject}
      />
      <Tabs
        items={[
          {
            key: 'queue',
            label: `${t('review.queue')} (${items.length})`,
            children: (
              <EntryList
                loading={queue.isFetching}
                items={items}
                rowKey={(item) => item.key}
                empty={<Empty description={t('review.empty')} />}
                renderItem={(item) => (
                  <Entry actions={decideButtons(item)} title={item.title} description={item.detail} />
                )}
              />
            ),
          },
          {
            key: 'todo',
            label: `${t('review.todo')} (${todo.data?.total ?? 0})`,
            children: (
              <EntryList
                loading={todo.isFetching}
                items={todo.data?.list ?? []}
                rowKey={(n) => n.id}
                empty={<Empty description={t('review.empty')} />}
                renderItem={(n) => (
                  <Entry>
                    <Space orientation="vertical" size={0}>
                      <Space>
                        <Tag>{t(`review.action.${n.action_type}`)}</Tag>
                        <Typography.Text strong>{n.name}</Typography.Text>
                        <Typography.Text type="secondary">
                          {t(n.entity === 'app' ? 'review.app' : 'review.adpos')} #{n.entity_id}
                        </Typography.Text>
                      </Space>
                      <Typography.Text type="secondary">
                        {n.from_status === null ? '' : `${t(`status.${n.from_status}`)} → `}
                        {n.to_status === null ? '' : t(`status.${n.to_status}`)} ·{' '}
                        {new Date(n.created_at).toLocaleString()}
                        {n.attempts > 0 ? ` · ${t('review.attempts', { n: n.attempts })}` : ''}
                      </Typography.Text>
                    </Space>
                  </Entry>
                )}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
