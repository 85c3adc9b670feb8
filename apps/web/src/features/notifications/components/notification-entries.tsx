/**
 * The entries of a notification list (the bell's panel and the notifications screen): title (bold
 * while unread, with a dot), body, when; opening an entry marks it read and goes to its object.
 */
import type { NotificationItem } from '@portal/contracts/notifications.ts';
import { Badge, Button, Typography } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Entry, EntryList } from '@/components/entry-list.tsx';

dayjs.extend(relativeTime);

/** "3 hours ago" within a week, else the date and time. */
export function when(iso: string): string {
  const at = dayjs(iso);
  return dayjs().diff(at, 'day') < 7 ? at.fromNow() : at.format('YYYY-MM-DD HH:mm');
}

export type NotificationEntriesProps = {
  items: NotificationItem[];
  loading: boolean;
  /** Shown when there are no items. */
  empty: ReactNode;
  /** Opens an entry (mark read, go to its link). */
  onOpen: (item: NotificationItem) => void;
  /** Marks an unread entry read without leaving (the screen's button). */
  onMarkRead?: (item: NotificationItem) => void;
  /** The bell's panel: shorter bodies. */
  compact?: boolean;
};

export function NotificationEntries({
  items,
  loading,
  empty,
  onOpen,
  onMarkRead,
  compact,
}: NotificationEntriesProps) {
  const { t } = useTranslation('notifications');
  return (
    <EntryList<NotificationItem>
      loading={loading}
      items={items}
      rowKey={(n) => n.id}
      empty={empty}
      renderItem={(n) => (
        <Entry
          className={`notification-entry${n.read ? '' : ' notification-unread'}`}
          data-testid={`notification-${n.id}`}
          actions={
            onMarkRead && !n.read
              ? [
                  <Button key="read" size="small" type="link" onClick={() => onMarkRead(n)}>
                    {t('page.markRead')}
                  </Button>,
                ]
              : undefined
          }
          title={
            <a
              href={n.link}
              className="notification-title"
              onClick={(e) => {
                e.preventDefault();
                onOpen(n);
              }}
            >
              {!n.read && <Badge status="processing" className="notification-dot" />}
              {n.title}
            </a>
          }
          description={
            <>
              <Typography.Paragraph
                type="secondary"
                ellipsis={compact ? { rows: 2 } : false}
                style={{ marginBottom: 2 }}
              >
                {n.body}
              </Typography.Paragraph>
              <Typography.Text type="secondary" className="notification-when">
                <time dateTime={n.created_at}>{when(n.created_at)}</time>
              </Typography.Text>
            </>
          }
        />
      )}
    />
  );
}
