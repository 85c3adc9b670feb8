/**
 * The bell's panel (loaded when first opened): the latest notifications with "Mark all read" and
 * "View all"; opening an entry marks it read and goes to its object.
 */
import '../i18n.ts';
import type { NotificationItem } from '@portal/contracts/notifications.ts';
import { Button, Empty, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../api/notifications-api.ts';
import { NotificationEntries } from './notification-entries.tsx';

/** Entries the panel shows. */
const PANEL_SIZE = 8;

export default function NotificationPanel({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const list = useNotificationList({ page_no: 1, page_size: PANEL_SIZE, unread: '0' });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;

  const open = (n: NotificationItem) => {
    if (!n.read) markRead.mutate(n.id);
    onClose();
    if (n.link) navigate(n.link);
  };

  return (
    <div className="notification-panel" data-testid="notification-panel">
      <Flex justify="space-between" align="center" className="notification-panel-head">
        <Typography.Text strong>{t('bell.title')}</Typography.Text>
        <Button
          size="small"
          type="link"
          disabled={unread === 0}
          loading={markAll.isPending}
          onClick={() => markAll.mutate()}
          data-testid="notification-mark-all"
        >
          {t('bell.markAllRead')}
        </Button>
      </Flex>
      <div className="notification-panel-body">
        <NotificationEntries
          compact
          items={list.data?.list ?? []}
          loading={list.isPending}
          onOpen={open}
          empty={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={
                <>
                  <div>{t('bell.empty')}</div>
                  <Typography.Text type="secondary">{t('bell.emptyHint')}</Typography.Text>
                </>
              }
            />
          }
        />
      </div>
      <div className="notification-panel-foot">
        <Link to="/account/notifications" onClick={onClose} data-testid="notification-view-all">
          {t('bell.viewAll')}
        </Link>
      </div>
    </div>
  );
}
