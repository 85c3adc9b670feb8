/**
 * /account/notifications (issue 27 item 4): every notification of the signed-in user, newest first,
 * paginated, with "unread only", mark read and mark all read (an entry opens its object); and the
 * preferences tab (`?tab=preferences`): per kind, in the portal, by e-mail or both.
 */
import '../i18n.ts';
import type { NotificationItem } from '@portal/contracts/notifications.ts';
import { Button, Card, Empty, Flex, Pagination, Switch, Tabs, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { succeed } from '@/lib/notify.ts';
import { useMarkAllRead, useMarkRead, useNotificationList } from '../api/notifications-api.ts';
import { NotificationEntries } from '../components/notification-entries.tsx';
import { PreferencesForm } from '../components/preferences-form.tsx';

const PAGE_SIZE = 20;

function NotificationList() {
  const { t } = useTranslation('notifications');
  const navigate = useNavigate();
  const [page, setPage] = useState(1);
  const [unreadOnly, setUnreadOnly] = useState(false);
  const list = useNotificationList({ page_no: page, page_size: PAGE_SIZE, unread: unreadOnly ? '1' : '0' });
  const markRead = useMarkRead();
  const markAll = useMarkAllRead();
  const unread = list.data?.unread ?? 0;
  const total = list.data?.total ?? 0;

  const open = (n: NotificationItem) => {
    if (!n.read) markRead.mutate(n.id);
    if (n.link) navigate(n.link);
  };

  return (
    <>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Flex align="center" gap={8}>
          <Switch
            size="small"
            checked={unreadOnly}
            onChange={(v) => {
              setUnreadOnly(v);
              setPage(1);
            }}
            id="notifications-unread-only"
            data-testid="notifications-unread-only"
          />
          <label htmlFor="notifications-unread-only">{t('page.unreadOnly')}</label>
          <Typography.Text type="secondary" data-testid="notifications-unread">
            {t('page.unreadCount', { count: unread })}
          </Typography.Text>
        </Flex>
        <Button
          disabled={unread === 0}
          loading={markAll.isPending}
          data-testid="notifications-mark-all"
          onClick={() => markAll.mutate(undefined, { onSuccess: () => succeed(t('page.markedAll')) })}
        >
          {t('page.markAllRead')}
        </Button>
      </Flex>
      <NotificationEntries
        items={list.data?.list ?? []}
        loading={list.isPending || (list.isFetching && list.isPlaceholderData)}
        onOpen={open}
        onMarkRead={(n) => markRead.mutate(n.id)}
        empty={<Empty description={t(unreadOnly ? 'page.emptyUnread' : 'page.empty')} />}
      />
      {total > PAGE_SIZE && (
        <Pagination
          size="small"
          align="end"
          current={page}
          pageSize={PAGE_SIZE}
          total={total}
          showSizeChanger={false}
          onChange={setPage}
          style={{ marginTop: 12 }}
        />
      )}
    </>
  );
}

export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  const [search, setSearch] = useSearchParams();
  const tab = search.get('tab') === 'preferences' ? 'preferences' : 'list';
  return (
    <Card title={t('page.title')} data-testid="notifications-page">
      <Tabs
        activeKey={tab}
        onChange={(key) => setSearch(key === 'preferences' ? { tab: key } : {}, { replace: true })}
        items={[
          { key: 'list', label: t('page.tabList'), children: <NotificationList /> },
          { key: 'preferences', label: t('page.tabPreferences'), children: <PreferencesForm /> },
        ]}
      />
    </Card>
  );
}
