/**
 * The navbar's bell (issue 27 item 4): the unread count on a badge (asked every minute while the page
 * is visible and when the window regains focus; no socket), and on click a panel of the latest
 * notifications (notification-panel.tsx, loaded when first opened). While signed in it also records
 * each language switch, so mails follow the language the user reads.
 */
import '../i18n.ts';
import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Popover, Spin } from 'antd';
import i18next from 'i18next';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLang } from '@/lib/i18n.ts';
import { recordLanguage, useUnreadCount } from '../api/notifications-api.ts';

const NotificationPanel = lazy(() => import('./notification-panel.tsx'));

/** Records the UI language whenever it changes while signed in (the request client says why it failed). */
function useRecordLanguage() {
  useEffect(() => {
    const onChange = () => {
      recordLanguage(currentLang()).catch(() => undefined);
    };
    i18next.on('languageChanged', onChange);
    return () => i18next.off('languageChanged', onChange);
  }, []);
}

export function NotificationBell() {
  const { t } = useTranslation('notifications');
  const unread = useUnreadCount(true);
  const [open, setOpen] = useState(false);
  useRecordLanguage();
  const count = unread.data ?? 0;

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      arrow={false}
      // On a phone the bell is not at the window's edge: slide the panel back into the window.
      align={{ overflow: { adjustX: true, shiftX: true, adjustY: true } }}
      destroyOnHidden
      styles={{ container: { padding: 0 } }}
      content={
        <Suspense
          fallback={
            <div className="notification-panel notification-panel-loading">
              <Spin />
            </div>
          }
        >
          <NotificationPanel onClose={() => setOpen(false)} />
        </Suspense>
      }
    >
      <Button
        type="text"
        className="notification-bell"
        data-testid="notification-bell"
        aria-label={count > 0 ? t('bell.labelUnread', { count }) : t('bell.label')}
        aria-haspopup="dialog"
        aria-expanded={open}
      >
        <Badge count={count} size="small" overflowCount={99} data-testid="notification-count">
          <BellOutlined className="notification-bell-icon" />
        </Badge>
      </Button>
    </Popover>
  );
}
